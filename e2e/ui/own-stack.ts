// A sandbox service and a dashboard of a spec's own, for tests that starve, freeze or slow the
// service or plant its data: what they do to it must not reach the other specs' shared processes.
import type { ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { startDashboardProcess } from "../../harness/dashboard-process";
import { scratchDatabase } from "../../harness/local-postgres";
import { sandboxDashboardEnv } from "../../harness/sandbox-dashboard-env";
import { startServiceProcess } from "../../harness/service-process";
import { addStaffMember } from "../../harness/dashboard-command-lines";
import { DEMO_STAFF } from "../global-setup";
import { runFolder } from "../support/run-folder";
import { keptSession, signInLandingOn } from "../support/session";

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
 * The service's store and the dashboard's (its mirror and workspace) are databases of the stack's
 * own on the run's PostgreSQL (global-setup.ts): what these specs prove does not hang on the
 * engine, and PGlite's start and files cost each stack about 5 s more of CPU. The shared stack
 * keeps PGlite, the stores a fresh install runs on.
 */
async function stackDatabases(name: string) {
  const serverUrl = process.env.E2E_POSTGRES_URL;
  if (!serverUrl) throw new Error("E2E_POSTGRES_URL is unset: the browser run's global setup starts it");
  const prefix = name.replace(/[^a-z0-9]/gi, "_").toLowerCase();
  const [service, dashboard] = await Promise.all([
    scratchDatabase(serverUrl, `${prefix}_service`),
    scratchDatabase(serverUrl, `${prefix}_dashboard`),
  ]);
  return { service, dashboard, drop: () => Promise.all([service.drop(), dashboard.drop()]) };
}

/**
 * `serviceEnv` goes on top of the service's defaults (500 seeded tasks, a database of the stack's
 * own); `prepare` runs in the stack's directory with the service's settings before it starts.
 */
export async function startOwnStack(
  name: string,
  serviceEnv: Record<string, string> = {},
  dashboardEnv: Record<string, string> = {},
  prepare?: (dir: string, serviceEnv: Record<string, string>) => Promise<void>,
): Promise<OwnStack> {
  const folder = runFolder(name);
  const dir = folder.path;
  // Each step's end, with its time: a start that hangs past the hook's timeout, which no harness
  // deadline reports, leaves this log to say which step waited.
  const stepDone = (step: string) =>
    appendFileSync(join(dir, "stack.log"), `${new Date().toISOString()} ${step}\n`);
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  stepDone("staff file written");
  const databases = await stackDatabases(name);
  stepDone("databases created");
  const env = { VTS_SEED_TASKS: "500", DATABASE_URL: databases.service.url, ...serviceEnv };
  let service;
  try {
    await prepare?.(dir, env);
    service = await startServiceProcess(env, {
      logFile: join(dir, "service.log"),
      timeoutMs: 90_000,
    });
    stepDone("service healthy");
  } catch (error) {
    stepDone("service did not start: dropping the databases");
    await databases.drop();
    folder.retire();
    throw error;
  }
  let dashboard;
  try {
    dashboard = await startDashboardProcess({
      env: {
        ...sandboxDashboardEnv(service.url),
        STAFF_FILE: staffFile,
        DASHBOARD_DATABASE_URL: databases.dashboard.url,
        ...dashboardEnv,
      },
      logFile: join(dir, "dashboard.log"),
    });
    stepDone("dashboard healthy");
  } catch (error) {
    stepDone("dashboard did not start: stopping the stack");
    await service.stop();
    await databases.drop();
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
      await databases.drop();
      folder.retire();
    },
  };
}

/** The demo staff member's session on a stack's dashboard, kept for the spec's later tests. */
export function keptSessionAt(baseUrl: () => string): (page: Page) => Promise<void> {
  return keptSession(baseUrl, (page) => signInLandingOn(page, baseUrl(), "/tasks"));
}
