// Which of the mirror's page reads ask to be sent as a prepared statement (QueryOptions): every page
// but a search, whose best plan needs its very pattern. The mark is what makes a page skip parsing
// and planning on PostgreSQL (platform/sql/prepared-names.ts); PGlite answers here either way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardCursorCodec } from "@/lib/server/dashboard-cursor";
import type { MirrorSql } from "@/lib/server/mirror/read/mirror-sql";
import { parseMirrorTaskParams } from "@/lib/server/mirror/read/parse-mirror-params";
import { readMirrorTaskPage } from "@/lib/server/mirror/read/read-task-page";
import { openPgliteMirror, type MirrorDatabase } from "./support/mirror-databases";
import { ANCHOR } from "./support/mirror-fixture";
import { insertTasks, sandboxMirrorTasks } from "./support/mirror-rows";
import { FULL_ACCESS } from "@/lib/server/staff";

const cursors = new DashboardCursorCodec("read-prepared-test");
const WINDOW = { from: "2026-05-01T00:00:00Z", to: "2026-06-01T00:00:00Z" };

describe("the mirror's page statement", () => {
  let db: MirrorDatabase;
  const marks: (boolean | undefined)[] = [];
  const recording: MirrorSql = {
    query: (text, params, options) => {
      marks.push(options?.prepared);
      return db.sql.query(text, params, options);
    },
  };

  beforeAll(async () => {
    db = await openPgliteMirror();
    await insertTasks(db, sandboxMirrorTasks(3, 400, ANCHOR));
  });
  afterAll(() => db?.close());

  async function pageMark(extra: Record<string, string>): Promise<boolean | undefined> {
    const params = new URLSearchParams({ ...WINDOW, limit: "5", ...extra });
    const parsed = parseMirrorTaskParams(new URL(`http://dashboard/api/tasks?${params}`), {
      maxWindowDays: 92,
      access: FULL_ACCESS,
      cursors,
    });
    if (!parsed.ok) throw parsed.error;
    marks.length = 0;
    const page = await readMirrorTaskPage(recording, parsed.value, cursors);
    expect(page.data.length).toBeGreaterThan(0);
    expect(marks).toHaveLength(1);
    return marks[0];
  }

  it("is prepared for lists, sorts and orders", async () => {
    expect(await pageMark({})).toBe(true);
    expect(await pageMark({ sort: "location", order: "desc" })).toBe(true);
    expect(await pageMark({ status: "completed,cancelled", sort: "odometer_miles" })).toBe(true);
  });

  it("is sent plain for a search, whose plan depends on what is searched for", async () => {
    expect(await pageMark({ q: "a" })).toBe(false);
  });
});
