import type { MirrorFilters } from "./mirror-task-query";
import type { SqlParams } from "./sql-params";

// The WHERE of every mirror read. Lists become "= ANY(array)"; q becomes a LIKE on the trigram-
// indexed search column, its wildcards and escape character escaped so q matches literally.

const COLUMNS = {
  location_id: "t.location_id",
  task_type: "t.task_type",
  status: "t.status",
  mva: "t.mva",
  vehicle_id: "t.vehicle_id",
} as const;

export function filterSql(filters: MirrorFilters, params: SqlParams): string {
  const conditions = [
    `t.started_at >= ${params.add(filters.from, "timestamptz")}`,
    `t.started_at < ${params.add(filters.to, "timestamptz")}`,
  ];
  for (const [name, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
    const values = filters.lists[name];
    if (values) conditions.push(`${column} = ANY(${params.add(values, "text[]")})`);
  }
  if (filters.q !== undefined) {
    // lower() under the column's "C" collation folds exactly as the stored search text was folded.
    const literal = params.add(escapeLike(filters.q), "text");
    conditions.push(`t.search_text LIKE '%' || lower(${literal} COLLATE "C") || '%' ESCAPE '\\'`);
  }
  return conditions.join(" AND ");
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}
