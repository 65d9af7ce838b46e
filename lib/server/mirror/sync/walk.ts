import "server-only";
import type { Task } from "../../upstream";
import type { PlannedWalk, SliceState } from "./plan";

// Walks the service's /v1/tasks over [from, to) oldest first, and hands each slice over as soon
// as the walk has passed its end: tasks come in started_at order, so once a page ends at t,
// every slice ending at or before t is complete. A walk that fails or is aborted hands over
// nothing more: the slice it was in keeps what it had.

export interface TaskPageSource {
  listTasks(query: { from: string; to: string; cursor: string | undefined }): Promise<{
    data: Task[];
    next_cursor: string | null;
  }>;
}

export async function walkSlices(
  source: TaskPageSource,
  walk: PlannedWalk,
  apply: (slice: SliceState, tasks: Task[]) => Promise<void>,
): Promise<void> {
  const pending = [...walk.slices];
  let held: Task[] = [];
  const handOverUntil = async (passed: number) => {
    while (pending[0] && pending[0].endsAt <= passed) {
      const slice = pending.shift()!;
      const inside = (task: Task) => Date.parse(task.started_at) < slice.endsAt;
      await apply(
        slice,
        held.filter((task) => inside(task) && Date.parse(task.started_at) >= slice.startsAt),
      );
      held = held.filter((task) => !inside(task));
    }
  };
  const query = { from: new Date(walk.from).toISOString(), to: new Date(walk.to).toISOString() };
  let cursor: string | undefined;
  do {
    const page = await source.listTasks({ ...query, cursor });
    held.push(...page.data);
    const last = page.data.at(-1);
    if (last) await handOverUntil(Date.parse(last.started_at));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  await handOverUntil(Number.POSITIVE_INFINITY);
}
