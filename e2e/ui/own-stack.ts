// A sandbox service and a dashboard of a spec's own, for tests that starve, freeze or slow the
// service: what they do to it must not reach the other specs' shared processes.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { freePort } from "../../task-service/test/support/free-port";
import { DEMO_STAFF } from "../global-setup";
import { addStaffMember, startDashboard, startService, stop, waitForOk } from "../support/processes";
import { SIGN_IN_TIMEOUT } from "../support/session";

export interface OwnStack {
  baseUrl: string;
  serviceUrl: string;
  service: ChildProcess;
  stop(): Promise<void>;
}

export async function startOwnStack(
  name: string,
  serviceEnv: Record<string, string>,
  dashboardEnv: Record<string, string> = {},
): Promise<OwnStack> {
  const dir = mkdtempSync(join(tmpdir(), `fleet-e2e-${name}-`));
  const [servicePort, dashboardPort] = [await freePort(), await freePort()];
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  const service = startService(
    {
      VTS_MODE: "sandbox",
      VTS_SEED_TASKS: "500",
      VTS_DATA_DIR: join(dir, "vts"),
      VTS_PORT: String(servicePort),
      ...serviceEnv,
    },
    join(dir, "service.log"),
  );
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  await waitForOk(`${serviceUrl}/healthz`, 90_000, service);
  const baseUrl = `http://localhost:${dashboardPort}`;
  const dashboard = startDashboard(
    dashboardPort,
    {
      VTS_BASE_URL: serviceUrl,
      VTS_CLIENT_ID: "sandbox-full",
      VTS_CLIENT_SECRET: "sandbox-full-secret",
      AUTH_SECRET: randomBytes(33).toString("base64url"),
      AUTH_URL: baseUrl,
      STAFF_FILE: staffFile,
      ...dashboardEnv,
    },
    join(dir, "dashboard.log"),
  );
  await waitForOk(`${baseUrl}/api/health`, 60_000, dashboard);
  return {
    baseUrl,
    serviceUrl,
    service,
    async stop() {
      await stop(dashboard);
      // A frozen service would not hear SIGTERM.
      service.kill("SIGCONT");
      await stop(service);
    },
  };
}

/** Signs in as the demo staff member on this stack's dashboard; lands on /tasks. */
export async function signInTo(page: Page, stack: OwnStack): Promise<void> {
  await page.goto(`${stack.baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(DEMO_STAFF.email);
  await page.getByLabel("Password").fill(DEMO_STAFF.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/tasks$/, SIGN_IN_TIMEOUT);
}
