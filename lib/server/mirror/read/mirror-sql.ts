// How the read side speaks to the mirror's database: one statement at a time, every value bound
// as a numbered placeholder, a task's columns selected as the service sends them.
import { taskOfRow, wireInstant, type TaskRow } from "@/contract/service/task-row";
import type { Task } from "@/lib/server/upstream";
import type { QueryOptions } from "@/platform/sql/sql-db";

// PGlite and a pg Pool both fit behind it in a line, so every query here runs on either.
export interface MirrorSql {
  query<Row>(text: string, params: readonly unknown[], options?: QueryOptions): Promise<Row[]>;
}

/** Collects bound values and names them $1, $2 ... with a cast, so a statement's text holds only placeholders, never a value. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, type: "text" | "text[]" | "integer" | "timestamptz"): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

export interface Statement {
  text: string;
  values: readonly unknown[];
}

// A mirrored task as the service sent it: the row shape and its mapping are the contract's
// (contract/service/task-row.ts), shared with the service's own store.
export { taskOfRow, type TaskRow } from "@/contract/service/task-row";

/** A task's fields as the row holds them, each with the SQL that selects it. */
const TASK_FIELDS: readonly (readonly [keyof TaskRow, string])[] = [
  ["id", "t.id"],
  ["vehicle_id", "t.vehicle_id"],
  ["mva", "t.mva"],
  ["vin", "t.vin"],
  ["task_type", "t.task_type"],
  ["status", "t.status"],
  ["location_id", "t.location_id"],
  ["location_name", "t.location_name"],
  ["started_at", wireInstant("t.started_at")],
  ["odometer_miles", "t.odometer_miles"],
  ["updated_at", wireInstant("t.updated_at")],
];

export const TASK_COLUMNS = TASK_FIELDS.map(([name, value]) => `${value} AS ${name}`).join(", ");

/**
 * The same fields, every selected task one JSON array in one aggregated text. A driver builds an
 * object per row and a value per column; for thousands of tasks (an export's batch) that is most of
 * the read, and parsing one JSON text instead is far quicker.
 */
export const TASK_JSON_ARRAYS = `json_agg(json_build_array(${TASK_FIELDS.map(([, value]) => value).join(", ")}))::text`;

/** The tasks of a `TASK_JSON_ARRAYS` text (null when the statement selected none). */
export function tasksOfJsonArrays(text: string | null): Task[] {
  if (text === null) return [];
  const rows = JSON.parse(text) as unknown[][];
  return rows.map((values) => {
    const row = {} as Record<keyof TaskRow, unknown>;
    TASK_FIELDS.forEach(([name], index) => (row[name] = values[index]));
    return taskOfRow(row as TaskRow);
  });
}
