// A page of tasks read through the dashboard's cache: a person's read never joins a look-ahead's or
// an export's load (their lanes and deadlines are not the person's), and an export never takes an
// old page in place of one it could not read.
import { describe, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { FreshnessCache } from "@/lib/server/bff/freshness-cache";
import { readTaskPage } from "@/lib/server/bff/task-data";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import type { CallOptions } from "@/lib/server/upstream/http/vts-client";

const QUERY = { from: "2026-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z", order: "asc" as const };

/** A backend whose service answers each listTasks call with `answer(call's priority)`. */
function backendAnswering(answer: (priority: string) => Promise<{ data: []; next_cursor: null }>) {
  let now = 0;
  const priorities: string[] = [];
  const taskPages = new FreshnessCache({
    maxEntries: 10,
    freshMs: 1_000,
    staleMs: 60_000,
    refreshInBackground: false,
    now: () => now,
  });
  const backend = {
    taskPages,
    client: {
      listTasks: (_query: unknown, call: CallOptions) => {
        priorities.push(call.priority);
        return answer(call.priority);
      },
    },
    metrics: { cacheRequests: { inc: () => {} } },
  } as unknown as DashboardBackend;
  return { backend, priorities, advance: (ms: number) => (now += ms) };
}

describe("a page of tasks read through the cache", () => {
  it("is loaded for a person in a person's lane, even while a look-ahead loads the same page", async () => {
    let releasePrefetch!: () => void;
    const { backend, priorities } = backendAnswering((priority) =>
      priority === "prefetch"
        ? new Promise((resolve) => (releasePrefetch = () => resolve({ data: [], next_cursor: null })))
        : Promise.resolve({ data: [], next_cursor: null }),
    );
    const lookAhead = readTaskPage(backend, QUERY, "prefetch");
    await expect(readTaskPage(backend, QUERY, "interactive")).resolves.toMatchObject({ stale: false });
    expect(priorities).toEqual(["prefetch", "interactive"]);
    releasePrefetch();
    await lookAhead;
  });

  it("is never an old page for an export whose read was refused, as it may be for a person", async () => {
    let refuse = false;
    const { backend, advance } = backendAnswering(() =>
      refuse
        ? Promise.reject(new BudgetExhaustedError(1_000))
        : Promise.resolve({ data: [], next_cursor: null }),
    );
    await readTaskPage(backend, QUERY, "interactive");
    advance(5_000);
    refuse = true;
    await expect(readTaskPage(backend, QUERY, "interactive")).resolves.toMatchObject({
      stale: true,
      staleBecause: "budget",
    });
    await expect(readTaskPage(backend, QUERY, "export")).rejects.toBeInstanceOf(BudgetExhaustedError);
  });
});
