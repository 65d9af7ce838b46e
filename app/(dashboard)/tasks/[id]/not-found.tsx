import { StatusPage } from "@/components/status-page";

// /tasks/{id} for a task the service does not have (answered 404), in the signed-in layout.
export default function TaskNotFound() {
  return (
    <StatusPage title="No task has this id">
      <p>
        The task service has no task with the id in this address. The link may be mistyped or cut short;
        search the tasks by MVA or vehicle instead.
      </p>
    </StatusPage>
  );
}
