// The built dashboard starts its backend, and so the task mirror's sync, when it starts: a fresh
// deployment fills its mirror before anybody opens a page (npm start's promise to a newcomer).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { afterAll, expect, inject, it } from "vitest";
import type { RunningChild } from "@/harness/child-process";
import { startDashboardProcess } from "@/harness/dashboard-process";
import { scratchDatabase } from "@/harness/local-postgres";
import { sandboxDashboardEnv } from "@/harness/sandbox-dashboard-env";
import { startServiceProcess } from "@/harness/service-process";

const started: RunningChild[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const child of started.reverse()) await child.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it("syncs mirror windows with no request but the health check", { timeout: 180_000 }, async () => {
  const serviceDir = mkdtempSync(join(tmpdir(), "mirror-at-boot-"));
  cleanups.push(() => rmSync(serviceDir, { recursive: true, force: true }));
  const database = await scratchDatabase(inject("postgresUrl"), "mirror_at_boot");
  cleanups.push(() => database.drop());
  const service = await startServiceProcess({ VTS_DATA_DIR: serviceDir, VTS_SEED_TASKS: "2000" });
  started.push(service);
  const dashboard = await startDashboardProcess({
    env: {
      ...sandboxDashboardEnv(service.url),
      DASHBOARD_DATABASE_URL: database.url,
      MIRROR_DAYS_BACK: "10",
      MIRROR_DAYS_AHEAD: "3",
    },
  });
  started.push(dashboard);
  const client = new Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  const synced = async () => {
    const result = await client
      .query<{ synced: string }>("SELECT count(*) AS synced FROM mirror_windows WHERE as_of IS NOT NULL")
      .catch(() => ({ rows: [{ synced: "0" }] }));
    return Number(result.rows[0]?.synced ?? 0);
  };
  const deadline = Date.now() + 120_000;
  while ((await synced()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  expect(await synced(), dashboard.stdout() + dashboard.stderr()).toBeGreaterThan(0);
});
