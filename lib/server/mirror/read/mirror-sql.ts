// How the read side speaks to the mirror's database: one statement at a time, every value bound
// as a numbered placeholder, a task's columns selected as the service sends them.
import { wireInstant } from "@/contract/service/task-row";
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

export const TASK_COLUMNS = `t.id, t.vehicle_id, t.mva, t.vin, t.task_type, t.status, t.location_id,
  t.location_name, ${wireInstant("t.started_at")} AS started_at, t.odometer_miles,
  ${wireInstant("t.updated_at")} AS updated_at`;
