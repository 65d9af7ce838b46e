import { Suspense } from "react";
import { TaskDrawer } from "../../components/task-drawer";

// /tasks/{id} reached from the table: the task in a drawer over the list, with its own URL.
export default async function TaskDrawerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <TaskDrawer id={id} />
    </Suspense>
  );
}
