import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase } from "@/harness/local-postgres";
import type { MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { openMirrorDb } from "@/lib/server/mirror/store/open-mirror";
import { advisoryLeadership } from "@/lib/server/mirror/sync/leader";
import { syncSource } from "@/lib/server/mirror/sync/start-mirror";
import { mirrorStatus } from "@/lib/server/mirror/sync/status";
import { MirrorSyncer } from "@/lib/server/mirror/sync/syncer";
import { eventually, startSyncRig, TEST_HEAT, type SyncRig } from "./sync-support";

// Two dashboard instances on one PostgreSQL: one syncs, both read; when the leader stops, the
// other takes over within 30 s (the production retry period, not a test's shortened one).

let rig: SyncRig;
let database: Awaited<ReturnType<typeof scratchDatabase>>;
const dbs: MirrorDb[] = [];

beforeAll(async () => {
  rig = await startSyncRig();
  database = await scratchDatabase(inject("postgresUrl"), "mirror_leader");
});

afterAll(async () => {
  for (const db of dbs) await db.close();
  await rig?.close();
  await database?.drop();
});

async function instance(name: string) {
  const db = await openMirrorDb({ databaseUrl: database.url, dataDir: undefined });
  dbs.push(db);
  const syncer = new MirrorSyncer({
    db,
    source: syncSource(rig.backend.client),
    leadership: advisoryLeadership(database.url),
    instance: name,
    daysBack: 30,
    daysAhead: 5,
    heat: TEST_HEAT,
    idleMs: 200,
  });
  return { db, syncer };
}

describe("two syncers on one PostgreSQL", () => {
  it("elect one leader; when it stops, the other leads within 30 s", async () => {
    const a = await instance("instance-a");
    a.syncer.start();
    await eventually(async () => a.syncer.isLeader, 10_000);
    const b = await instance("instance-b");
    b.syncer.start();
    try {
      await eventually(async () => (await mirrorStatus(b.db)).windows.synced > 0, 30_000);
      // B's first try at the lock has long been made (it connects in milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(b.syncer.isLeader).toBe(false);
      // Both read the same state, whoever writes it.
      expect((await mirrorStatus(b.db)).leader?.instance).toBe("instance-a");
      expect((await mirrorStatus(a.db)).horizon).toEqual((await mirrorStatus(b.db)).horizon);

      await a.syncer.stop();
      const stoppedAt = Date.now();
      await eventually(async () => b.syncer.isLeader, 30_000, 200);
      expect(Date.now() - stoppedAt).toBeLessThanOrEqual(30_000);
      await eventually(async () => (await mirrorStatus(a.db)).leader?.instance === "instance-b", 5_000);
    } finally {
      await a.syncer.stop();
      await b.syncer.stop();
    }
  }, 60_000);
});
