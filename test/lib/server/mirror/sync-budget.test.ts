import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "@/contract/query/day";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { soleLeadership } from "@/lib/server/mirror/sync/leader";
import { syncSource } from "@/lib/server/mirror/sync/source";
import { mirrorStatus } from "@/lib/server/mirror/sync/status";
import { MirrorSyncer } from "@/lib/server/mirror/sync/syncer";
import { eventually, startSyncRig, TEST_HEAT, type SyncRig } from "./sync-support";

// Against the real service at its real limit (60 a minute): a filling mirror takes its share of
// the minute and stops there, and people's requests made meanwhile get a slot at once.

let rig: SyncRig;
let db: MirrorDb;
let syncer: MirrorSyncer;

beforeAll(async () => {
  // Cold walks of a day each: a full fill of 210 days needs about 200 calls, far more than one
  // minute's share (29), however few tasks each call brings.
  rig = await startSyncRig({ VTS_SEED_TASKS: "5000", VTS_RATE_LIMIT_PER_MIN: "60" });
  db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
  syncer = new MirrorSyncer({
    db,
    source: syncSource(rig.backend.client),
    leadership: soleLeadership,
    instance: "test",
    daysBack: 180,
    daysAhead: 30,
    heat: { ...TEST_HEAT, coldWalkMs: DAY_MS },
  });
  syncer.start();
}, 120_000);

afterAll(async () => {
  await syncer?.stop();
  await db?.close();
  await rig?.close();
});

describe("sync under the service's real limit", () => {
  it("stops at its share of the minute, and a person's request made then waits for nothing", async () => {
    // Half of the effective limit (60 - 2): 29 calls, then sync waits for the minute to pass.
    await eventually(async () => (await mirrorStatus(db)).sync_calls.last_minute >= 29, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await mirrorStatus(db)).sync_calls.last_minute).toBe(29);
    const budget = await rig.backend.budget.snapshot();
    expect(budget.queued.sync).toBeGreaterThan(0);

    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = Date.now();
      const page = await rig.backend.client.listTasks(
        { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString(), order: "asc" },
        // A person's page may wait at most 100 ms for a slot here, or it fails.
        { priority: "interactive", deadlineMs: Date.now() + 100 },
      );
      expect(page.data.length).toBeGreaterThan(0);
      waits.push(Date.now() - started);
    }
    expect(Math.max(...waits)).toBeLessThan(1_000);
    // Sync took nothing more meanwhile, and the service never refused a call (no 429 pause).
    expect((await mirrorStatus(db)).sync_calls.last_minute).toBe(29);
    expect((await rig.backend.budget.snapshot()).pausedForMs).toBe(0);
  }, 90_000);
});
