import { foldForSearch } from "../store/search-text";
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
    // The whole pattern is one bound value, so the planner sees a constant and can read trigrams
    // from it (an expression around the value hides them, and the index looks useless to it).
    conditions.push(
      `t.search_text LIKE ${params.add(`%${escapeLike(foldForSearch(filters.q))}%`, "text")} ESCAPE '\\'`,
    );
  }
  return conditions.join(" AND ");
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}
