import "server-only";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { ORDER_MESSAGE, readOrder, type SortOrder } from "@/contract/query/order";
import { parseInstantText } from "@/contract/query/instant-text";
import { splitListParam } from "@/contract/query/list-param";
import type { DashboardCursorCodec } from "../dashboard-cursor";
import { readQueryParams } from "../dashboard-error";
import { invalid, parsed, parseList, parseQ, type MirrorSql, type Parsed } from "../mirror";
import { scopedLocations, type StaffAccess } from "../staff";
import { DUE_STATES, type DueState } from "@/contract/query/due-state";
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  inOrder,
  pageAfter,
  type Keyed,
  type Keyset,
  type KeysetPlace,
} from "./keyset-page";
import type { ComplianceFilters } from "./compliance";
import type { DueRow } from "./read-maintenance";

// GET /api/maintenance/due's parameters and what they select: filters on state, task type, the
// vehicle's last location, the vehicle itself and a search over its ids; a sort with the vehicle and
// the task type breaking ties; pages by a signed keyset bound to the query.

export const DUE_SORT_KEYS = ["due_at", "mva", "task_type", "location", "last_done_at", "state"] as const;
export type DueSortKey = (typeof DUE_SORT_KEYS)[number];

export interface DueFilters {
  state?: DueState[];
  task_type?: string[];
  location_id?: string[];
  vehicle_id?: string[];
  q?: string;
  /** Only rows due before this instant (ISO). */
  due_before?: string;
  /**
   * Set instead of location_id when a reader of some locations asks for vehicles by id and names
   * no location: only vehicles with a task at one of these, wherever they were last. A vehicle's
   * page opens for such a vehicle, and its standing must show there (dueRowSeenBy hides the jobs
   * elsewhere). Which vehicles qualify is the mirror's to say (vehiclesSeenAt).
   */
  seen_at?: string[];
}

export interface DueQuery {
  filters: DueFilters;
  sort: DueSortKey;
  order: SortOrder;
  limit: number;
  after?: KeysetPlace;
}

const FILTER_PARAMS = ["state", "task_type", "location_id", "vehicle_id", "q", "due_before"] as const;

/**
 * The reader's locations among those a filter names (all of theirs when it names none): due rows
 * belong to the location their vehicle was last seen at.
 */
function scoped<F extends { location_id?: string[] }>(filters: F, access: StaffAccess): F {
  const locations = scopedLocations(access, filters.location_id);
  return locations ? { ...filters, location_id: [...locations] } : filters;
}

/** A due query's filters for this reader: by last location, or for named vehicles, by where they were seen. */
function scopedDueFilters(filters: DueFilters, access: StaffAccess): DueFilters {
  if (access.locations !== "all" && filters.vehicle_id && !filters.location_id)
    return { ...filters, seen_at: [...access.locations] };
  return scoped(filters, access);
}

export function parseDueParams(
  url: URL,
  cursors: DashboardCursorCodec,
  access: StaffAccess,
): Parsed<DueQuery> {
  return parsed(() => {
    const raw = readQueryParams(url, [...FILTER_PARAMS, "sort", "order", "limit", "cursor"]);
    const limit = readLimit(raw.limit);
    if (limit === undefined) throw invalid(LIMIT_MESSAGE);
    const query: DueQuery = { ...readOrdering(raw, access), limit };
    if (raw.cursor !== undefined) query.after = decodeKeysetCursor(cursors, raw.cursor, binding(query));
    return query;
  });
}

/** The export takes every matching row in the list's order: a limit or cursor is a mistake. */
export function parseDueExportParams(
  url: URL,
  access: StaffAccess,
): Parsed<Omit<DueQuery, "limit" | "after">> {
  return parsed(() => readOrdering(readQueryParams(url, [...FILTER_PARAMS, "sort", "order"]), access));
}

function readOrdering(raw: Record<string, string>, access: StaffAccess): Omit<DueQuery, "limit" | "after"> {
  const filters: DueFilters = {};
  if (raw.state !== undefined) filters.state = parseStates(raw.state);
  for (const name of ["task_type", "location_id", "vehicle_id"] as const) {
    if (raw[name] !== undefined) filters[name] = parseList(name, raw[name]);
  }
  if (raw.q !== undefined) filters.q = parseQ(raw.q);
  if (raw.due_before !== undefined) {
    const instant = parseInstantText(raw.due_before);
    if (instant === undefined)
      throw invalid('"due_before" must be an instant with its offset, e.g. 2026-12-01T00:00:00Z.');
    filters.due_before = new Date(instant).toISOString();
  }
  const sort = raw.sort ?? "due_at";
  if (!(DUE_SORT_KEYS as readonly string[]).includes(sort))
    throw invalid(`"sort" must be one of ${DUE_SORT_KEYS.join(", ")}.`);
  const order = readOrder(raw.order);
  if (order === undefined) throw invalid(ORDER_MESSAGE);
  return { filters: scopedDueFilters(filters, access), sort: sort as DueSortKey, order };
}

function parseStates(text: string): DueState[] {
  const values = splitListParam(text);
  if (values.length === 0 || !values.every((value) => (DUE_STATES as readonly string[]).includes(value)))
    throw invalid(`"state" must be a comma-separated list of ${DUE_STATES.join(", ")}.`);
  return [...new Set(values)] as DueState[];
}

function binding({ filters, sort, order }: Pick<DueQuery, "filters" | "sort" | "order">): string {
  return JSON.stringify(["due", filters, sort, order]);
}

const STATE_RANK: Record<DueState, string> = { overdue: "0", due_soon: "1", scheduled: "2", ok: "3" };

function sortValue(row: DueRow, sort: DueSortKey): string {
  switch (sort) {
    case "due_at":
      return row.due_at;
    case "mva":
      return row.mva;
    case "task_type":
      return row.task_type;
    case "location":
      return row.last_location.name;
    case "last_done_at":
      return row.last_done.at;
    case "state":
      // Overdue first, then by how soon: the morning's work list.
      return `${STATE_RANK[row.state]}${row.due_at}`;
  }
}

const keysetOf = (row: DueRow, sort: DueSortKey): Keyset => [
  sortValue(row, sort),
  row.vehicle_id,
  row.task_type,
];

/** Whether due_at is a date the row is due by (not a miles-only program's stand-in). */
const hasDueDate = (row: DueRow) => row.due_date !== null || row.forecast_at !== null;

function matches(row: DueRow, filters: DueFilters, ignoreState = false): boolean {
  if (!ignoreState && filters.state && !filters.state.includes(row.state)) return false;
  if (filters.task_type && !filters.task_type.includes(row.task_type)) return false;
  if (filters.location_id && !filters.location_id.includes(row.last_location.id)) return false;
  if (filters.vehicle_id && !filters.vehicle_id.includes(row.vehicle_id)) return false;
  if (filters.due_before && row.state !== "overdue" && !(hasDueDate(row) && row.due_at < filters.due_before))
    return false;
  if (filters.q) {
    const needle = filters.q.toLowerCase();
    const haystack = [row.mva, row.vehicle_id, row.vin ?? ""].map((text) => text.toLowerCase());
    if (!haystack.some((text) => text.includes(needle))) return false;
  }
  return true;
}

/** Which of these vehicles have a task in the mirror at one of these locations (a filter's seen_at). */
export async function vehiclesSeenAt(
  sql: MirrorSql,
  vehicleIds: readonly string[],
  locations: readonly string[],
): Promise<Set<string>> {
  const rows = await sql.query<{ vehicle_id: string }>(
    `SELECT DISTINCT vehicle_id FROM mirror_tasks
     WHERE vehicle_id = ANY($1::text[]) AND location_id = ANY($2::text[])`,
    [vehicleIds, locations],
  );
  return new Set(rows.map((row) => row.vehicle_id));
}

/** The rows a query may select from: with seen_at, those of its vehicles seen there (matches() cannot tell). */
export async function dueRowsInReach(
  sql: MirrorSql,
  rows: readonly DueRow[],
  filters: DueFilters,
): Promise<readonly DueRow[]> {
  if (!filters.seen_at) return rows;
  const seen = await vehiclesSeenAt(sql, filters.vehicle_id ?? [], filters.seen_at);
  return rows.filter((row) => seen.has(row.vehicle_id));
}

/** Every row of the query's filters, in its order (the export). */
export function selectDueRows(rows: readonly DueRow[], query: Omit<DueQuery, "limit" | "after">): DueRow[] {
  const selected = rows
    .filter((row) => matches(row, query.filters))
    .map((row) => ({ row, keyset: keysetOf(row, query.sort) }));
  return inOrder(selected, query.order).map(({ row }) => row);
}

export interface DuePage {
  data: DueRow[];
  total: number;
  /** Rows in each state under every filter but the state filter. */
  counts: Record<DueState, number>;
  next_cursor: string | null;
}

/** A page of rows evaluated at `evaluatedAt` (ms), whose cursor names that instant. */
export function selectDuePage(
  rows: readonly DueRow[],
  query: DueQuery,
  cursors: DashboardCursorCodec,
  evaluatedAt: number,
): DuePage {
  const counts: Record<DueState, number> = { overdue: 0, due_soon: 0, scheduled: 0, ok: 0 };
  const selected: Keyed<DueRow>[] = [];
  for (const row of rows) {
    if (!matches(row, query.filters, true)) continue;
    counts[row.state] += 1;
    if (matches(row, query.filters)) selected.push({ row, keyset: keysetOf(row, query.sort) });
  }
  const page = pageAfter(
    inOrder(selected, query.order),
    { after: query.after?.keyset, order: query.order, limit: query.limit },
    (keyset) => encodeKeysetCursor(cursors, { keyset, evaluatedAt }, binding(query)),
  );
  return { ...page, total: selected.length, counts };
}

export interface LocationDueCounts {
  location_id: string;
  location_name: string;
  overdue: number;
  due_soon: number;
  scheduled: number;
  ok: number;
}

/** Rows in each state by the vehicles' last location, by location name. */
export function dueCountsByLocation(rows: readonly DueRow[]): LocationDueCounts[] {
  const byLocation = new Map<string, LocationDueCounts>();
  for (const row of rows) {
    const { id, name } = row.last_location;
    let counts = byLocation.get(id);
    if (!counts) {
      counts = { location_id: id, location_name: name, overdue: 0, due_soon: 0, scheduled: 0, ok: 0 };
      byLocation.set(id, counts);
    }
    counts[row.state] += 1;
  }
  return [...byLocation.values()].sort((a, b) =>
    a.location_name < b.location_name ? -1 : a.location_name > b.location_name ? 1 : 0,
  );
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET /api/maintenance/compliance's parameters: a month (YYYY-MM), locations and task types. */
export function parseComplianceParams(url: URL, access: StaffAccess): Parsed<ComplianceFilters> {
  return parsed(() => {
    const raw = readQueryParams(url, ["month", "location_id", "task_type"]);
    const filters: ComplianceFilters = {};
    if (raw.month !== undefined) {
      if (!MONTH.test(raw.month)) throw invalid('"month" must be a month written YYYY-MM, e.g. 2026-10.');
      filters.month = raw.month;
    }
    for (const name of ["location_id", "task_type"] as const) {
      if (raw[name] !== undefined) filters[name] = parseList(name, raw[name]);
    }
    return scoped(filters, access);
  });
}
