// The keyset page query. Exported on its own so the benchmark's floor runs exactly the SQL the service runs.
import { wireInstant } from "../../../contract/service/task-row";

export interface TaskFilters {
  location_id?: string | undefined;
  mva?: string | undefined;
  vehicle_id?: string | undefined;
  task_type?: string | undefined;
}

export type SortOrder = "asc" | "desc";

export interface TaskPosition {
  started_at: string;
  id: string;
}

export interface TaskPageQuery {
  /** ISO 8601 instants; the window is half-open: from <= started_at < to. */
  from: string;
  to: string;
  filters: TaskFilters;
  order: SortOrder;
  /** Position of the last task already returned, or undefined for the first page. */
  after: TaskPosition | undefined;
  /** Rows to fetch; callers ask for one more than a page to learn whether another page exists. */
  fetch: number;
}

/**
 * A task row's columns, the instants already in the wire format (YYYY-MM-DDTHH:MM:SS.sssZ, what
 * Date#toISOString gives for years 1 to 9999). Formatting in SQL saves a timestamptz -> Date parse
 * in pg and a toISOString per row in the service. started_at is stored to the millisecond (imports
 * go through Date), so MS loses nothing; updated_at is sent to the millisecond, as its wire JSON is.
 */
export const TASK_COLUMNS = `t.id, t.vehicle_id, t.mva, t.vin, t.task_type, t.status, t.location_id,
      l.name AS location_name,
      ${wireInstant("t.started_at")} AS started_at,
      t.odometer_miles, ${wireInstant("t.updated_at")} AS updated_at`;

/**
 * The page's one column: each task's wire JSON, kept by the store (migration 3 in
 * store/migrations.ts) as taskOfRow + JSON.stringify would write it, location name included. A page
 * then needs no join, and pg parses one string per row instead of ten values.
 */
export const TASK_JSON_COLUMN = "t.wire_json";

const FILTER_COLUMNS = ["location_id", "mva", "vehicle_id", "task_type"] as const;

export function taskPageSql(query: TaskPageQuery): { text: string; params: unknown[] } {
  const params: unknown[] = [query.from, query.to];
  const where = ["t.started_at >= $1::timestamptz", "t.started_at < $2::timestamptz"];
  for (const column of FILTER_COLUMNS) {
    const value = query.filters[column];
    if (value === undefined) continue;
    params.push(value);
    where.push(`t.${column} = $${params.length}`);
  }
  const direction = query.order === "asc" ? "ASC" : "DESC";
  if (query.after) {
    params.push(query.after.started_at, query.after.id);
    const comparison = query.order === "asc" ? ">" : "<";
    where.push(`(t.started_at, t.id) ${comparison} ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(query.fetch);
  const text = `SELECT ${TASK_JSON_COLUMN} FROM tasks t
    WHERE ${where.join(" AND ")}
    ORDER BY t.started_at ${direction}, t.id ${direction}
    LIMIT $${params.length}`;
  return { text, params };
}
