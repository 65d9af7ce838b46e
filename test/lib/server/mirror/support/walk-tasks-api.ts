// Every page of GET /api/tasks for one set of parameters, followed by its cursors: what the tests
// that hold the mirror's answers to a reference selection compare, whichever store is under it.
import fc from "fast-check";
import { expect } from "vitest";
import { propertySettings } from "@/harness/fuzz-settings";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";
import { queryArbitrary } from "./query-arbitrary";

export type TaskListPage = { data: Task[]; next_cursor: string | null; total: number | null; source: string };

type Answer = { status: number; headers: Headers; text: string };

export async function walkTasksApi(
  tasksAnswer: (query: string) => Promise<Answer>,
  params: URLSearchParams,
): Promise<{ ids: string[]; totals: number[]; sources: string[] }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  const sources = new Set<string>();
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams(params);
    if (cursor) query.set("cursor", cursor);
    const answer = await tasksAnswer(query.toString());
    expect(answer.status, answer.text).toBe(200);
    expect(Date.parse(answer.headers.get("x-data-fetched-at")!)).toBeLessThanOrEqual(Date.now());
    const page = JSON.parse(answer.text) as TaskListPage;
    ids.push(...page.data.map((task) => task.id));
    totals.add(page.total ?? -1);
    sources.add(page.source);
    cursor = page.next_cursor;
  } while (cursor);
  return { ids, totals: [...totals], sources: [...sources] };
}

/**
 * For `runs` random queries over the horizon's tasks (seeded, shrunk on failure): every page of
 * GET /api/tasks together holds exactly the ids `expectedIds` gives, in order, with the exact total,
 * all from the mirror. A quarter of the queries at least must select something: empty selections
 * would prove little. The share is lower than the arbitrary's usual half or more because the
 * sandbox's tasks move with the calendar day, so one seed selects a little more or less each day.
 */
export async function walksMatch(options: {
  tasks: readonly Task[];
  horizon: { from: number; to: number };
  runs: number;
  expectedIds: (params: URLSearchParams) => Promise<string[]> | string[];
  tasksAnswer: (query: string) => Promise<Answer>;
}): Promise<void> {
  let cases = 0;
  let nonEmpty = 0;
  const arbitrary = queryArbitrary(options.tasks, [options.horizon.from, options.horizon.to]);
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ query, pageSize }) => {
      const params = new URLSearchParams(query);
      const expected = await options.expectedIds(params);
      params.set("limit", String(Math.max(pageSize, Math.ceil(expected.length / 8))));
      expect({ params: params.toString(), ...(await walkTasksApi(options.tasksAnswer, params)) }).toEqual({
        params: params.toString(),
        ids: expected,
        totals: [expected.length],
        sources: ["mirror"],
      });
      cases += 1;
      if (expected.length > 0) nonEmpty += 1;
    }),
    propertySettings(options.runs),
  );
  expect(nonEmpty).toBeGreaterThanOrEqual(Math.ceil(cases / 4));
}
