// Every page of GET /api/tasks for one set of parameters, followed by its cursors: what the tests
// that hold the mirror's answers to a reference selection compare, whichever store is under it.
import { expect } from "vitest";
import type { Task } from "@/lib/server/upstream/http/vts-schemas";

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
