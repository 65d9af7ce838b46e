// With a service that allows only a few calls a minute, the table says it is waiting for the
// shared budget, counts down, and fills in by itself once the window frees: no raw 429 ever.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { freePort } from "../../task-service/test/support/free-port";
import { DEMO_STAFF } from "../global-setup";
import { addStaffMember, startDashboard, startService, stop, waitForOk } from "../support/processes";

let service: ChildProcess | undefined;
let dashboard: ChildProcess | undefined;
let baseUrl = "";
let serviceUrl = "";

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const dir = mkdtempSync(join(tmpdir(), "fleet-e2e-budget-"));
  const [servicePort, dashboardPort] = [await freePort(), await freePort()];
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);
  service = startService(
    {
      VTS_MODE: "sandbox",
      VTS_SEED_TASKS: "500",
      VTS_DATA_DIR: join(dir, "vts"),
      VTS_PORT: String(servicePort),
      VTS_RATE_LIMIT_PER_MIN: "3",
    },
    join(dir, "service.log"),
  );
  serviceUrl = `http://127.0.0.1:${servicePort}`;
  await waitForOk(`${serviceUrl}/healthz`, 90_000, service);
  baseUrl = `http://localhost:${dashboardPort}`;
  dashboard = startDashboard(
    dashboardPort,
    {
      VTS_BASE_URL: `http://127.0.0.1:${servicePort}`,
      VTS_CLIENT_ID: "sandbox-full",
      VTS_CLIENT_SECRET: "sandbox-full-secret",
      AUTH_SECRET: randomBytes(33).toString("base64url"),
      AUTH_URL: baseUrl,
      STAFF_FILE: staffFile,
    },
    join(dir, "dashboard.log"),
  );
  await waitForOk(`${baseUrl}/api/health`, 60_000, dashboard);
});

test.afterAll(async () => {
  if (dashboard) await stop(dashboard);
  if (service) await stop(service);
});

test("an exhausted budget shows a countdown, never a 429, and clears by itself", async ({ page }) => {
  test.setTimeout(180_000);
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) statuses.push(response.status());
  });
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(DEMO_STAFF.email);
  await page.getByLabel("Password").fill(DEMO_STAFF.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  // A few calls spend this service's whole minute: the first load may already wait; if not,
  // each new filter is one more upstream call.
  const wait = page.getByTestId("budget-wait");
  const mvas = ["10000001", "10000002", "10000003", "10000004", "10000005"];
  while (!(await wait.isVisible()) && mvas.length > 0) {
    if (/loaded/.test((await page.getByTestId("row-count").textContent()) ?? "")) {
      await page.getByLabel("MVA", { exact: true }).fill(mvas.shift() ?? "");
      await page.getByLabel("MVA", { exact: true }).press("Enter");
    }
    await page.waitForTimeout(1_000);
  }
  await expect(wait).toBeVisible({ timeout: 30_000 });
  await expect(wait).toContainText(/Retrying by itself in \d+ s/);
  await expect(page.getByTestId("budget-remaining")).toContainText(/^0\/\d+ left/, { timeout: 10_000 });
  // Refresh would only queue behind the wait and trade the rows for skeletons: it waits too.
  await expect(page.getByRole("button", { name: "Refresh" })).toBeDisabled({ timeout: 10_000 });
  await expect(page.getByText("Waits for the shared budget")).toBeVisible();

  await expect(wait).toBeHidden({ timeout: 120_000 });
  await expect(page.getByTestId("row-count")).toHaveText(/loaded/);
  expect(statuses).not.toContain(429);
  await expect(page.getByRole("alert").filter({ hasText: /429|Too Many Requests/ })).toHaveCount(0);
});

/** Spends the rest of the service's minute for the dashboard's client, behind the dashboard's back. */
async function spendServiceMinute(): Promise<void> {
  const tokenResponse = await fetch(`${serviceUrl}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("sandbox-full:sandbox-full-secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  for (let calls = 0; calls < 20; calls++) {
    const response = await fetch(`${serviceUrl}/v1/locations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.body?.cancel();
    if (response.status === 429) return;
  }
  throw new Error("the service never said the minute was spent");
}

test("a task opened while the budget is spent says it waits, counts down, then shows", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(DEMO_STAFF.email);
  await page.getByLabel("Password").fill(DEMO_STAFF.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // A task of the table (its own row, never fetched alone), opened as a page of its own.
  const row = page.locator("[data-task-id]").first();
  await expect(row).toBeVisible({ timeout: 120_000 });
  const id = (await row.getAttribute("data-task-id")) ?? "";
  await spendServiceMinute();
  await page.goto(`${baseUrl}/tasks/${id}`);
  const wait = page.getByTestId("budget-wait");
  await expect(wait).toBeVisible({ timeout: 45_000 });
  await expect(wait).toContainText(/Retrying by itself in \d+ s/);
  await expect(page.getByText(`Loading task ${id}…`)).toBeVisible();
  await expect(page.getByTestId("task-detail")).toBeVisible({ timeout: 120_000 });
  await expect(wait).toBeHidden();
});
