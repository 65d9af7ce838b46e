// The page cases: for each filter, page 1 and the deepest page the data allows, each as an API path
// and as the exact page query the floor runs. The deep cursor is reached through the API itself
// (walking pages), so it is a real cursor the service issued, not one forged by the benchmark.
import type {
  TaskFilters,
  TaskPageQuery,
  TaskPosition,
} from "../../task-service/src/repositories/task-page-sql";
import { FILTERS, type DataFacts, type FilterName } from "./database";
import type { HttpClient } from "./http-client";

export const PAGE_SIZE = 500;

export interface PageCase {
  filter: "none" | FilterName;
  /** The filter value, for the report. */
  value: string | undefined;
  depth: "page 1" | "deep";
  /** How many tasks of the window come before this page. */
  offset: number;
  /** Tasks in the window with this filter: the limit on depth. */
  matching: number;
  path: string;
  floor: TaskPageQuery;
}

interface WirePage {
  data: { id: string; started_at: string }[];
  next_cursor: string | null;
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

/** The query the service builds for such a request: same window, filters, order, position, fetch. */
function floorQuery(facts: DataFacts, filters: TaskFilters, after: TaskPosition | undefined): TaskPageQuery {
  return { ...facts.window, filters, order: "asc", after, fetch: PAGE_SIZE + 1 };
}

/**
 * Page 1 of the last full day before generation: a typical dashboard query (a full page at 1M
 * tasks), the page the throughput part asks for, with the query the service builds for it.
 */
export function dayPage(facts: DataFacts): { path: string; floor: TaskPageQuery } {
  const dayMs = 86_400_000;
  const to = Math.floor(Date.parse(facts.generatedAt) / dayMs) * dayMs;
  const window = { from: new Date(to - dayMs).toISOString(), to: new Date(to).toISOString() };
  const day = { ...facts, window };
  return { path: pagePath(day, {}), floor: floorQuery(day, {}, undefined) };
}
