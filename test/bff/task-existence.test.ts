// A task's page answers 404 only when the service says it has no such task: an id that is not a
// task id's shape never reaches the service, and a spent budget or a stopped service leaves the
// answer open (the page renders and says why it waits) instead of calling the task missing.
import { beforeAll, expect, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { taskExistence } from "@/lib/server/bff/mirror-reads";
import { freePort } from "@/harness/free-port";
import {
  DAY_MS,
  closeBackend,
  dashboardTaskPage,
  dashboardUpstreamCalls,
  makeBackend,
  taskListParams,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";
import { FULL_ACCESS } from "@/lib/server/staff";

const ADMIN = { email: "staff@company.example", access: FULL_ACCESS };

/** Small enough to spend in a few lookups; the dashboard's budget keeps the service from a 429. */
const LIMIT = 8;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: String(LIMIT) });
let backend: DashboardBackend;

beforeAll(async () => {
  backend = await suite.backend();
});

it("tells a task the service has from one it does not, and sends it no malformed id", async () => {
  const now = Date.now();
  const page = await dashboardTaskPage(
    backend,
    taskListParams(backend, {
      from: new Date(now - 30 * DAY_MS).toISOString(),
      to: new Date(now).toISOString(),
      limit: 1,
    }),
  );
  const known = page.data[0]?.id ?? "";
  expect(known).not.toBe("");
  expect(await taskExistence(backend, known, ADMIN)).toBe("found");
  expect(await taskExistence(backend, "no-such-task-0", ADMIN)).toBe("not_found");

  const calls = await dashboardUpstreamCalls(backend);
  for (const id of ["../locations", "a b", "", "x".repeat(129)]) {
    expect(await taskExistence(backend, id, ADMIN), JSON.stringify(id)).toBe("not_found");
  }
  expect(await dashboardUpstreamCalls(backend)).toBe(calls);
});

it("leaves the answer open, never a 404, while the budget is spent", async () => {
  const answers: string[] = [];
  for (let lookup = 0; lookup < LIMIT + 2 && !answers.includes("unknown"); lookup += 1) {
    answers.push(await taskExistence(backend, `budget-spender-${lookup}`, ADMIN));
  }
  // Missing tasks while a slot was left, then, with none left, no verdict.
  expect(answers, answers.join()).toEqual([...answers.slice(0, -1).map(() => "not_found"), "unknown"]);
  expect(answers.length, answers.join()).toBeGreaterThan(1);
});

it("leaves the answer open, never a 404, while the service does not answer, and soon", async () => {
  const down = await makeBackend(`http://127.0.0.1:${await freePort()}`);
  try {
    const started = Date.now();
    expect(await taskExistence(down, "asked-while-down", ADMIN)).toBe("unknown");
    expect(Date.now() - started, "the page waits a few seconds at most").toBeLessThan(5_000);
  } finally {
    await closeBackend(down);
  }
});
