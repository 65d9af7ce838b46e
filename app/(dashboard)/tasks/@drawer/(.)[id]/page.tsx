import { Suspense } from "react";
import { decodePathSegment } from "@/lib/path-segment";
import { TaskDrawer } from "../../components/task-drawer";

// /tasks/{id} reached from the table: the task in a drawer over the list, with its own URL.
export default async function TaskDrawerPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodePathSegment((await params).id);
  return (
    <Suspense>
      <TaskDrawer id={id} />
    </Suspense>
  );
}
