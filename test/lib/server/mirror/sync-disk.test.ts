// An embedded mirror's disk nearly full: the sync writes nothing and says why (its log, the
// status's last error, the health check's problems), a view is not noted, and the sync goes on by
// itself once the disk has room. The reserve is read from the real file system.
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { diskTooFull } from "@/lib/server/mirror/store/disk-space";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { soleLeadership } from "@/lib/server/mirror/sync/leader";
import { syncSource } from "@/lib/server/mirror/sync/source";
import { mirrorOf } from "@/lib/server/mirror/sync/start-mirror";
import { mirrorStatus } from "@/lib/server/mirror/sync/status";
import { MirrorSyncer } from "@/lib/server/mirror/sync/syncer";
import { dayKeepingClock, eventually, startSyncRig, TEST_HEAT, type SyncRig } from "./sync-support";

const dir = mkdtempSync(join(tmpdir(), "mirror-disk-"));
let rig: SyncRig;
let db: MirrorDb;

beforeAll(async () => {
  rig = await startSyncRig({ VTS_SEED_TASKS: "1000" });
  db = await openMirrorDb({ databaseUrl: undefined, dataDir: join(dir, "mirror") });
}, 120_000);

afterAll(async () => {
  await db?.close();
  await rig?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("measures the disk's free space against the reserve", async () => {
  const stats = statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  expect(await diskTooFull(dir, 1_048_576)).toBeUndefined();
  expect(await diskTooFull(dir, 0)).toBeUndefined();
  expect(await diskTooFull(dir, free + 1_073_741_824)).toMatch(/MB free, under the \d+ MB it keeps/);
});

it("writes nothing while the disk is nearly full, says why, and goes on once it has room", async () => {
  const stats = statfsSync(dir);
  let reserve = stats.bavail * stats.bsize + 1_073_741_824;
  const warnings: string[] = [];
  const syncer = new MirrorSyncer({
    db,
    source: syncSource(rig.backend.client),
    leadership: soleLeadership,
    instance: "test",
    daysBack: 30,
    daysAhead: 5,
    heat: TEST_HEAT,
    idleMs: 50,
    retryMs: 50,
    clock: dayKeepingClock(),
    log: { debug: () => {}, info: () => {}, warn: (message) => warnings.push(message) },
    writesBlocked: () => diskTooFull(join(dir, "mirror"), reserve),
  });
  const mirror = mirrorOf(db, syncer);
  syncer.start();
  try {
    await eventually(async () => (await mirrorStatus(db)).last_error !== null, 10_000);
    const held = await mirrorStatus(db);
    expect(held.last_error?.message).toMatch(/^Sync paused: the mirror's disk has \d+ MB free/);
    expect(held.windows.total).toBe(0);
    expect(held.rows).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(mirror.problems()).toEqual(["mirror_disk_nearly_full"]);

    reserve = 1_048_576;
    await eventually(async () => {
      const status = await mirrorStatus(db);
      return status.windows.total > 0 && status.windows.synced === status.windows.total;
    }, 60_000);
    expect(mirror.problems()).toEqual([]);
    expect((await mirrorStatus(db)).rows).toBeGreaterThan(0);
  } finally {
    await syncer.stop();
  }
});
