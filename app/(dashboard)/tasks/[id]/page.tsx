import type { Metadata } from "next";
import { Suspense } from "react";
import { TaskDetail } from "../components/task-detail";

export const metadata: Metadata = { title: "Task" };

// /tasks/{id} opened directly (a shared link, a reload): the task as a page of its own.
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <main className="mx-auto max-w-4xl p-4">
      <Suspense>
        <TaskDetail id={id} headingLevel="h1" />
      </Suspense>
    </main>
  );
}
