// Many staff at once: concurrent GET /api/tasks with the filters people actually combine, some of
// them paging on with the cursor their first page gave them.
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import type { TaskListParams } from "@/lib/server/bff/task-list-params";
import type { SlicedPage } from "@/lib/server/bff/page-slicer";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { CATALOG } from "@/task-service/src/sandbox/location-catalog";
import { TASK_TYPE_NAMES } from "@/task-service/src/sandbox/task-types";
import {
  DAY_MS,
  dashboardTaskPage,
  isoMinutesFromNow,
  prng,
  settle,
  taskListParams,
  type Outcome,
} from "./harness";

export interface BurstRequest {
  caller: number;
  combo: number;
  params: TaskListParams;
  /** 1 = first page, 2 = the page its first page's next_cursor points to. */
  pageNumber: 1 | 2;
  outcome: Outcome<SlicedPage<Task>>;
}

/** The filters of GET /api/tasks a person combines (everything but limit and cursor). */
export type Combo = {
  from: string;
  to: string;
  order: "asc" | "desc";
  location_id?: string;
  task_type?: string;
};

/** `count` distinct filter combinations: windows, locations, task types and orders. */
export function filterCombos(count: number, seed: number): Combo[] {
  const random = prng(seed);
  const now = Date.now();
  const windows: [number, number][] = [
    [-7, 0],
    [-30, 0],
    [-90, 0],
    [-180, -90],
    [-60, 30],
    [0, 30],
    [-14, 14],
  ];
  const combos = new Map<string, Combo>();
  while (combos.size < count) {
    const [fromDays, toDays] = random.pick(windows);
    const combo: Combo = {
      from: isoMinutesFromNow(fromDays * DAY_MS, now),
      to: isoMinutesFromNow(toDays * DAY_MS, now),
      order: random.next() < 0.7 ? "asc" : "desc",
    };
    if (random.next() < 0.6) combo.location_id = random.pick(CATALOG).id;
    if (random.next() < 0.4) combo.task_type = random.pick(TASK_TYPE_NAMES);
    combos.set(JSON.stringify(combo), combo);
  }
  return [...combos.values()];
}

/**
 * `callers` people at once, spread over `combos`; every third one that gets a first page with a
 * next_cursor asks for the next page too. Each gives up after `patienceMs`, as a browser would.
 */
export async function taskBurst(
  backend: DashboardBackend,
  options: { callers: number; combos: Combo[]; seed: number; patienceMs: number },
): Promise<BurstRequest[]> {
  const random = prng(options.seed);
  const plans = Array.from({ length: options.callers }, (_, caller) => {
    const combo = caller % options.combos.length;
    // Both ends of the allowed range appear, the rest spread over it.
    const limit = caller % 50 === 0 ? 1 : caller % 50 === 1 ? 500 : random.int(1, 500);
    return { caller, combo, limit };
  });
  const requests = await Promise.all(
    plans.map(async ({ caller, combo, limit }) => {
      const signal = AbortSignal.timeout(options.patienceMs);
      const query = { ...options.combos[combo]!, limit };
      const params = taskListParams(backend, query);
      const first: BurstRequest = {
        caller,
        combo,
        params,
        pageNumber: 1,
        outcome: await settle(dashboardTaskPage(backend, params, "interactive", signal)),
      };
      const cursor = first.outcome.ok ? first.outcome.value.next_cursor : null;
      if (caller % 3 !== 0 || cursor === null) return [first];
      const nextParams = taskListParams(backend, { ...query, cursor });
      const second: BurstRequest = {
        caller,
        combo,
        params: nextParams,
        pageNumber: 2,
        outcome: await settle(dashboardTaskPage(backend, nextParams, "interactive", signal)),
      };
      return [first, second];
    }),
  );
  return requests.flat();
}

/** "ok" / "upstream_busy (503)" / ... with counts, for readable failure messages. */
export function outcomeCounts(requests: readonly BurstRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of requests) {
    const key = outcome.ok
      ? "ok"
      : outcome.error
        ? `${outcome.error.code} (${outcome.error.status})`
        : `unmapped ${String(outcome.raw)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Pages of one filter set must all be cut from one sequence: each first page is a prefix of the
 * longest one, and a second page continues its first without overlap. Returns the problems.
 */
export function slicingProblems(requests: readonly BurstRequest[]): string[] {
  const problems: string[] = [];
  const byCaller = new Map<number, BurstRequest[]>();
  for (const request of requests)
    byCaller.set(request.caller, [...(byCaller.get(request.caller) ?? []), request]);
  const longestFirst = new Map<number, string[]>();
  for (const request of requests) {
    if (request.pageNumber !== 1 || !request.outcome.ok) continue;
    const page = request.outcome.value;
    const ids = page.data.map((task) => task.id);
    if (ids.length > request.params.limit) problems.push(`caller ${request.caller}: more rows than limit`);
    if (page.next_cursor !== null && ids.length !== request.params.limit)
      problems.push(
        `caller ${request.caller}: short page (${ids.length}/${request.params.limit}) with a cursor`,
      );
    const order = request.params.filters.order;
    for (let i = 1; i < page.data.length; i++) {
      const [a, b] = [page.data[i - 1]!.started_at, page.data[i]!.started_at];
      if (order === "asc" ? a > b : a < b)
        problems.push(`caller ${request.caller}: rows out of order at ${i}`);
    }
    const known = longestFirst.get(request.combo);
    if (!known || known.length < ids.length) longestFirst.set(request.combo, ids);
  }
  for (const request of requests) {
    if (request.pageNumber !== 1 || !request.outcome.ok) continue;
    const ids = request.outcome.value.data.map((task) => task.id);
    const longest = longestFirst.get(request.combo)!;
    if (ids.some((id, i) => longest[i] !== id))
      problems.push(
        `caller ${request.caller}: first page differs from another caller's with the same filters`,
      );
  }
  for (const pages of byCaller.values()) {
    const [first, second] = pages;
    if (!first?.outcome.ok || !second?.outcome.ok) continue;
    const seen = new Set(first.outcome.value.data.map((task) => task.id));
    if (second.outcome.value.data.some((task) => seen.has(task.id)))
      problems.push(`caller ${first.caller}: second page repeats rows of the first`);
    const last = first.outcome.value.data.at(-1);
    const next = second.outcome.value.data[0];
    const order = first.params.filters.order;
    if (
      last &&
      next &&
      (order === "asc" ? next.started_at < last.started_at : next.started_at > last.started_at)
    )
      problems.push(`caller ${first.caller}: second page does not continue the first`);
  }
  return problems;
}
