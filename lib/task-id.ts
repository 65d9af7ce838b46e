// The shape of the service's task ids. Only such an id is ever sent to the service (percent-encoded),
// so no path trick passes through; anything else cannot name a task.
const TASK_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isTaskId(id: string): boolean {
  return TASK_ID.test(id);
}
