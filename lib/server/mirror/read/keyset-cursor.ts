import "server-only";
import type { DashboardCursorCodec } from "../../dashboard-cursor";
import type { Task } from "@/lib/server/upstream";
import { invalid, type Keyset, type MirrorTaskQuery, type SortKey } from "./mirror-task-query";

// A mirror cursor is the last row's keyset, signed and bound to the query by the dashboard's own
// cursor codec (its "upstream cursor" slot carries the keyset; the offset is always 0). A cursor
// of the live path, or of other filters, sort or order, is refused like any foreign cursor.

type Bound = Pick<MirrorTaskQuery, "filters" | "sort" | "order">;

function binding({ filters, sort, order }: Bound): string {
  return JSON.stringify(["mirror", filters, sort, order]);
}

export function keysetOf(task: Task, sort: SortKey): Keyset {
  const value = sort === "location" ? task.location.name : task[sort];
  return [value, task.started_at, task.id];
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

function isKeyset(value: unknown, sort: SortKey): value is Keyset {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [sortValue, startedAt, id] = value as unknown[];
  const sortValueFits =
    sort === "odometer_miles" ? Number.isInteger(sortValue) : typeof sortValue === "string";
  return sortValueFits && typeof startedAt === "string" && typeof id === "string";
}
