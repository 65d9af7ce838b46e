import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { decodePathSegment } from "@/lib/path-segment";
import { dashboardBackend, pageSession, taskExistence } from "@/lib/server/bff";
import { TaskDetail } from "../components/task-detail";

export const metadata: Metadata = { title: "Task" };

// /tasks/{id} opened directly (a shared link, a reload): the task as a page of its own, or a 404
// for a task the service does not have, or that is at a location the reader may not see.
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodePathSegment((await params).id);
  const staff = await pageSession();
  if (!staff || (await taskExistence(await dashboardBackend(), id, staff)) === "not_found") notFound();
  return (
    <main className="mx-auto max-w-4xl p-4">
      <Suspense>
        <TaskDetail id={id} headingLevel="h1" />
      </Suspense>
    </main>
  );
}
