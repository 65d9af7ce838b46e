import { StatusPage } from "@/components/status-page";

// /tasks/{id} for a task the service does not have, or one at a location the reader may not see
// (answered 404 alike), in the signed-in layout.
export default function TaskNotFound() {
  return (
    <StatusPage title="No task has this id">
      <p>
        No task you may see has the id in this address. The link may be mistyped or cut short, or the task is
        at a location outside yours; search the tasks by MVA or vehicle instead.
      </p>
    </StatusPage>
  );
}
