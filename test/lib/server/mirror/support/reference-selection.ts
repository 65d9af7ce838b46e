import type {
  MirrorFilters,
  MirrorTaskQuery,
  SortKey,
  SortTerm,
} from "@/lib/server/mirror/read/mirror-task-query";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";

// The mirror's answers computed in plain TypeScript over the same rows: what every SQL read is
// checked against. Text compares as the "C" collation does (UTF-8 bytes); q ignores case in any
// script, as a person expects.

const SURROGATE = /[\uD800-\uDFFF]/;

export function compareBytes(a: string, b: string): number {
  // UTF-8's byte order is the order of code points, which is JavaScript's own order of UTF-16 code
  // units wherever no surrogate pair stands for a code point above U+FFFF: the sorts of the checks
  // compare most strings without encoding them.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

export function searchText(task: Task): string {
  return [task.id, task.mva, task.vehicle_id, task.vin ?? "", task.task_type, task.location.name]
    .join("\n")
    .toLowerCase();
}

export function matches(task: Task, filters: MirrorFilters): boolean {
  if (task.started_at < filters.from || task.started_at >= filters.to) return false;
  const { lists } = filters;
  if (lists.location_id && !lists.location_id.includes(task.location.id)) return false;
  if (lists.task_type && !lists.task_type.includes(task.task_type)) return false;
  if (lists.status && !lists.status.includes(task.status)) return false;
  if (lists.mva && !lists.mva.includes(task.mva)) return false;
  if (lists.vehicle_id && !lists.vehicle_id.includes(task.vehicle_id)) return false;
  return filters.q === undefined || searchText(task).includes(filters.q.toLowerCase());
}

function sortValue(task: Task, sort: SortKey): string | number {
  return sort === "location" ? task.location.name : task[sort];
}

function compareValues(x: string | number, y: string | number): number {
  return typeof x === "number" && typeof y === "number" ? x - y : compareBytes(String(x), String(y));
}

/** Each key in its direction, then started_at (unless a key) and id in the last key's direction. */
export function compareTasks(sort: readonly SortTerm[]) {
  const last = sort.at(-1)?.order ?? "asc";
  const byStart = sort.some((term) => term.key === "started_at");
  const terms: SortTerm[] = byStart ? [...sort] : [...sort, { key: "started_at", order: last }];
  const idSign = last === "asc" ? 1 : -1;
  return (a: Task, b: Task): number => {
    for (const { key, order } of terms) {
      const bySort = compareValues(sortValue(a, key), sortValue(b, key));
      if (bySort !== 0) return order === "asc" ? bySort : -bySort;
    }
    return idSign * compareBytes(a.id, b.id);
  };
}

export function referenceSelection(
  tasks: readonly Task[],
  query: Omit<MirrorTaskQuery, "limit" | "after">,
): Task[] {
  return tasks.filter((task) => matches(task, query.filters)).sort(compareTasks(query.sort));
}
