import "server-only";
import { CSV_MEDIA_TYPE, csvFileName } from "@/lib/csv/csv-format";
import { DashboardError, readQueryParams } from "../dashboard-error";
import { dashboardLogger } from "../log";
import {
  dueCountsByLocation,
  dueCsv,
  dueRowSeenBy,
  dueRowsInReach,
  parseDueExportParams,
  selectDueRows,
  parseComplianceParams,
  parseVehicleParams,
  readVehicles,
  selectVehiclePage,
  parseDueParams,
  readCompliance,
  readDueRows,
  readPrograms,
  selectDuePage,
  applyOverrides,
  parseProgramSettings,
  readOverrideTaskType,
  type DueRow,
  type LearnedPrograms,
  type ProgramsAnswer,
  type VehicleFacts,
  vehicleSeenBy,
} from "../maintenance";
import type { MirrorSql } from "../mirror";
import { seesLocation, type StaffAccess } from "../staff";
import { listOverrides, removeOverride, saveOverride } from "../workspace";
import type { DashboardBackend } from "./dashboard-backend";
import type { StaffSession } from "../auth";
import { recordOrRefuse } from "./audit-trail";
import { acceptChange, readJsonBody } from "./change-request";
import { mirrorFreshness, mirrorGate } from "./mirror-gate";

// Maintenance from the mirror alone, once it holds its whole horizon: programs learned from the
// fleet's history and where each vehicle stands on them. Nothing here spends the service's budget.

type MirrorGateAnswer = Awaited<ReturnType<typeof wholeMirror>>;

async function wholeMirror(backend: DashboardBackend) {
  const gate = await mirrorGate(backend, "horizon", true);
  if (gate.source !== "mirror") throw new Error("unreachable: a mirror-only gate answers from the mirror");
  return gate;
}

/** What the fleet's history teaches, and how fresh the mirror it was learned from was. */
interface Learning {
  learned: LearnedPrograms;
  asOf: Date;
}

/**
 * The programs learned from the mirror, held as a due evaluation is (`heldOrMade`): learning them
 * reads every completed job, a quarter to half a second at 50,000 tasks, and the due page, the
 * programs page and each evaluation asked for them at every load. Staff's overrides are read
 * afresh each time; only what the history teaches is held, and `asOf` says from when.
 */
function learnedPrograms(backend: DashboardBackend, gate: MirrorGateAnswer): Promise<Learning> {
  const key = backend.mirror ?? backend;
  // The newest, and the one served while it is learned again.
  const learn = () =>
    hold(
      learnings,
      key,
      Date.now(),
      readPrograms(gate.sql).then((learned) => ({ learned, asOf: gate.asOf })),
      2,
    );
  return heldOrMade(learnings.get(key) ?? [], learn, "programs not learned ahead; the next read learns them");
}

/**
 * How fresh an answer from both the mirror and the programs is: the older of the two, since the
 * programs may be held from a mirror read up to a minute before (learnedPrograms).
 */
const olderOf = (mirrorAsOf: Date, learnedAsOf: Date): Date =>
  learnedAsOf < mirrorAsOf ? learnedAsOf : mirrorAsOf;

/** The programs in effect: learned from the mirror, as staff's overrides change them. */
async function programsInEffect(
  backend: DashboardBackend,
  gate: MirrorGateAnswer,
): Promise<ProgramsAnswer & { asOf: Date }> {
  const [{ learned, asOf }, overrides] = await Promise.all([
    learnedPrograms(backend, gate),
    backend.workspace().then(listOverrides),
  ]);
  return { ...applyOverrides(learned, overrides), asOf };
}

/** The programs are the fleet's policy: everyone sees them, whatever their locations. */
export async function answerPrograms(backend: DashboardBackend, url: URL): Promise<Response> {
  readQueryParams(url, []);
  const gate = await wholeMirror(backend);
  const { asOf, ...programs } = await programsInEffect(backend, gate);
  return Response.json({ ...programs, as_of: asOf.toISOString() }, { headers: mirrorFreshness(asOf) });
}

/**
 * How long one evaluation of every vehicle's due rows answers first pages for: pages asked within
 * it (and the locations' counts beside them) read the same evaluation, and the mirror is read once
 * for them rather than once a page. Past it, and up to DUE_EVALUATION_SERVED_MS, a first page still
 * gets the held evaluation while a new one is made beside it for the pages after: nobody waits for
 * an evaluation (half a second at 50,000 tasks) but the first reader, or one after a quiet minute.
 * Each page's cursor names its evaluation's instant, and the next page reads the states as they
 * stood then: the held evaluation, or one made anew at that instant (from the mirror as it is now).
 * Each answer says when its rows were evaluated and how fresh the data they were read from was.
 */
const DUE_EVALUATION_MS = 15_000;
const DUE_EVALUATION_SERVED_MS = 60_000;
/** Evaluations held per mirror: the newest, and those a few scrolls begun earlier still read. */
const HELD_EVALUATIONS = 4;

interface DueEvaluation {
  rows: DueRow[];
  evaluatedAt: Date;
  asOf: Date;
  sql: MirrorSql;
}

/** A read held for the requests after it, and whether it has answered yet. */
interface Held<T> {
  at: number;
  value: Promise<T>;
  settled: boolean;
}

/**
 * The rule every read held here follows: one that answered within DUE_EVALUATION_MS is reused, or
 * one under way within it is waited for; else one that answered within DUE_EVALUATION_SERVED_MS
 * is served while `make` starts a new one beside it for the requests after (a failure of that one
 * is theirs to meet: it is thrown to them); else a new one is made and waited for.
 */
function heldOrMade<T>(held: readonly Held<T>[], make: () => Promise<T>, aheadFailed: string): Promise<T> {
  const now = Date.now();
  const age = (one: Held<T>) => now - one.at;
  const ready = held.find((one) => one.settled && age(one) < DUE_EVALUATION_MS);
  if (ready) return ready.value;
  const underWay = held.find((one) => !one.settled && age(one) < DUE_EVALUATION_MS);
  const served = held.find((one) => one.settled && age(one) < DUE_EVALUATION_SERVED_MS);
  if (!served) return underWay?.value ?? make();
  if (!underWay) make().catch((error: unknown) => dashboardLogger().debug({ err: error }, aheadFailed));
  return served.value;
}

/** Holds `value` made at `at` under `key`, newest first and `keep` at most; one that fails is let go. */
function hold<T>(
  heldBy: WeakMap<object, Held<T>[]>,
  key: object,
  at: number,
  value: Promise<T>,
  keep: number,
): Promise<T> {
  const entry: Held<T> = { at, value, settled: false };
  heldBy.set(key, [entry, ...(heldBy.get(key) ?? [])].slice(0, keep));
  value.then(
    () => (entry.settled = true),
    () =>
      heldBy.set(
        key,
        (heldBy.get(key) ?? []).filter((one) => one !== entry),
      ),
  );
  return value;
}

// On globalThis, as the backend is: Next bundles the pages (which read the due list while they
// render) apart from the route handlers (which change the programs and drop what is held), each
// with its own copy of this module, and all must see one set of evaluations.
const shared = globalThis as typeof globalThis & {
  __dueEvaluations?: WeakMap<object, Held<DueEvaluation>[]>;
  __learnedPrograms?: WeakMap<object, Held<Learning>[]>;
  __dueVehicleLists?: WeakMap<DueEvaluation, Promise<VehicleFacts[]>>;
};
const evaluations = (shared.__dueEvaluations ??= new WeakMap());
const learnings = (shared.__learnedPrograms ??= new WeakMap());

/**
 * Every vehicle's due rows evaluated at `at` (ms; a cursor's instant), or for a first page, the
 * held evaluation (above) or a new one.
 */
async function maintenanceAt(backend: DashboardBackend, at?: number): Promise<DueEvaluation> {
  const gate = await wholeMirror(backend);
  const key = backend.mirror ?? backend;
  const held = evaluations.get(key) ?? [];
  const evaluate = (instant: number): Promise<DueEvaluation> => {
    const evaluatedAt = new Date(instant);
    const evaluation = (async () => {
      const { data: programs, asOf: learnedAsOf } = await programsInEffect(backend, gate);
      const rows = await readDueRows(gate.sql, programs, evaluatedAt);
      return { rows, evaluatedAt, asOf: olderOf(gate.asOf, learnedAsOf), sql: gate.sql };
    })();
    return hold(evaluations, key, instant, evaluation, HELD_EVALUATIONS);
  };
  if (at !== undefined) return held.find((one) => one.at === at)?.value ?? evaluate(at);
  return heldOrMade(
    held,
    () => evaluate(Date.now()),
    "due states not evaluated ahead; the next page evaluates them",
  );
}

const vehicleLists = (shared.__dueVehicleLists ??= new WeakMap());

/** Every vehicle's row, read once for an evaluation (their overdue counts are its rows'), when asked. */
function vehiclesOf(evaluation: DueEvaluation): Promise<VehicleFacts[]> {
  let vehicles = vehicleLists.get(evaluation);
  if (!vehicles) {
    vehicles = readVehicles(evaluation.sql, evaluation.rows);
    vehicleLists.set(evaluation, vehicles);
    vehicles.catch(() => vehicleLists.delete(evaluation));
  }
  return vehicles;
}

export async function answerDueSummary(
  backend: DashboardBackend,
  url: URL,
  access: StaffAccess,
): Promise<Response> {
  readQueryParams(url, []);
  const { rows, evaluatedAt, asOf } = await maintenanceAt(backend);
  return Response.json(
    {
      by_location: dueCountsByLocation(rows.filter((row) => seesLocation(access, row.last_location.id))),
      evaluated_at: evaluatedAt.toISOString(),
      as_of: asOf.toISOString(),
    },
    { headers: mirrorFreshness(asOf) },
  );
}

export async function answerDue(backend: DashboardBackend, url: URL, access: StaffAccess): Promise<Response> {
  const query = parseDueParams(url, backend.cursors, access);
  if (!query.ok) throw query.error;
  const { rows, evaluatedAt, asOf, sql } = await maintenanceAt(backend, query.value.after?.evaluatedAt);
  const inReach = await dueRowsInReach(sql, rows, query.value.filters);
  const page = selectDuePage(inReach, query.value, backend.cursors, evaluatedAt.getTime());
  const sees = (locationId: string) => seesLocation(access, locationId);
  return Response.json(
    {
      ...page,
      data: page.data.map((row) => dueRowSeenBy(row, sees)),
      evaluated_at: evaluatedAt.toISOString(),
      as_of: asOf.toISOString(),
    },
    { headers: mirrorFreshness(asOf) },
  );
}

/** Every matching due row as CSV, in the list's order: the same evaluation the list's pages read. */
export async function answerDueExport(
  backend: DashboardBackend,
  url: URL,
  staff: StaffSession,
): Promise<Response> {
  const query = parseDueExportParams(url, staff.access);
  if (!query.ok) throw query.error;
  const { rows, evaluatedAt, asOf, sql } = await maintenanceAt(backend);
  const name = csvFileName([], evaluatedAt, "due");
  const selected = selectDueRows(await dueRowsInReach(sql, rows, query.value.filters), query.value);
  await recordOrRefuse(backend, staff.email, "export", {
    what: "due",
    filters: Object.fromEntries(url.searchParams),
    rows: selected.length,
    format: "csv",
  });
  const sees = (locationId: string) => seesLocation(staff.access, locationId);
  return new Response(dueCsv(selected.map((row) => dueRowSeenBy(row, sees))), {
    headers: {
      "content-type": CSV_MEDIA_TYPE,
      "content-disposition": `attachment; filename="${name}"`,
      ...mirrorFreshness(asOf),
    },
  });
}

export async function answerCompliance(
  backend: DashboardBackend,
  url: URL,
  access: StaffAccess,
): Promise<Response> {
  const filters = parseComplianceParams(url, access);
  if (!filters.ok) throw filters.error;
  const gate = await wholeMirror(backend);
  const { data: programs, asOf: learnedAsOf } = await programsInEffect(backend, gate);
  const compliance = await readCompliance(
    gate.sql,
    programs,
    filters.value,
    backend.env.MAINTENANCE_LATE_TOLERANCE,
    (locationId) => seesLocation(access, locationId),
  );
  const asOf = olderOf(gate.asOf, learnedAsOf);
  return Response.json({ ...compliance, as_of: asOf.toISOString() }, { headers: mirrorFreshness(asOf) });
}

export async function answerVehicles(
  backend: DashboardBackend,
  url: URL,
  access: StaffAccess,
): Promise<Response> {
  const query = parseVehicleParams(url, backend.cursors);
  if (!query.ok) throw query.error;
  const evaluation = await maintenanceAt(backend, query.value.after?.evaluatedAt);
  const sees = (locationId: string) => seesLocation(access, locationId);
  const vehicles = (await vehiclesOf(evaluation))
    .filter(
      (vehicle) => access.locations === "all" || (vehicle.last_location && sees(vehicle.last_location.id)),
    )
    .map((vehicle) => vehicleSeenBy(vehicle, sees));
  const page = selectVehiclePage(vehicles, query.value, backend.cursors, evaluation.evaluatedAt.getTime());
  const { asOf } = evaluation;
  return Response.json({ ...page, as_of: asOf.toISOString() }, { headers: mirrorFreshness(asOf) });
}

/** Drops this process's held due evaluation, so the next page reads the programs as they now are. */
function forgetEvaluation(backend: DashboardBackend): void {
  evaluations.delete(backend.mirror ?? backend);
}

/** The task type a change to an override names, once the change is known to come from our pages. */
function changedTaskType(request: Request, rawTaskType: string): string {
  acceptChange(request);
  return readOverrideTaskType(rawTaskType);
}

/** PUT /api/maintenance/programs/{task_type}: sets the type's override, recorded with who set it. */
export async function answerSetProgram(
  backend: DashboardBackend,
  request: Request,
  rawTaskType: string,
  staffEmail: string,
): Promise<Response> {
  const taskType = changedTaskType(request, rawTaskType);
  const settings = parseProgramSettings(await readJsonBody(request, "the override"));
  if (!settings.ok) throw new DashboardError("invalid_request", settings.message);
  const override = await saveOverride(await backend.workspace(), taskType, settings.value, staffEmail);
  forgetEvaluation(backend);
  // The audit trail holds the record; the log says it too, for whoever follows the logs.
  dashboardLogger().info(
    { staff: staffEmail, task_type: taskType, ...settings.value },
    "program override set",
  );
  return Response.json(override);
}

/** DELETE /api/maintenance/programs/{task_type}: the learned program stands again. */
export async function answerRemoveProgram(
  backend: DashboardBackend,
  request: Request,
  rawTaskType: string,
  staffEmail: string,
): Promise<Response> {
  const taskType = changedTaskType(request, rawTaskType);
  if (!(await removeOverride(await backend.workspace(), taskType, staffEmail)))
    throw new DashboardError("not_found", "This task type has no override.");
  forgetEvaluation(backend);
  dashboardLogger().info({ staff: staffEmail, task_type: taskType }, "program override removed");
  return new Response(null, { status: 204 });
}
