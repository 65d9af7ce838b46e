import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";
import { startTestServiceOnPostgres, type TestService } from "@/task-service/test/support/test-service";
import { dashboardSettings, eventually } from "./sync-support";

// The mirror starts with the dashboard's backend and stops with its close(); a backend started
// again on the same directory serves the persisted mirror at once and carries on syncing.

let service: TestService;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  service = await startTestServiceOnPostgres();
  baseUrl = await service.app.listen({ port: 0, host: "127.0.0.1" });
  dir = await mkdtemp(join(tmpdir(), "mirror-backend-"));
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) =>
  parseDashboardEnv({
    ...dashboardSettings(baseUrl),
    MIRROR_DATA_DIR: dir,
    MIRROR_DAYS_BACK: "20",
    MIRROR_DAYS_AHEAD: "3",
    ...extra,
  });

describe("the mirror in the dashboard's backend", () => {
  it("syncs from start to close, and a restart serves what it held at once", async () => {
    const first = await createBackend(env(), { mirror: true });
    let held: { rows: number; total: number };
    try {
      const mirror = first.mirror!;
      await eventually(async () => {
        const status = await mirror.status();
        return status.windows.total === 24 && status.windows.synced === 24;
      }, 30_000);
      const status = await mirror.status();
      expect(status.rows).toBeGreaterThan(0);
      held = { rows: status.rows, total: status.windows.total };
    } finally {
      await first.close();
    }

    const second = await createBackend(env(), { mirror: true });
    try {
      const status = await second.mirror!.status();
      expect(status.windows).toEqual({ synced: held.total, total: held.total });
      expect(status.rows).toBe(held.rows);
    } finally {
      await second.close();
    }
  });

  it("forgets what it held when it is pointed at another service", async () => {
    // The directory holds the first test's mirror of 127.0.0.1; "localhost" names another source.
    const started = new Date();
    const other = await createBackend(env({ VTS_BASE_URL: baseUrl.replace("127.0.0.1", "localhost") }), {
      mirror: true,
    });
    try {
      const { db } = other.mirror!;
      // Whatever it holds now, it synced itself: nothing from before survived.
      const older = await db.query("SELECT starts_at FROM mirror_windows WHERE as_of < $1", [started]);
      expect(older).toEqual([]);
      const orphans = await db.query(
        `SELECT t.id FROM mirror_tasks t JOIN mirror_windows w
           ON t.started_at >= w.starts_at AND t.started_at < w.ends_at WHERE w.as_of IS NULL`,
      );
      expect(orphans).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("stays the pure proxy with MIRROR=off", async () => {
    const backend = await createBackend(env({ MIRROR: "off" }), { mirror: true });
    try {
      expect(backend.mirror).toBeUndefined();
    } finally {
      await backend.close();
    }
  });
});
