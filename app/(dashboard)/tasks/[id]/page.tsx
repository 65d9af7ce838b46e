import type { Metadata } from "next";
import { Suspense } from "react";
import { decodePathSegment } from "@/lib/path-segment";
import { TaskDetail } from "../components/task-detail";

export const metadata: Metadata = { title: "Task" };

// /tasks/{id} opened directly (a shared link, a reload): the task as a page of its own.
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodePathSegment((await params).id);
  return (
    <main className="mx-auto max-w-4xl p-4">
      <Suspense>
        <TaskDetail id={id} headingLevel="h1" />
      </Suspense>
    </main>
  );
}
