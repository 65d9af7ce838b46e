import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coverageOfSnapshot,
  horizonCoverageOfSnapshot,
  mirrorCoverage,
  mirrorHorizonCoverage,
  readSliceSnapshot,
} from "@/lib/server/mirror/read/coverage";
import { Rng } from "@/platform/prng";
import type { MirrorDatabase } from "./support/mirror-databases";
import { openMirror, STORES } from "./support/mirror-fixture";
import { insertSlices } from "./support/mirror-rows";

// The verdict an instance computes from its snapshot of mirror_windows is exactly the one the SQL
// statement per request gives (state, progress, message and asOf), for any range, as the slices go
// from none to partly synced, with a gap, to all synced.

const DAY_MS = 86_400_000;
const START = Date.parse("2026-05-01T00:00:00Z");
const DAYS = 30;
const RANGES = 400;

/** Ranges the parsers could send: on day bounds, on slice edges give or take a millisecond, anywhere. */
function randomRange(rng: Rng): { from: string; to: string } {
  const instant = () => {
    const day = START + (rng.int(DAYS + 6) - 3) * DAY_MS;
    if (rng.chance(0.4)) return day;
    if (rng.chance(0.3)) return day + (rng.chance(0.5) ? 1 : -1);
    return day + rng.int(DAY_MS);
  };
  const a = instant();
  let b = instant();
  if (b === a) b = a + 1 + rng.int(3 * DAY_MS);
  const [from, to] = a < b ? [a, b] : [b, a];
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

describe.each(STORES)("coverage from a snapshot on %s", (store) => {
  let db: MirrorDatabase;

  beforeAll(async () => {
    db = await openMirror(store, "read_coverage_snapshot");
  });
  afterAll(() => db?.close());

  const expectSameAsSql = async (seed: number) => {
    const snapshot = await readSliceSnapshot(db.sql);
    const rng = new Rng(seed);
    const states = new Set<string>();
    for (let i = 0; i < RANGES; i += 1) {
      const { from, to } = randomRange(rng);
      const sql = await mirrorCoverage(db.sql, from, to);
      states.add(sql.state);
      expect(coverageOfSnapshot(snapshot, Date.parse(from), Date.parse(to)), `${from} ${to}`).toEqual(sql);
    }
    expect(horizonCoverageOfSnapshot(snapshot)).toEqual(await mirrorHorizonCoverage(db.sql));
    return states;
  };

  it("agrees with SQL while there are no slices at all", async () => {
    expect(await expectSameAsSql(1)).toEqual(new Set(["outside_horizon"]));
  });

  it("agrees with SQL over slices partly synced, each at its own moment, with a gap", async () => {
    const rng = new Rng(7);
    await insertSlices(db, START, START + DAYS * DAY_MS, () =>
      rng.chance(0.2) ? null : new Date(Date.parse("2026-06-01T00:00:00Z") + rng.int(DAY_MS)),
    );
    await db.sql.query("DELETE FROM mirror_windows WHERE starts_at = $1::timestamptz", [
      new Date(START + 17 * DAY_MS).toISOString(),
    ]);
    expect(await expectSameAsSql(2)).toEqual(new Set(["outside_horizon", "not_ready", "ready"]));
  });

  it("agrees with SQL once every slice is synced, also on a horizon without a gap", async () => {
    await db.sql.query("UPDATE mirror_windows SET as_of = $1::timestamptz WHERE as_of IS NULL", [
      "2026-06-02T03:04:05.678Z",
    ]);
    expect(await expectSameAsSql(3)).toEqual(new Set(["outside_horizon", "ready"]));
    await insertSlices(db, START + 17 * DAY_MS, START + 18 * DAY_MS, () => new Date("2026-05-31T00:00:00Z"));
    await expectSameAsSql(4);
    expect(horizonCoverageOfSnapshot(await readSliceSnapshot(db.sql))).toEqual({
      state: "ready",
      asOf: new Date("2026-05-31T00:00:00Z"),
    });
  });
});
