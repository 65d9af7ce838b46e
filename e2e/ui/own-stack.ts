// A sandbox service and a dashboard of a spec's own, for tests that starve, freeze or slow the
// service or plant its data: what they do to it must not reach the other specs' shared processes.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { startDashboardProcess } from "../../harness/dashboard-process";
import { sandboxDashboardEnv } from "../../harness/sandbox-dashboard-env";
import { startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/staff-cli";
import { DEMO_STAFF } from "../global-setup";
import { runFolder } from "../support/run-folder";
import { SIGN_IN_TIMEOUT } from "../support/session";

export interface OwnStack {
  baseUrl: string;
  serviceUrl: string;
  /** The service's process, for a spec that freezes it (SIGSTOP). */
  service: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Long enough for the harness's own deadlines (the service's 90 s, then the dashboard's 60 s) with
 * room to spare: a stack slower than them fails with their diagnosis and the log's tail, not with a
 * hook's bare timeout (a start on a busy machine has taken 80 s for the service alone).
 */
export const OWN_STACK_START_TIMEOUT_MS = 240_000;

/**
 * `serviceEnv` goes on top of the service's defaults (500 seeded tasks, a data directory of the
 * stack's own); `prepare` runs in the stack's directory with the service's settings before it starts.
 */
export async function startOwnStack(
  name: string,
  serviceEnv: Record<string, string> = {},
  dashboardEnv: Record<string, string> = {},
  prepare?: (dir: string, serviceEnv: Record<string, string>) => Promise<void>,
): Promise<OwnStack> {
  const folder = runFolder(name);
  const dir = folder.path;
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  const env = { VTS_SEED_TASKS: "500", VTS_DATA_DIR: join(dir, "vts"), ...serviceEnv };
  await prepare?.(dir, env);
  const service = await startServiceProcess(env, {
    logFile: join(dir, "service.log"),
    timeoutMs: 90_000,
  });
  let dashboard;
  try {
    dashboard = await startDashboardProcess({
      env: { ...sandboxDashboardEnv(service.url), STAFF_FILE: staffFile, ...dashboardEnv },
      logFile: join(dir, "dashboard.log"),
    });
  } catch (error) {
    await service.stop();
    folder.retire();
    throw error;
  }
  const started = dashboard;
  return {
    baseUrl: started.url,
    serviceUrl: service.url,
    service: service.process,
    async stop() {
      await started.stop();
      // A frozen service would not hear SIGTERM.
      service.process.kill("SIGCONT");
      await service.stop();
      folder.retire();
    },
  };
}

/** Signs in as the demo staff member on a stack's dashboard; lands on /tasks. */
export async function signInAt(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(DEMO_STAFF.email);
  await page.getByLabel("Password").fill(DEMO_STAFF.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/tasks$/, SIGN_IN_TIMEOUT);
}

export function signInTo(page: Page, stack: OwnStack): Promise<void> {
  return signInAt(page, stack.baseUrl);
}
