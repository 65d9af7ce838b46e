// A sandbox service with tasks planted before it starts (an import, as global-setup.ts plants its
// hostile task) and a dashboard of its own whose task mirror keeps a short horizon, filled before
// the spec looks: the vehicle page's flags and /locations' counts are checked against data whose
// truth the spec knows, and reading the service's own answers for it spends no shared budget.
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { RunningChild } from "../../harness/child-process";
import { startDashboardProcess } from "../../harness/dashboard-process";
import { clientToken, SANDBOX_CLIENTS } from "../../harness/sandbox-clients";
import { CLI_SCRIPT, runToExit, startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/staff-cli";
import { DEMO_STAFF } from "../global-setup";
import { SIGN_IN_TIMEOUT } from "../support/session";

/** The mirror's horizon here: a week back and two days ahead, a few windows that fill in seconds. */
export const HORIZON_DAYS = { back: 9, ahead: 2 };

export interface PlantedTask {
  id: string;
  vehicle_id: string;
  mva: string;
  vin: string | null;
  task_type: string;
  status: string;
  location_id: string;
  started_at: string;
  odometer_miles: number;
}

export interface PlantedStack {
  baseUrl: string;
  serviceUrl: string;
  stop(): Promise<void>;
}

export async function startPlantedStack(
  name: string,
  planted: readonly PlantedTask[],
): Promise<PlantedStack> {
  const dir = mkdtempSync(join(tmpdir(), `fleet-e2e-${name}-`));
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  const serviceEnv = {
    VTS_SEED_TASKS: "400",
    VTS_DATA_DIR: join(dir, "vts"),
    // The spec reads the service's truth page by page beside the mirror's sync.
    VTS_RATE_LIMIT_PER_MIN: "6000",
  };
  const options = (log: string) => ({ logFile: join(dir, log), timeoutMs: 90_000 });
  // The sandbox is generated at the first start; the planted tasks are imported after it.
  const preparing = await startServiceProcess(serviceEnv, options("service-prepare.log"));
  await preparing.stop();
  const file = join(dir, "planted.ndjson");
  writeFileSync(file, planted.map((task) => JSON.stringify(task)).join("\n") + "\n");
  const imported = await runToExit(CLI_SCRIPT, ["import", "tasks", file], serviceEnv);
  if (imported.code !== 0) throw new Error(`the import failed:\n${imported.stderr}`);
  const started: RunningChild[] = [];
  try {
    const service = await startServiceProcess(serviceEnv, options("service.log"));
    started.push(service);
    const dashboard = await startDashboardProcess({
      env: {
        VTS_BASE_URL: service.url,
        VTS_CLIENT_ID: SANDBOX_CLIENTS.full.id,
        VTS_CLIENT_SECRET: SANDBOX_CLIENTS.full.secret,
        AUTH_SECRET: randomBytes(33).toString("base64url"),
        STAFF_FILE: staffFile,
        MIRROR_DAYS_BACK: String(HORIZON_DAYS.back),
        MIRROR_DAYS_AHEAD: String(HORIZON_DAYS.ahead),
      },
      logFile: join(dir, "dashboard.log"),
    });
    started.push(dashboard);
    return {
      baseUrl: dashboard.url,
      serviceUrl: service.url,
      async stop() {
        for (const child of started.reverse()) await child.stop();
      },
    };
  } catch (error) {
    for (const child of started.reverse()) await child.stop();
    throw error;
  }
}

/** Waits until the signed-in `request`'s dashboard has synced every window of its horizon. */
export async function mirrorFilled(request: APIRequestContext, baseUrl: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = (await (await request.get(`${baseUrl}/api/mirror`)).json()) as {
          windows?: { synced: number; total: number };
        };
        return status.windows && status.windows.total > 0 && status.windows.synced === status.windows.total;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
}

interface ServiceTask {
  id: string;
  vehicle_id: string;
  status: string;
  started_at: string;
  location: { id: string; name: string };
}

/** Every task of [from, to) as the service itself answers (its pages of 500), for a spec's truth. */
export async function serviceTasks(
  serviceUrl: string,
  window: { from: string; to: string },
  filters: Record<string, string> = {},
): Promise<ServiceTask[]> {
  const token = await clientToken(serviceUrl, SANDBOX_CLIENTS.full);
  const tasks: ServiceTask[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...window, ...filters, limit: "500", ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${serviceUrl}/v1/tasks?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`the service answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { data: ServiceTask[]; next_cursor: string | null };
    tasks.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return tasks;
}

/** Signs in as the demo staff member on a stack's dashboard; lands on /tasks. */
export async function signInAt(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(DEMO_STAFF.email);
  await page.getByLabel("Password").fill(DEMO_STAFF.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/tasks$/, SIGN_IN_TIMEOUT);
}
