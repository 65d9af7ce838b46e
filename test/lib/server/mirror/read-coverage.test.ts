import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mirrorCoverage, mirrorHorizonCoverage } from "@/lib/server/mirror/read/coverage";
import type { MirrorDatabase } from "./support/mirror-databases";
import { openMirror, STORES } from "./support/mirror-fixture";
import { insertSlices } from "./support/mirror-rows";

// The mirror answers a range only when every slice it touches is synced; its freshness is the
// oldest of those slices' as_of. A range with a slice never synced is refused with the progress.

const DAY_MS = 86_400_000;
const START = Date.parse("2026-05-01T00:00:00Z");
const day = (n: number) => new Date(START + n * DAY_MS).toISOString();
// Ten day slices: day 6 never synced; each other day synced at its own moment (day 2 the oldest).
const AS_OF = (n: number) =>
  new Date(Date.parse("2026-05-20T00:00:00Z") + (n === 2 ? -3_600_000 : n * 60_000));

describe.each(STORES)("coverage on %s", (store) => {
  let db: MirrorDatabase;

  beforeAll(async () => {
    db = await openMirror(store, "read_coverage");
    await insertSlices(db, START, START + 10 * DAY_MS, (startMs) => {
      const n = (startMs - START) / DAY_MS;
      return n === 6 ? null : AS_OF(n);
    });
  });
  afterAll(() => db?.close());

  it("is ready for a synced range, as fresh as its oldest slice", async () => {
    expect(await mirrorCoverage(db.sql, day(3), day(6))).toEqual({ state: "ready", asOf: AS_OF(3) });
    expect(await mirrorCoverage(db.sql, day(0), day(6))).toEqual({ state: "ready", asOf: AS_OF(2) });
    // Half-open: a range ending where the unsynced slice begins does not touch it.
    expect(await mirrorCoverage(db.sql, "2026-05-05T12:00:00.000Z", day(6))).toEqual({
      state: "ready",
      asOf: AS_OF(4),
    });
  });

  it("refuses a range with an unsynced slice, saying how far the sync is", async () => {
    expect(await mirrorCoverage(db.sql, day(4), "2026-05-08T00:00:00.001Z")).toEqual({
      state: "not_ready",
      progress: { synced: 9, total: 10, syncedInRange: 3, totalInRange: 4 },
      message:
        "The task mirror is still filling: 3 of 4 windows of this range are synced (9 of 10 in all). Try again shortly.",
    });
  });

  it("leaves a range past the horizon to the live path", async () => {
    expect(await mirrorCoverage(db.sql, day(-1), day(2))).toEqual({ state: "outside_horizon" });
    expect(await mirrorCoverage(db.sql, day(8), day(11))).toEqual({ state: "outside_horizon" });
    expect(await mirrorCoverage(db.sql, day(20), day(21))).toEqual({ state: "outside_horizon" });
  });

  it("reads the whole horizon for a vehicle", async () => {
    const whole = await mirrorHorizonCoverage(db.sql);
    expect(whole).toMatchObject({ state: "not_ready", progress: { synced: 9, total: 10 } });
    await db.sql.query("UPDATE mirror_windows SET as_of = $1::timestamptz WHERE as_of IS NULL", [day(19)]);
    expect(await mirrorHorizonCoverage(db.sql)).toEqual({ state: "ready", asOf: AS_OF(2) });
  });

  it("sees a gap in the slices as outside the horizon", async () => {
    await db.sql.query("DELETE FROM mirror_windows WHERE starts_at = $1::timestamptz", [day(5)]);
    expect(await mirrorCoverage(db.sql, day(4), day(7))).toEqual({ state: "outside_horizon" });
    expect(await mirrorCoverage(db.sql, day(0), day(5))).toMatchObject({ state: "ready" });
  });
});
