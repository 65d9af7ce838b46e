// The workspace's data (program overrides, saved views and start views, the audit trail) outlives
// what happens to the mirror beside it on a shared PostgreSQL (a new service emptying it, the horizon
// moving), and comes back from a backup taken and restored exactly as the operator's guide says, on
// either store. An import makes the overrides exactly a file's. Saved views are their owner's to
// change and everyone's to open once shared.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventually } from "@/harness/eventually";
import { postgresClientTool, scratchDatabase } from "@/harness/local-postgres";
import { createBackend } from "@/lib/server/bff/dashboard-backend";
import { parseDashboardEnv } from "@/lib/server/env";
import { openMirrorDb } from "@/lib/server/mirror/store/mirror-db";
import { alignSlices, horizonAt } from "@/lib/server/mirror/sync/slices";
import { adoptSource } from "@/lib/server/mirror/sync/source";
import { parseTaskFilters, withTaskFilters } from "@/lib/client/task-filters";
import { parseTableView, withTableView } from "@/lib/client/table-view";
import {
  changeSavedView,
  clearStartView,
  createSavedView,
  deleteSavedView,
  listOverrides,
  listSavedViews,
  openWorkspaceDb,
  overridesFile,
  pruneAudit,
  readAudit,
  readOverridesFile,
  readSavedView,
  recordAudit,
  recordAuditOnce,
  removeOverride,
  replaceOverrides,
  saveOverride,
  setStartView,
  startViewOf,
  viewStateSchema,
  VIEWS_PER_OWNER_MAX,
  type AuditRecord,
  type SavedView,
  type ViewOutcome,
  type WorkspaceDb,
} from "@/lib/server/workspace";

const DAY_MS = 86_400_000;
const databases: Awaited<ReturnType<typeof scratchDatabase>>[] = [];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "workspace-store-"));
});
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function scratch(prefix: string): Promise<string> {
  const database = await scratchDatabase(inject("postgresUrl"), prefix);
  databases.push(database);
  return database.url;
}

/** Two overrides, one changed and one removed since: four audit records. */
async function fill(db: WorkspaceDb): Promise<void> {
  await saveOverride(
    db,
    "oil_change",
    { no_program: false, interval_days: 120, interval_miles: 6_000, due_soon_share: 0.15 },
    "a@company.example",
  );
  await saveOverride(
    db,
    "car_wash",
    { no_program: true, interval_days: null, interval_miles: null, due_soon_share: null },
    "b@company.example",
  );
  await saveOverride(
    db,
    "oil_change",
    { no_program: false, interval_days: 90, interval_miles: null, due_soon_share: null },
    "b@company.example",
  );
  await removeOverride(db, "car_wash", "a@company.example");
}

const created = (outcome: ViewOutcome<SavedView>): SavedView => {
  if (!outcome.ok) throw new Error(`the view was not saved: ${outcome.problem}`);
  return outcome.value;
};

/** A shared view someone else starts with, and a private one: two records. */
async function fillViews(db: WorkspaceDb): Promise<void> {
  const morning = created(
    await createSavedView(db, "a@company.example", {
      name: "Morning check",
      shared: true,
      state: {
        range: "today",
        status: "in_progress",
        cols: "started_at,status,location",
        widths: "location:240",
      },
    }),
  );
  await createSavedView(db, "b@company.example", { name: "Mine", shared: false, state: { sort: "mva" } });
  await setStartView(db, "b@company.example", morning.id);
}

const contents = async (db: WorkspaceDb) => ({
  overrides: await listOverrides(db),
  views: await db.query("SELECT * FROM workspace_saved_views ORDER BY id"),
  startViews: await db.query("SELECT * FROM workspace_start_views ORDER BY owner"),
  audit: await db.query<{ id: string; actor: string; action: string; details: unknown }>(
    "SELECT id::text, actor, action, details FROM workspace_audit ORDER BY id",
  ),
});

describe("on a shared PostgreSQL", () => {
  it("keeps every override and record while the mirror beside it is emptied and its horizon moves", async () => {
    const url = await scratch("workspace_beside");
    const mirror = await openMirrorDb({ databaseUrl: url, dataDir: undefined });
    const workspace = await openWorkspaceDb({ databaseUrl: url, dataDir: undefined });
    try {
      await fill(workspace);
      await fillViews(workspace);
      const before = await contents(workspace);
      expect(before.overrides.map((o) => [o.task_type, o.interval_days, o.changed_by])).toEqual([
        ["oil_change", 90, "b@company.example"],
      ]);
      expect(before.views).toHaveLength(2);
      expect((await startViewOf(workspace, "b@company.example"))?.name).toBe("Morning check");
      expect(before.audit.map((record) => record.action)).toEqual([
        "program_override_set",
        "program_override_set",
        "program_override_set",
        "program_override_removed",
        "view_created",
        "view_created",
      ]);
      // A new service empties the mirror; a new day moves its horizon; a restart migrates again.
      await adoptSource(mirror, "http://one.example sandbox-full");
      await adoptSource(mirror, "http://two.example sandbox-full");
      await alignSlices(mirror, horizonAt(Date.now() + 3 * DAY_MS, 10, 2));
      await (await openWorkspaceDb({ databaseUrl: url, dataDir: undefined })).close();
      expect(await contents(workspace)).toEqual(before);
    } finally {
      await workspace.close();
      await mirror.close();
    }
  });

  it("comes back whole from pg_dump into a new database the dashboard has migrated, and goes on numbering records", async () => {
    const source = await scratch("workspace_backup");
    const workspace = await openWorkspaceDb({ databaseUrl: source, dataDir: undefined });
    const dump = join(dir, "workspace.dump");
    let before: Awaited<ReturnType<typeof contents>>;
    try {
      await fill(workspace);
      await fillViews(workspace);
      before = await contents(workspace);
    } finally {
      await workspace.close();
    }
    // The operator's guide's two commands, word for word.
    execFileSync(postgresClientTool("pg_dump"), [
      "--data-only",
      "--format=custom",
      "--table=workspace_program_overrides",
      "--table=workspace_audit",
      "--table=workspace_saved_views",
      "--table=workspace_start_views",
      `--file=${dump}`,
      source,
    ]);
    const target = await scratch("workspace_restored");
    const restored = await openWorkspaceDb({ databaseUrl: target, dataDir: undefined });
    try {
      execFileSync(postgresClientTool("pg_restore"), [
        "--data-only",
        "--single-transaction",
        `--dbname=${target}`,
        dump,
      ]);
      expect(await contents(restored)).toEqual(before);
      await saveOverride(
        restored,
        "tire_rotation",
        { no_program: false, interval_days: null, interval_miles: null, due_soon_share: 0.2 },
        "c@company.example",
      );
      const after = await contents(restored);
      expect(Number(after.audit.at(-1)!.id)).toBe(Number(before.audit.at(-1)!.id) + 1);
    } finally {
      await restored.close();
    }
  });
});

describe("embedded", () => {
  it("comes back whole from a copy of its directory taken while no dashboard held it", async () => {
    const dataDir = join(dir, "workspace");
    const workspace = await openWorkspaceDb({ databaseUrl: undefined, dataDir });
    let before: Awaited<ReturnType<typeof contents>>;
    try {
      await fill(workspace);
      await fillViews(workspace);
      before = await contents(workspace);
    } finally {
      await workspace.close();
    }
    cpSync(dataDir, join(dir, "backup"), { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(join(dir, "backup"), dataDir, { recursive: true });
    const restored = await openWorkspaceDb({ databaseUrl: undefined, dataDir });
    try {
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});

describe.each([
  ["embedded", () => Promise.resolve({ databaseUrl: undefined, dataDir: undefined })],
  ["on PostgreSQL", async () => ({ databaseUrl: await scratch("workspace_retention"), dataDir: undefined })],
] as const)("the audit trail's retention, %s", (_name, settings) => {
  it("deletes only records past the days kept, and no other way deletes or changes one", async () => {
    const db = await openWorkspaceDb(await settings());
    try {
      const aged = async (days: number) => {
        const [row] = await db.query<{ id: string }>(
          "INSERT INTO workspace_audit (at, actor, action, details) VALUES (now() - make_interval(days => $1), 'a@company.example', 'export', '{}') RETURNING id",
          [days],
        );
        return row!.id;
      };
      const old = await aged(40);
      await aged(31);
      const recent = await aged(29);
      await recordAudit(db, "b@company.example", "export", {});

      await expect(db.query("DELETE FROM workspace_audit WHERE id = $1", [old])).rejects.toThrow(
        /append-only/,
      );
      await expect(db.query("UPDATE workspace_audit SET actor = 'x' WHERE id = $1", [old])).rejects.toThrow(
        /append-only/,
      );
      // Naming a retention does not open the way to a younger record.
      await expect(
        db.transaction(async (tx) => {
          await tx.query("SELECT set_config('workspace.audit_keep_days', '30', true)");
          await tx.query("DELETE FROM workspace_audit WHERE id = $1", [recent]);
        }),
      ).rejects.toThrow(/append-only/);

      expect(await pruneAudit(db, 30)).toBe(2);
      const left = await readAudit(db, {}, { limit: 10 });
      expect(left.map((record) => record.actor)).toEqual(["b@company.example", "a@company.example"]);
      expect(await pruneAudit(db, 30)).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe.each([
  ["embedded", () => Promise.resolve({ databaseUrl: undefined, dataDir: join(dir, "made-elsewhere") })],
  ["on PostgreSQL", async () => ({ databaseUrl: await scratch("workspace_elsewhere"), dataDir: undefined })],
] as const)("records made elsewhere, %s", (_name, settings) => {
  const OPS = "command line (ops)";
  const instant = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

  it("stand at the time they happened: in the trail's order, in a filter of that time, paged through", async () => {
    const db = await openWorkspaceDb(await settings());
    try {
      const happened = instant(-3 * DAY_MS);
      await recordAudit(db, "now@company.example", "export", {});
      const made = { actor: OPS, action: "staff_added", details: { email: "x@company.example" } } as const;
      await recordAuditOnce(db, { ...made, id: "r-past", happenedAt: happened });
      await recordAuditOnce(db, { ...made, id: "r-past", happenedAt: happened }); // taken in once
      // Another at the same instant: the later taken in comes first, and a page ends between them.
      await recordAuditOnce(db, { ...made, id: "r-past-too", happenedAt: happened });
      // A clock ahead of the dashboard's: placed no later than its taking in.
      await recordAuditOnce(db, { ...made, id: "r-ahead", happenedAt: instant(3_600_000) });

      const trail = await readAudit(db, {}, { limit: 10 });
      expect(trail.map((record) => record.details.record_id ?? record.actor)).toEqual([
        "r-ahead",
        "now@company.example",
        "r-past-too",
        "r-past",
      ]);
      const [ahead, , , past] = trail;
      expect(past!.at).toBe(happened);
      expect(Date.parse(past!.details.taken_in_at as string)).toBeGreaterThan(Date.parse(happened));
      expect(Date.parse(ahead!.at)).toBeLessThanOrEqual(Date.parse(ahead!.details.taken_in_at as string));

      const thatDay = await readAudit(
        db,
        { from: instant(-3 * DAY_MS - 3_600_000), to: instant(-3 * DAY_MS + 3_600_000) },
        { limit: 10 },
      );
      expect(thatDay.map((record) => record.details.record_id)).toEqual(["r-past-too", "r-past"]);

      const paged: unknown[] = [];
      let after: { at: string; id: number } | undefined;
      for (;;) {
        const [record] = await readAudit(db, {}, { after, limit: 1 });
        if (!record) break;
        paged.push(record);
        after = record;
      }
      expect(paged).toEqual(trail);
    } finally {
      await db.close();
    }
  });

  it("whose time is no instant from 1970 on stand at their taking in, keeping the time they gave", async () => {
    const db = await openWorkspaceDb(await settings());
    try {
      const made = { actor: OPS, action: "staff_added", details: {} } as const;
      // A year 0 the database refuses; a year below 100 PGlite would read back as 19xx.
      for (const [id, happenedAt] of [
        ["r-year-0", "0000-06-01T00:00:00Z"],
        ["r-year-50", "0050-01-01T00:00:00Z"],
      ] as const) {
        await recordAuditOnce(db, { ...made, id, happenedAt });
      }
      // Paged one record at a time through the whole trail (the other tests' records too), each once.
      const paged: AuditRecord[] = [];
      let after: { at: string; id: number } | undefined;
      for (let page = 0; page < 100; page += 1) {
        const [record] = await readAudit(db, {}, { after, limit: 1 });
        if (!record) break;
        paged.push(record);
        after = record;
      }
      expect(new Set(paged.map((record) => record.id)).size).toBe(paged.length);
      expect(paged).toEqual(await readAudit(db, {}, { limit: 100 }));
      const odd = paged.filter((record) => String(record.details.record_id).startsWith("r-year-"));
      expect(odd.map((record) => [record.details.record_id, record.details.happened_at])).toEqual([
        ["r-year-50", "0050-01-01T00:00:00Z"],
        ["r-year-0", "0000-06-01T00:00:00Z"],
      ]);
      for (const record of odd) expect(Date.now() - Date.parse(record.at)).toBeLessThan(DAY_MS);
    } finally {
      await db.close();
    }
  });

  it("and any other, hold text no check foresaw: a NUL or half a surrogate pair costs one character", async () => {
    const db = await openWorkspaceDb(await settings());
    try {
      const odd = { "k\u0000": ["a\u0000b", { c: "\ud800d" }], fine: "Ø \u{1F697}" };
      await recordAudit(db, "nul\u0000@company.example", "export", odd);
      await recordAuditOnce(db, {
        id: "r-odd",
        happenedAt: instant(-60_000),
        actor: OPS,
        action: "staff_added",
        details: { name: "Ro\u0000bin\udc00" },
      });
      const [direct] = await readAudit(db, { actor: "nul\uFFFD@company.example" }, { limit: 10 });
      expect(direct!.details).toEqual({ "k\uFFFD": ["a\uFFFDb", { c: "\uFFFDd" }], fine: "Ø \u{1F697}" });
      const madeElsewhere = (await readAudit(db, { actor: OPS }, { limit: 10 })).find(
        (record) => record.details.record_id === "r-odd",
      );
      expect(madeElsewhere!.details.name).toBe("Ro\uFFFDbin\uFFFD");
    } finally {
      await db.close();
    }
  });

  it("taken in before their time was kept, are moved to it when the workspace is next opened", async () => {
    const chosen = await settings();
    const open = () => openWorkspaceDb(chosen);
    const happened = instant(-2 * DAY_MS);
    const before = await open();
    try {
      // The trail as it stood before: a record made elsewhere placed at its taking in.
      await before.query("DELETE FROM workspace_migrations WHERE id = 4");
      for (const [id, at] of [
        ["r-old", happened],
        ["r-old-year-0", "0000-06-01T00:00:00Z"], // left where it stands, not a failed migration
      ]) {
        await before.query(
          "INSERT INTO workspace_audit (actor, action, details) VALUES ($1, 'staff_added', $2::jsonb)",
          [OPS, JSON.stringify({ email: "y@company.example", happened_at: at, record_id: id })],
        );
      }
      await recordAudit(before, "direct@company.example", "export", {});
    } finally {
      await before.close();
    }
    const db = await open();
    try {
      const [old] = await readAudit(
        db,
        { from: instant(-2 * DAY_MS - 60_000), to: instant(-DAY_MS) },
        { limit: 10 },
      );
      expect(old).toMatchObject({ at: happened, details: { record_id: "r-old", happened_at: happened } });
      expect(Date.now() - Date.parse(old!.details.taken_in_at as string)).toBeLessThan(DAY_MS);
      const [direct] = await readAudit(db, { actor: "direct@company.example" }, { limit: 10 });
      expect(direct!.details).toEqual({});
      expect(Date.now() - Date.parse(direct!.at)).toBeLessThan(DAY_MS);
      const yearZero = (await readAudit(db, { actor: OPS }, { limit: 10 })).find(
        (record) => record.details.record_id === "r-old-year-0",
      );
      expect(yearZero!.details.taken_in_at).toBeUndefined();
      expect(Date.now() - Date.parse(yearZero!.at)).toBeLessThan(DAY_MS);
    } finally {
      await db.close();
    }
  });
});

describe("a dashboard with AUDIT_RETENTION_DAYS", () => {
  it("deletes the records past it as soon as it opens its workspace", async () => {
    const dataDir = join(dir, "retained");
    const before = await openWorkspaceDb({ databaseUrl: undefined, dataDir });
    try {
      await before.query(
        "INSERT INTO workspace_audit (at, actor, action, details) VALUES (now() - interval '8 days', 'a@company.example', 'export', '{}')",
      );
      await recordAudit(before, "b@company.example", "export", {});
    } finally {
      await before.close();
    }
    const backend = await createBackend(
      parseDashboardEnv({
        VTS_BASE_URL: "http://127.0.0.1:9",
        VTS_CLIENT_ID: "dashboard",
        VTS_CLIENT_SECRET: "secret",
        AUTH_SECRET: "x".repeat(32),
        WORKSPACE_DATA_DIR: dataDir,
        AUDIT_RETENTION_DAYS: "7",
        LOG_LEVEL: "silent",
      }),
    );
    try {
      const db = await backend.workspace();
      await eventually(async () => (await readAudit(db, {}, { limit: 10 })).length === 1, 10_000);
      expect((await readAudit(db, {}, { limit: 10 }))[0]?.actor).toBe("b@company.example");
    } finally {
      await backend.close();
    }
  });
});

describe("an import", () => {
  it("makes the overrides exactly the file's, writing and recording only what changes", async () => {
    const workspace = await openWorkspaceDb({
      databaseUrl: await scratch("workspace_import"),
      dataDir: undefined,
    });
    try {
      await fill(workspace);
      const exported = overridesFile(await listOverrides(workspace), new Date());
      expect(await replaceOverrides(workspace, readOverridesFile(exported), "c@company.example")).toEqual({
        set: 0,
        removed: 0,
        unchanged: 1,
      });
      const wanted = readOverridesFile(
        JSON.stringify({
          format: "fleet-task-dashboard/program-overrides",
          version: 1,
          overrides: [{ task_type: "tire_rotation", due_soon_share: 0.2 }],
        }),
      );
      expect(await replaceOverrides(workspace, wanted, "c@company.example")).toEqual({
        set: 1,
        removed: 1,
        unchanged: 0,
      });
      expect(
        (await listOverrides(workspace)).map((o) => [o.task_type, o.due_soon_share, o.changed_by]),
      ).toEqual([["tire_rotation", 0.2, "c@company.example"]]);
      const records = (await contents(workspace)).audit.slice(4);
      expect(records.map((record) => [record.actor, record.action])).toEqual([
        ["c@company.example", "program_override_removed"],
        ["c@company.example", "program_override_set"],
      ]);
    } finally {
      await workspace.close();
    }
  });

  it("refuses a file that is not an export, or names a type twice", () => {
    const doc = (overrides: unknown) =>
      JSON.stringify({ format: "fleet-task-dashboard/program-overrides", version: 1, overrides });
    expect(() => readOverridesFile("{")).toThrow("The file is not JSON.");
    expect(() => readOverridesFile(JSON.stringify({ format: "other", version: 1, overrides: [] }))).toThrow(
      /not a version 1/,
    );
    expect(() => readOverridesFile(doc({}))).toThrow('"overrides" must be a list.');
    expect(() => readOverridesFile(doc([{ task_type: "a" }, { task_type: "a" }]))).toThrow(
      'overrides[1]: "a" is listed twice.',
    );
    expect(() => readOverridesFile(doc([{ task_type: "" }]))).toThrow(/overrides\[0\]: A task type is/);
    expect(() => readOverridesFile(doc([{ task_type: "a", every: 3 }]))).toThrow(/overrides\[0\] \(a\)/);
  });
});

describe("saved views", () => {
  const A = "a@company.example";
  const B = "b@company.example";
  let db: WorkspaceDb;
  beforeAll(async () => {
    db = await openWorkspaceDb({ databaseUrl: undefined, dataDir: undefined });
  });
  afterAll(() => db.close());

  const actions = async (actor: string) =>
    (await readAudit(db, { actor }, { limit: 100 })).map((record) => [record.action, record.details.name]);

  it("are one owner's names in any case; shared, everyone's to open and the owner's alone to change", async () => {
    const view = created(
      await createSavedView(db, A, { name: "Overdue", shared: false, state: { range: "7d" } }),
    );
    expect(await createSavedView(db, A, { name: "overdue", shared: false, state: {} })).toEqual({
      ok: false,
      problem: "name_taken",
    });
    created(await createSavedView(db, B, { name: "Overdue", shared: false, state: {} }));
    expect(await readSavedView(db, view.id, B)).toBeUndefined();
    expect((await listSavedViews(db, B)).map((one) => [one.owner, one.name])).toEqual([[B, "Overdue"]]);

    const shared = await changeSavedView(db, view.id, A, { shared: true, name: "Overdue at BOS" });
    expect(shared.ok && shared.value.shared).toBe(true);
    expect((await listSavedViews(db, B)).map((one) => [one.owner, one.name])).toEqual([
      [B, "Overdue"],
      [A, "Overdue at BOS"],
    ]);
    expect(await changeSavedView(db, view.id, B, { name: "Mine now" })).toEqual({
      ok: false,
      problem: "not_owner",
    });
    expect(await deleteSavedView(db, view.id, B, false)).toEqual({ ok: false, problem: "not_owner" });
    expect(await changeSavedView(db, "not-a-uuid", A, { name: "x" })).toEqual({
      ok: false,
      problem: "not_found",
    });

    expect((await deleteSavedView(db, view.id, B, true)).ok).toBe(true);
    expect(await readSavedView(db, view.id, A)).toBeUndefined();
    expect(await actions(A)).toEqual([
      ["view_shared", "Overdue at BOS"],
      ["view_created", "Overdue"],
    ]);
    expect((await actions(B))[0]).toEqual(["view_deleted", "Overdue at BOS"]);
  });

  it("start with the view a person chose while they may open it, and not after it is unshared or gone", async () => {
    const view = created(
      await createSavedView(db, A, { name: "Start", shared: true, state: { sort: "mva" } }),
    );
    const own = created(await createSavedView(db, A, { name: "Private", shared: false, state: {} }));
    expect(await setStartView(db, B, own.id)).toEqual({ ok: false, problem: "not_found" });
    expect((await setStartView(db, B, view.id)).ok).toBe(true);
    expect((await setStartView(db, A, view.id)).ok).toBe(true);
    expect((await startViewOf(db, B))?.id).toBe(view.id);

    await changeSavedView(db, view.id, A, { shared: false });
    expect(await startViewOf(db, B)).toBeUndefined();
    // Its owner still opens it, and so still starts with it.
    expect((await startViewOf(db, A))?.id).toBe(view.id);
    await deleteSavedView(db, view.id, A, false);
    expect(await startViewOf(db, A)).toBeUndefined();
    expect(await db.query("SELECT * FROM workspace_start_views WHERE view_id = $1::uuid", [view.id])).toEqual(
      [],
    );
    const other = created(await createSavedView(db, B, { name: "Back", shared: false, state: {} }));
    await setStartView(db, B, other.id);
    expect(await clearStartView(db, B)).toBe(true);
    expect(await clearStartView(db, B)).toBe(false);
  });

  it("give a name to one of two renames asking for it at once, on a shared PostgreSQL", async () => {
    const shared = await openWorkspaceDb({ databaseUrl: await scratch("views_rename"), dataDir: undefined });
    try {
      for (let round = 0; round < 5; round += 1) {
        const views = [
          created(await createSavedView(shared, A, { name: `One ${round}`, shared: false, state: {} })),
          created(await createSavedView(shared, A, { name: `Two ${round}`, shared: false, state: {} })),
        ];
        const outcomes = await Promise.all(
          views.map((view) => changeSavedView(shared, view.id, A, { name: `Same ${round}` })),
        );
        expect(outcomes.map((outcome) => (outcome.ok ? "renamed" : outcome.problem)).sort()).toEqual([
          "name_taken",
          "renamed",
        ]);
      }
    } finally {
      await shared.close();
    }
  });

  it("answer a start view asked for while its view is being deleted as not found, on a shared PostgreSQL", async () => {
    const url = await scratch("views_start_deleted");
    const [deleting, starting, watching] = await Promise.all(
      [0, 1, 2].map(() => openWorkspaceDb({ databaseUrl: url, dataDir: undefined })),
    );
    try {
      const view = created(await createSavedView(deleting!, A, { name: "Going", shared: false, state: {} }));
      let outcome: Promise<ViewOutcome<SavedView>> | undefined;
      await deleting!.transaction(async (tx) => {
        await tx.query("DELETE FROM workspace_saved_views WHERE id = $1::uuid", [view.id]);
        outcome = setStartView(starting!, A, view.id);
        // The start view's transaction waits on the deleting one's lock on the view.
        await eventually(async () => {
          const [waiting] = await watching!.query<{ n: number }>(
            "SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          return waiting!.n > 0;
        }, 10_000);
      });
      expect(await outcome).toEqual({ ok: false, problem: "not_found" });
      expect(await startViewOf(starting!, A)).toBeUndefined();
    } finally {
      await Promise.all([deleting, starting, watching].map((one) => one!.close()));
    }
  });

  it(`keep at most ${VIEWS_PER_OWNER_MAX} views a person`, async () => {
    await db.query(
      "INSERT INTO workspace_saved_views (owner, name, state) SELECT 'c@company.example', 'View ' || n, '{}' FROM generate_series(1, $1::integer) AS n",
      [VIEWS_PER_OWNER_MAX],
    );
    expect(
      await createSavedView(db, "c@company.example", { name: "One more", shared: false, state: {} }),
    ).toEqual({
      ok: false,
      problem: "too_many",
    });
  });

  it("hold the page's link parameters under the API's own rules, and nothing else", () => {
    const good = {
      range: "last_week",
      status: "completed,cancelled",
      task_type: String.raw`oil\, filter,car_wash`,
      location_id: "loc_bos_airport",
      q: "Ford",
      sort: "odometer_miles",
      order: "asc",
      tz: "utc",
      cols: "mva,location,started_at",
      widths: "location:240,mva:96",
      pin: "mva,location",
      summary: "open",
    };
    expect(viewStateSchema.parse(good)).toEqual(good);
    for (const bad of [
      { colour: "red" },
      { sort: "colour" },
      { location_id: "a b" },
      { status: Array.from({ length: 51 }, (_, n) => `s${n}`).join(",") },
      { from: "yesterday" },
      { q: "" },
      { cols: "mva,mva" },
      { widths: "nose:120" },
      // What the page would not read back: widths outside 48-800, a zone or range it does not know.
      { widths: "mva:12" },
      { widths: "location:9999" },
      // Nothing but the pair: a NUL after it would reach the database (refused, once a 500).
      { widths: "mva:120:\u0000" },
      { widths: "mva:120:note" },
      { widths: "mva:0x78" },
      { widths: "mva:1.2e2" },
      { widths: "mva:120,mva:130" },
      // Pins the page would drop or reorder: of no column, twice, of a hidden column, out of order,
      // not the first columns.
      { pin: "nose" },
      { pin: "mva,mva" },
      { pin: "" },
      { cols: "mva,id", pin: "vin" },
      { cols: "mva,id", pin: "id,mva" },
      { cols: "id,mva", pin: "mva" },
      { pin: "vin,mva" },
      { tz: "mars" },
      { range: "fortnight" },
      { order: "up" },
      { summary: "closed" },
      { sort: "location,location" },
      { sort: "location," },
      { sort: "location,mva,status,task_type" },
      { order: "asc,desc" },
      { sort: "location,mva", order: "asc,desc,asc" },
    ])
      expect(viewStateSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("hold pinned columns that the page reads back, and writes back, as they were saved", () => {
    const states: Record<string, string>[] = [
      { tz: "utc", cols: "mva,vehicle_id,started_at,id", pin: "mva,vehicle_id" },
      { tz: "location", cols: "id,mva", widths: "mva:120", pin: "id" },
    ];
    for (const state of states) {
      expect(viewStateSchema.parse(state)).toEqual(state);
      const page = withTableView(new URLSearchParams(), parseTableView(new URLSearchParams(state), {}));
      expect(Object.fromEntries(page)).toEqual(state);
    }
  });

  it("hold a sort of several keys that the page reads back as it was saved", () => {
    for (const state of [
      { sort: "location,odometer_miles", order: "asc,desc" },
      { sort: "status,started_at,mva", order: "desc" },
    ]) {
      expect(viewStateSchema.parse(state)).toEqual(state);
      const page = withTaskFilters(new URLSearchParams(), parseTaskFilters(new URLSearchParams(state)));
      expect(Object.fromEntries(page)).toEqual(state);
    }
  });
});
