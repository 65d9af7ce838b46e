import "server-only";
import { writeSortTerms } from "@/contract/query/sort-list";
import type { DashboardCursorCodec } from "../../dashboard-cursor";
import type { Task } from "@/lib/server/upstream";
import { invalid, type Keyset, type MirrorTaskQuery, type SortTerm } from "./mirror-task-query";

// A mirror cursor is the last row's keyset, signed and bound to the query by the dashboard's own
// cursor codec (its "upstream cursor" slot carries the keyset; the offset is always 0). A cursor
// of the live path, or of other filters, sort keys or directions, is refused like any foreign cursor.

type Bound = Pick<MirrorTaskQuery, "filters" | "sort">;

// The sort is bound as the API writes it, so a single-key cursor is bound as it always was.
function binding({ filters, sort }: Bound): string {
  const written = writeSortTerms(sort);
  return JSON.stringify(["mirror", filters, written.sort, written.order]);
}

export function keysetOf(task: Task, sort: readonly SortTerm[]): Keyset {
  const values = sort.map(({ key }) => (key === "location" ? task.location.name : task[key]));
  return [...values, task.started_at, task.id];
}

export function encodeKeyset(codec: DashboardCursorCodec, keyset: Keyset, query: Bound): string {
  return codec.encode({ upstreamCursor: JSON.stringify(keyset), offset: 0 }, binding(query));
}

export function decodeKeyset(codec: DashboardCursorCodec, cursor: string, query: Bound): Keyset {
  const position = codec.decode(cursor, binding(query));
  const keyset: unknown = position.upstreamCursor === null ? null : JSON.parse(position.upstreamCursor);
  if (!isKeyset(keyset, query.sort) || position.offset !== 0)
    throw invalid("The cursor is invalid or belongs to other filters.");
  return keyset;
}

function isKeyset(value: unknown, sort: readonly SortTerm[]): value is Keyset {
  if (!Array.isArray(value) || value.length !== sort.length + 2) return false;
  const values = value as unknown[];
  const keysFit = sort.every(({ key }, i) =>
    key === "odometer_miles" ? Number.isInteger(values[i]) : typeof values[i] === "string",
  );
  return keysFit && values.slice(sort.length).every((text) => typeof text === "string");
}
