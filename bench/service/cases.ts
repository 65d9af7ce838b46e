// The page cases: for each filter, and for the change feed, page 1 and the deepest page the data
// allows, each as an API path and as the exact statement the floor runs. The deep cursor is reached
// through the API itself (walking pages), so it is a real cursor the service issued, not one forged
// by the benchmark.
import {
  EARLIEST,
  taskChangesSql,
  type ChangePosition,
} from "../../task-service/src/repositories/task-changes-sql";
import {
  taskPageSql,
  type TaskFilters,
  type TaskPosition,
} from "../../task-service/src/repositories/task-page-sql";
import { FILTERS, type DataFacts, type FilterName } from "./database";
import type { HttpClient } from "./http-client";

export const PAGE_SIZE = 500;

/** A page's SQL as the service sends it, and how many rows it fetches (one more than the page). */
export interface PageStatement {
  text: string;
  params: unknown[];
  fetch: number;
}

export interface PageCase {
  filter: "none" | FilterName | "change feed";
  /** The filter value, for the report. */
  value: string | undefined;
  depth: "page 1" | "deep";
  /** How many tasks of the window come before this page. */
  offset: number;
  /** Tasks in the window with this filter: the limit on depth. */
  matching: number;
  path: string;
  floor: PageStatement;
}

interface WirePage {
  data: { id: string; started_at: string }[];
  next_cursor: string | null;
  has_more?: boolean;
}

/** Page 1 of every filter; a deep page where the filter matches at least two full pages. */
export async function buildCases(http: HttpClient, facts: DataFacts, log: (line: string) => void) {
  const cases: PageCase[] = [];
  const choices: ["none" | FilterName, string | undefined, number][] = [
    ["none", undefined, facts.totalTasks],
    ...FILTERS.map((f): [FilterName, string, number] => [f, facts.busiest[f].value, facts.busiest[f].count]),
  ];
  for (const [filter, value, matching] of choices) {
    const filters: TaskFilters = filter === "none" ? {} : { [filter]: value };
    const base = { filter, value, matching };
    cases.push({
      ...base,
      depth: "page 1",
      offset: 0,
      path: pagePath(facts, filters),
      floor: floorQuery(facts, filters, undefined),
    });
    // The deep page starts 501 rows before the end, so it fetches 501 rows and has a next page,
    // exactly like page 1: the only difference between the two is where the index scan starts.
    const target = matching - (PAGE_SIZE + 1);
    if (target < PAGE_SIZE) continue;
    const started = Date.now();
    const { cursor, after } = await walk(http, facts, filters, target);
    log(
      `  ${filter}${value ? `=${value}` : ""}: walked to row ${target} of ${matching} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    cases.push({
      ...base,
      depth: "deep",
      offset: target,
      path: pagePath(facts, filters, cursor),
      floor: floorQuery(facts, filters, after),
    });
  }
  return cases;
}

/**
 * The change feed from its beginning, and deep: 501 rows before the last, reached by reading the
 * feed. After the seeding every task has one change (one transaction), so the feed is every task.
 */
export async function buildFeedCases(
  http: HttpClient,
  facts: DataFacts,
  changeXidOf: (taskId: string) => Promise<string>,
  log: (line: string) => void,
) {
  const base = { filter: "change feed" as const, value: undefined, matching: facts.totalTasks };
  const cases: PageCase[] = [
    { ...base, depth: "page 1", offset: 0, path: feedPath(), floor: feedFloor(EARLIEST) },
  ];
  const target = facts.totalTasks - (PAGE_SIZE + 1);
  if (target < PAGE_SIZE) return cases;
  const started = Date.now();
  let position = 0;
  let cursor: string | undefined;
  let after: ChangePosition = EARLIEST;
  while (position < target) {
    const limit = Math.min(PAGE_SIZE, target - position);
    const page = await http.getJson<WirePage & { next_cursor: string }>(feedPath(cursor, limit));
    const last = page.data.at(-1);
    if (!last) throw new Error(`the feed ended at row ${position} before ${target}`);
    cursor = page.next_cursor;
    position += page.data.length;
    // The floor needs the position as the cursor holds it; the cursor is opaque, so ask the store.
    after = { xid: await changeXidOf(last.id), id: last.id };
  }
  log(`  change feed: read to row ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  cases.push({ ...base, depth: "deep", offset: target, path: feedPath(cursor), floor: feedFloor(after) });
  return cases;
}

function feedPath(cursor?: string, limit = PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  return `/v1/task-changes?${params.toString()}`;
}

function feedFloor(after: ChangePosition): PageStatement {
  return { ...taskChangesSql(after, PAGE_SIZE + 1), fetch: PAGE_SIZE + 1 };
}

/** Follows next_cursor until `target` tasks lie behind it; the last step is shortened to land exactly. */
async function walk(http: HttpClient, facts: DataFacts, filters: TaskFilters, target: number) {
  let position = 0;
  let cursor: string | undefined;
  let after: TaskPosition | undefined;
  while (position < target) {
    const limit = Math.min(PAGE_SIZE, target - position);
    const page = await http.getJson<WirePage>(pagePath(facts, filters, cursor, limit));
    const last = page.data.at(-1);
    if (!last || !page.next_cursor) throw new Error(`the data ended at row ${position} before ${target}`);
    cursor = page.next_cursor;
    after = { started_at: last.started_at, id: last.id };
    position += page.data.length;
  }
  if (!cursor || !after) throw new Error("walked nowhere");
  return { cursor, after };
}

function pagePath(facts: DataFacts, filters: TaskFilters, cursor?: string, limit = PAGE_SIZE): string {
  const params = new URLSearchParams({ from: facts.window.from, to: facts.window.to });
  for (const name of FILTERS) {
    const value = filters[name];
    if (value !== undefined) params.set(name, value);
  }
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return `/v1/tasks?${params.toString()}`;
}

/** The statement the service sends for such a request: same window, filters, order, position, fetch. */
function floorQuery(facts: DataFacts, filters: TaskFilters, after: TaskPosition | undefined): PageStatement {
  const fetch = PAGE_SIZE + 1;
  return { ...taskPageSql({ ...facts.window, filters, order: "asc", after, fetch }), fetch };
}

/**
 * Page 1 of the last full day before generation: a typical dashboard query (a full page at 1M
 * tasks), the page the throughput part asks for, with the query the service builds for it.
 */
export function dayPage(facts: DataFacts): { path: string; floor: PageStatement } {
  const dayMs = 86_400_000;
  const to = Math.floor(Date.parse(facts.generatedAt) / dayMs) * dayMs;
  const window = { from: new Date(to - dayMs).toISOString(), to: new Date(to).toISOString() };
  const day = { ...facts, window };
  return { path: pagePath(day, {}), floor: floorQuery(day, {}, undefined) };
}
