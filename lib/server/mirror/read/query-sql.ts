import { foldForSearch } from "../store/search-text";
import type { Keyset, MirrorFilters, MirrorTaskQuery, SortKey, SortTerm } from "./mirror-task-query";
import { SqlParams, TASK_COLUMNS, type Statement } from "./mirror-sql";

// The SQL of a task read, built from a parsed query only: its WHERE, its ORDER BY and keyset
// condition, and the page statement that puts them together. Values are always bound.

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

// The ORDER BY and the keyset condition of a sort. Columns come from this fixed map only; ties are
// broken by started_at (unless it is a key already), then id, in the direction of the last key, so
// the order is total and "started_at" alone is the service's own order.

type SortColumn = { column: string; type: "text" | "integer" | "timestamptz" };

const SORT_COLUMNS: Record<SortKey, SortColumn> = {
  started_at: { column: "t.started_at", type: "timestamptz" },
  task_type: { column: "t.task_type", type: "text" },
  status: { column: "t.status", type: "text" },
  mva: { column: "t.mva", type: "text" },
  vehicle_id: { column: "t.vehicle_id", type: "text" },
  location: { column: "t.location_name", type: "text" },
  odometer_miles: { column: "t.odometer_miles", type: "integer" },
};

const ID_COLUMN: SortColumn = { column: "t.id", type: "text" };

/** Every column the rows are ordered by, each with its direction and the keyset value it is compared with. */
function orderedColumns(sort: readonly SortTerm[], keyset?: Keyset) {
  const last = sort.at(-1)?.order ?? "asc";
  const [startedAt, id] = keyset ? keyset.slice(sort.length) : [];
  const columns = sort.map((term, i) => ({
    ...SORT_COLUMNS[term.key],
    order: term.order,
    value: keyset?.[i],
  }));
  if (!sort.some((term) => term.key === "started_at"))
    columns.push({ ...SORT_COLUMNS.started_at, order: last, value: startedAt });
  columns.push({ ...ID_COLUMN, order: last, value: id });
  return columns;
}

export function orderSql(sort: readonly SortTerm[]): string {
  return orderedColumns(sort)
    .map(({ column, order }) => `${column} ${order}`)
    .join(", ");
}

/**
 * Rows strictly after the keyset in the sort's order. One direction throughout is one row
 * comparison, which the (key, started_at, id) indexes serve; mixed directions cannot be one, so
 * they are the expanded chain: (a > x) OR (a = x AND b < y) OR ...
 */
export function afterSql(sort: readonly SortTerm[], keyset: Keyset, params: SqlParams): string {
  const columns = orderedColumns(sort, keyset).map((column) => ({
    ...column,
    bound: params.add(column.value, column.type),
  }));
  const direction = columns[0]!.order;
  if (columns.every((column) => column.order === direction)) {
    const names = columns.map((column) => column.column).join(", ");
    const values = columns.map((column) => column.bound).join(", ");
    return `(${names}) ${direction === "asc" ? ">" : "<"} (${values})`;
  }
  const branches = columns.map(({ column, order, bound }, i) => {
    const equalBefore = columns.slice(0, i).map((before) => `${before.column} = ${before.bound}`);
    return [...equalBefore, `${column} ${order === "asc" ? ">" : "<"} ${bound}`].join(" AND ");
  });
  return `((${branches.join(") OR (")}))`;
}

// A page of tasks in the query's order, one row more than asked (to know whether more follow),
// optionally with the exact count of all matching tasks. Count and page are one statement, so
// both are read from one snapshot even while a sync applies a slice.

export function taskPageStatement(
  query: Omit<MirrorTaskQuery, "limit">,
  limit: number,
  withTotal: boolean,
): Statement {
  const params = new SqlParams();
  const where = filterSql(query.filters, params);
  const after = query.after ? ` AND ${afterSql(query.sort, query.after, params)}` : "";
  const order = orderSql(query.sort);
  const page = `SELECT ${TASK_COLUMNS} FROM mirror_tasks t WHERE ${where}${after}
    ORDER BY ${order} LIMIT ${params.add(limit + 1, "integer")}`;
  if (!withTotal) return { text: page, values: params.values };
  // The page's columns keep their names under "p", so the outer ORDER BY restates the order on
  // them (started_at is the formatted text there: fixed width, so it sorts as the instant does).
  const outerOrder = order.replace(/t\./g, "p.");
  const text = `SELECT c.total, p.* FROM (SELECT count(*)::integer AS total FROM mirror_tasks t WHERE ${where}) c
    LEFT JOIN LATERAL (${page}) p ON true ORDER BY ${outerOrder}`;
  return { text, values: params.values };
}
