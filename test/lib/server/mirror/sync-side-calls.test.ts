// The sync's side calls (the locations, the change feed) failing for good, as when the dashboard's
// client lacks the locations' scope or a gateway refuses the feed's path: every slice is still
// walked and synced, the status names what fails, and each failing call is tried again only after
// a wait, not at every step.
import { afterAll, beforeAll, expect, it } from "vitest";
import { UpstreamError } from "@/lib/server/upstream/http/vts-client";
import { openMirrorDb, type MirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { soleLeadership } from "@/lib/server/mirror/sync/leader";
import { syncSource, type SyncSource } from "@/lib/server/mirror/sync/source";
import { mirrorStatus } from "@/lib/server/mirror/sync/status";
import { MirrorSyncer } from "@/lib/server/mirror/sync/syncer";
import { dayKeepingClock, eventually, startSyncRig, TEST_HEAT, type SyncRig } from "./sync-support";

let rig: SyncRig;
let db: MirrorDb;

beforeAll(async () => {
  rig = await startSyncRig({ VTS_SEED_TASKS: "1000" });
  db = await openMirrorDb({ databaseUrl: undefined, dataDir: undefined });
}, 120_000);

afterAll(async () => {
  await db?.close();
  await rig?.close();
});

it("walks and syncs every slice while the locations and the change feed keep failing", async () => {
  const real = syncSource(rig.backend.client);
  const asked = { locations: 0, feed: 0, tasks: 0 };
  const failing: SyncSource = {
    listTasks: (query, signal) => {
      asked.tasks += 1;
      return real.listTasks(query, signal);
    },
    listLocations: () => {
      asked.locations += 1;
      return Promise.reject(
        new UpstreamError("rejected", "The service refused the request (403).", { status: 403 }),
      );
    },
    listTaskChanges: () => {
      asked.feed += 1;
      return Promise.reject(new UpstreamError("unavailable", "The service answered 502.", { status: 502 }));
    },
  };
  const errors: unknown[] = [];
  const syncer = new MirrorSyncer({
    db,
    source: failing,
    leadership: soleLeadership,
    instance: "test",
    daysBack: 30,
    daysAhead: 5,
    heat: TEST_HEAT,
    idleMs: 50,
    retryMs: 50,
    clock: dayKeepingClock(),
    onError: (error) => errors.push(error),
  });
  syncer.start();
  try {
    await eventually(async () => {
      const status = await mirrorStatus(db);
      return status.windows.total > 0 && status.windows.synced === status.windows.total;
    }, 25_000);
  } finally {
    await syncer.stop();
  }
  expect(asked.tasks).toBeGreaterThan(0);
  expect((await mirrorStatus(db)).rows).toBeGreaterThan(0);
  // Each tried once, then left for its wait (30 s at first), not asked at every 50 ms step.
  expect(asked.locations).toBe(1);
  expect(asked.feed).toBe(1);
  expect(errors).toHaveLength(2);
  expect((await mirrorStatus(db)).last_error?.message).toMatch(/^(locations|change feed): /);
});
