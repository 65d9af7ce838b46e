import { hashKey, type Query, type QueryKey } from "@tanstack/react-query";
import type { TaskPage } from "./api-types";

// How fresh the data on the screen is: the oldest "as of" among the answers the page shows now
// (queries with an observer), and which part of the page that is. Each answer says its own
// (X-Data-Fetched-At: the oldest window the mirror read for it, or when a live or cached answer
// was read from the service); an answer without it was read live and is as fresh as its arrival.
// The header states this, not when the sync last ran: a page may show a day synced long ago.
// Parts the server rendered (a vehicle's history) hold no query: they mark themselves shown.

/** Each query's latest answer's as-of, by query hash (a list's pages carry their own). */
const answeredAsOf = new Map<string, number>();

/** X-Data-Fetched-At of an answer, or its arrival when it was answered live without it. */
export function answerAsOf(response: Response): string {
  return response.headers.get("x-data-fetched-at") ?? new Date().toISOString();
}

/** Called by a query's fetch with the answer it keeps. */
export function noteAnswerAsOf(queryKey: QueryKey, response: Response): void {
  answeredAsOf.set(hashKey(queryKey), Date.parse(answerAsOf(response)));
}

/** The parts of a page whose data has an age, by query key prefix. */
const PARTS: readonly [prefix: readonly string[], part: string][] = [
  [["tasks", "list"], "Task list"],
  [["tasks", "one"], "Task details"],
  [["tasks", "summary"], "Counts"],
  [["vehicles"], "Vehicle history"],
  [["locations"], "Locations"],
  [["maintenance"], "Maintenance"],
];

function partOf(queryKey: QueryKey): string | undefined {
  return PARTS.find(([prefix]) => prefix.every((word, index) => queryKey[index] === word))?.[1];
}

export interface ShownAsOf {
  part: string;
  asOfMs: number;
}

/** A mirror answer's own `as_of` (the maintenance answers), the same instant as its header. */
const ownAsOf = (body: unknown): number[] => {
  const asOf = (body as { as_of?: unknown } | null)?.as_of;
  return typeof asOf === "string" ? [Date.parse(asOf)] : [];
};

function asOfOfQuery(query: Query): number | undefined {
  const data = query.state.data as { pages?: (TaskPage & { as_of?: string })[] } | undefined;
  if (data === undefined) return undefined;
  // A list's pages carry theirs: a task list's fetchedAt, or a maintenance list's as_of. So do
  // answers the server rendered into the page, which no fetch here noted.
  const times = Array.isArray(data.pages)
    ? data.pages.flatMap((page) => (page.fetchedAt ? [Date.parse(page.fetchedAt)] : ownAsOf(page)))
    : ownAsOf(data);
  if (times.length > 0) return Math.min(...times);
  return answeredAsOf.get(query.queryHash);
}

const marks = new Map<symbol, ShownAsOf>();
const markListeners = new Set<() => void>();

/** A part rendered with its data (no query) is on the screen until the returned function is called. */
export function markShown(shown: ShownAsOf): () => void {
  const key = Symbol(shown.part);
  marks.set(key, shown);
  markListeners.forEach((listener) => listener());
  return () => {
    marks.delete(key);
    markListeners.forEach((listener) => listener());
  };
}

export function subscribeToMarks(listener: () => void): () => void {
  markListeners.add(listener);
  return () => markListeners.delete(listener);
}

/** The oldest data among the queries shown now and the marked parts; undefined when nothing shown has an age. */
export function oldestShown(
  queries: readonly Query[],
  marked: Iterable<ShownAsOf> = marks.values(),
): ShownAsOf | undefined {
  let oldest: ShownAsOf | undefined;
  for (const shown of marked) if (!oldest || shown.asOfMs < oldest.asOfMs) oldest = shown;
  for (const query of queries) {
    if (query.getObserversCount() === 0) continue;
    const part = partOf(query.queryKey);
    const asOfMs = part === undefined ? undefined : asOfOfQuery(query);
    if (part === undefined || asOfMs === undefined) continue;
    if (!oldest || asOfMs < oldest.asOfMs) oldest = { part, asOfMs };
  }
  return oldest;
}

/** Forgets a query the cache dropped. */
export function forgetAnswer(queryHash: string): void {
  answeredAsOf.delete(queryHash);
}
