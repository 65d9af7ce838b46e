// Small helpers for reading /v1/tasks in tests.
import type { Task } from "../../src/repositories/tasks-repository";
import type { TestService } from "../support/test-service";

export interface TaskPage {
  data: Task[];
  next_cursor: string | null;
}

export function taskUrl(params: Record<string, string | number | undefined>): string {
  const defined = Object.entries(params).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return `/v1/tasks?${new URLSearchParams(defined.map(([key, value]) => [key, String(value)])).toString()}`;
}

export async function getPage(
  service: TestService,
  token: string,
  params: Record<string, string | number | undefined>,
) {
  const response = await service.request({
    method: "GET",
    url: taskUrl(params),
    headers: { authorization: `Bearer ${token}` },
  });
  return { response, page: response.statusCode === 200 ? response.json<TaskPage>() : undefined };
}

/** Follows next_cursor to the end and returns every task of the scan, in order. */
export async function scanAll(
  service: TestService,
  token: string,
  params: Record<string, string | number | undefined>,
  afterEachPage: (page: TaskPage) => Promise<void> = async () => {},
): Promise<Task[]> {
  const tasks: Task[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { response, page } = await getPage(service, token, { ...params, cursor });
    if (!page) throw new Error(`scan failed: ${response.statusCode} ${response.body}`);
    tasks.push(...page.data);
    await afterEachPage(page);
    if (page.next_cursor === null) return tasks;
    cursor = page.next_cursor;
  }
}

const DAY_MS = 86_400_000;
// Fixed once per test file: a cursor is bound to its exact window.
const SCAN_START = Date.now() - 182 * DAY_MS;

/** The sandbox spans 180 days back and 30 ahead; windows of 90 days cover it within the 92-day limit. */
export function sandboxWindows(): { from: string; to: string }[] {
  return [0, 1, 2].map((index) => ({
    from: new Date(SCAN_START + index * 90 * DAY_MS).toISOString(),
    to: new Date(SCAN_START + (index + 1) * 90 * DAY_MS).toISOString(),
  }));
}
