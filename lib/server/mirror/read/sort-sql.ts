import type { Keyset, SortKey } from "./mirror-task-query";
import type { SqlParams } from "./sql-params";

// The ORDER BY and the keyset condition of a sort. Columns come from this fixed map only; ties are
// broken by (started_at, id) in the same direction, so the order is total and "started_at" alone
// is the service's own order.

const SORT_COLUMNS: Record<Exclude<SortKey, "started_at">, { column: string; type: "text" | "integer" }> = {
  task_type: { column: "t.task_type", type: "text" },
  status: { column: "t.status", type: "text" },
  mva: { column: "t.mva", type: "text" },
  vehicle_id: { column: "t.vehicle_id", type: "text" },
  location: { column: "t.location_name", type: "text" },
  odometer_miles: { column: "t.odometer_miles", type: "integer" },
};

export function orderSql(sort: SortKey, order: "asc" | "desc"): string {
  return sortColumns(sort)
    .map((column) => `${column} ${order}`)
    .join(", ");
}

/** Rows strictly after the keyset in the sort's direction: one row comparison an index serves. */
export function afterSql(sort: SortKey, order: "asc" | "desc", keyset: Keyset, params: SqlParams): string {
  const [sortValue, startedAt, id] = keyset;
  const bound = [params.add(startedAt, "timestamptz"), params.add(id, "text")];
  if (sort !== "started_at") bound.unshift(params.add(sortValue, SORT_COLUMNS[sort].type));
  return `(${sortColumns(sort).join(", ")}) ${order === "asc" ? ">" : "<"} (${bound.join(", ")})`;
}

function sortColumns(sort: SortKey): string[] {
  const tail = ["t.started_at", "t.id"];
  return sort === "started_at" ? tail : [SORT_COLUMNS[sort].column, ...tail];
}
