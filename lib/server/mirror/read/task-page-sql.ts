import { filterSql } from "./filter-sql";
import type { MirrorTaskQuery } from "./mirror-task-query";
import { afterSql, orderSql } from "./sort-sql";
import { SqlParams, type Statement } from "./sql-params";
import { TASK_COLUMNS } from "./task-row";

// A page of tasks in the query's order, one row more than asked (to know whether more follow),
// optionally with the exact count of all matching tasks. Count and page are one statement, so
// both are read from one snapshot even while a sync applies a window.

export function taskPageStatement(
  query: Omit<MirrorTaskQuery, "limit">,
  limit: number,
  withTotal: boolean,
): Statement {
  const params = new SqlParams();
  const where = filterSql(query.filters, params);
  const after = query.after ? ` AND ${afterSql(query.sort, query.order, query.after, params)}` : "";
  const order = orderSql(query.sort, query.order);
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
