import "server-only";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { ORDER_MESSAGE, readOrder, type SortOrder } from "@/contract/query/order";
import type { DashboardCursorCodec } from "../dashboard-cursor";
import { readQueryParams } from "../dashboard-error";
import { invalid, parsed, parseQ, type MirrorSql, type Parsed } from "../mirror";
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  inOrder,
  pageAfter,
  type Keyed,
  type KeysetPlace,
} from "./keyset-page";
import type { DueRow } from "./read-maintenance";

// GET /api/vehicles: every vehicle the mirror holds a task of: its MVA and VIN (its newest task's), where and when it
// was last worked on (its latest job done or under way, not a booking ahead), its latest odometer
// reading, and how many of its programs are overdue; searched by MVA, id or VIN, sorted, paged.

export interface VehicleRow {
  vehicle_id: string;
  mva: string;
  vin: string | null;
  last_location: { id: string; name: string } | null;
  last_seen_at: string | null;
  latest_odometer: number | null;
  overdue: number;
  tasks: number;
}

/** Every vehicle's row, by vehicle id. */
export const VEHICLES_SQL = `WITH newest AS (
    SELECT DISTINCT ON (vehicle_id) vehicle_id, mva, vin FROM mirror_tasks
    ORDER BY vehicle_id, started_at DESC, id DESC
  ), latest AS (
    SELECT DISTINCT ON (vehicle_id) vehicle_id, location_id, location_name, started_at, odometer_miles
    FROM mirror_tasks WHERE status IN ('completed', 'in_progress')
    ORDER BY vehicle_id, started_at DESC, id DESC
  ), counts AS (
    SELECT vehicle_id, json_object_agg(location_id, tasks) AS tasks_at
    FROM (SELECT vehicle_id, location_id, count(*)::integer AS tasks FROM mirror_tasks
          GROUP BY vehicle_id, location_id) at_location
    GROUP BY vehicle_id
  )
  SELECT newest.vehicle_id, newest.mva, newest.vin, latest.location_id, latest.location_name,
         latest.started_at AS last_seen_at, latest.odometer_miles, counts.tasks_at
  FROM newest JOIN counts USING (vehicle_id) LEFT JOIN latest USING (vehicle_id)
  ORDER BY newest.vehicle_id`;

interface Row {
  vehicle_id: string;
  mva: string;
  vin: string | null;
  location_id: string | null;
  location_name: string | null;
  last_seen_at: Date | null;
  odometer_miles: number | null;
  tasks_at: Record<string, number>;
}

/** A vehicle's row before a reader counts its tasks: the count is of those at the reader's locations. */
export interface VehicleFacts extends Omit<VehicleRow, "tasks"> {
  tasksAt: ReadonlyMap<string, number>;
}

export function vehicleSeenBy(vehicle: VehicleFacts, sees: (locationId: string) => boolean): VehicleRow {
  const { tasksAt, ...row } = vehicle;
  let tasks = 0;
  for (const [locationId, count] of tasksAt) if (sees(locationId)) tasks += count;
  return { ...row, tasks };
}

export async function readVehicles(sql: MirrorSql, due: readonly DueRow[]): Promise<VehicleFacts[]> {
  const overdue = new Map<string, number>();
  for (const row of due)
    if (row.state === "overdue") overdue.set(row.vehicle_id, (overdue.get(row.vehicle_id) ?? 0) + 1);
  const rows = await sql.query<Row>(VEHICLES_SQL, []);
  return rows.map((row) => ({
    vehicle_id: row.vehicle_id,
    mva: row.mva,
    vin: row.vin,
    last_location:
      row.location_id === null || row.location_name === null
        ? null
        : { id: row.location_id, name: row.location_name },
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
    latest_odometer: row.odometer_miles,
    overdue: overdue.get(row.vehicle_id) ?? 0,
    tasksAt: new Map(Object.entries(row.tasks_at)),
  }));
}

export const VEHICLE_SORT_KEYS = ["mva", "last_seen_at", "latest_odometer", "overdue", "location"] as const;
type VehicleSortKey = (typeof VEHICLE_SORT_KEYS)[number];

export interface VehicleQuery {
  q?: string;
  sort: VehicleSortKey;
  order: SortOrder;
  limit: number;
  after?: KeysetPlace;
}

function binding({ q, sort, order }: VehicleQuery): string {
  return JSON.stringify(["vehicles", q ?? null, sort, order]);
}

export function parseVehicleParams(url: URL, cursors: DashboardCursorCodec): Parsed<VehicleQuery> {
  return parsed(() => {
    const raw = readQueryParams(url, ["q", "sort", "order", "limit", "cursor"]);
    const sort = raw.sort ?? "mva";
    if (!(VEHICLE_SORT_KEYS as readonly string[]).includes(sort))
      throw invalid(`"sort" must be one of ${VEHICLE_SORT_KEYS.join(", ")}.`);
    const order = readOrder(raw.order);
    if (order === undefined) throw invalid(ORDER_MESSAGE);
    const limit = readLimit(raw.limit);
    if (limit === undefined) throw invalid(LIMIT_MESSAGE);
    const query: VehicleQuery = { sort: sort as VehicleSortKey, order, limit };
    if (raw.q !== undefined) query.q = parseQ(raw.q);
    if (raw.cursor !== undefined) query.after = decodeKeysetCursor(cursors, raw.cursor, binding(query));
    return query;
  });
}

/** Numbers as text that sorts as they do (none is negative). */
const sortable = (value: number | null) => (value === null ? "" : String(value).padStart(12, "0"));

function sortValue(row: VehicleRow, sort: VehicleSortKey): string {
  switch (sort) {
    case "mva":
      return row.mva;
    case "last_seen_at":
      return row.last_seen_at ?? "";
    case "latest_odometer":
      return sortable(row.latest_odometer);
    case "overdue":
      return sortable(row.overdue);
    case "location":
      return row.last_location?.name ?? "";
  }
}

/** A page of vehicles whose overdue counts were evaluated at `evaluatedAt` (ms); its cursor names that instant. */
export function selectVehiclePage(
  rows: readonly VehicleRow[],
  query: VehicleQuery,
  cursors: DashboardCursorCodec,
  evaluatedAt: number,
): { data: VehicleRow[]; total: number; next_cursor: string | null } {
  const needle = query.q?.toLowerCase();
  const selected: Keyed<VehicleRow>[] = rows
    .filter(
      (row) =>
        !needle ||
        [row.mva, row.vehicle_id, row.vin ?? ""].some((text) => text.toLowerCase().includes(needle)),
    )
    .map((row) => ({ row, keyset: [sortValue(row, query.sort), row.mva, row.vehicle_id] }));
  const page = pageAfter(
    inOrder(selected, query.order),
    { after: query.after?.keyset, order: query.order, limit: query.limit },
    (keyset) => encodeKeysetCursor(cursors, { keyset, evaluatedAt }, binding(query)),
  );
  return { ...page, total: selected.length };
}
