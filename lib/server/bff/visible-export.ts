import "server-only";
import { z } from "zod";
import { IDENTIFIER_PATTERN } from "@/contract/query/identifier";
import { exportFileName } from "@/lib/csv/csv-format";
import { COLUMN_IDS } from "@/lib/task-format/task-columns";
import { canonicalZoneName } from "@/contract/query/zone-name";
import type { StaffSession } from "../auth";
import { DashboardError } from "../dashboard-error";
import { countMirroredById, mirrorTaskTextsById } from "../mirror";
import { scopedLocations } from "../staff";
import { recordOrRefuse } from "./audit-trail";
import { acceptChange, readJsonBody } from "./change-request";
import type { DashboardBackend } from "./dashboard-backend";
import { mirrorFreshness, mirrorGate } from "./mirror-gate";
import { locationZones } from "./task-export";
import { xlsxStream, XLSX_MEDIA_TYPE } from "./xlsx-stream";

// "Export visible rows" as XLSX (POST /api/export/visible): the page sends what it shows (its
// rows' ids in order, its visible columns in order, its zone) and the workbook is written here,
// so the browser holds no spreadsheet code. The tasks are read from the mirror by id, at the
// reader's locations only: a list naming any other is refused.

/** More rows than a page holds after a long scroll; a body naming more is a mistake, not a list. */
export const MAX_VISIBLE_ROWS = 50_000;

/**
 * Ids read at once. Each batch is written on the XLSX thread while the next is read here, so
 * smaller batches overlap more of the two; much smaller ones cost a statement each.
 */
const TEXT_BATCH = 2_500;

/** The longest list of the longest ids (contract: Identifier), with room for the rest. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** "location", or a zone the runtime knows ("UTC", "Europe/Berlin"): the page's header names it so. */
const isZone = (text: string) => text === "location" || canonicalZoneName(text) !== undefined;

const bodySchema = z
  .object({
    ids: z
      .array(z.string().regex(IDENTIFIER_PATTERN, "a task id"))
      .min(1)
      .max(MAX_VISIBLE_ROWS, `at most ${MAX_VISIBLE_ROWS} rows`),
    columns: z
      .array(z.enum(COLUMN_IDS))
      .min(1)
      .refine((columns) => new Set(columns).size === columns.length, "each column once"),
    zone: z.string().max(64).refine(isZone, '"location" or an IANA time zone name'),
    rows: z.enum(["visible", "selected"]).default("visible"),
  })
  .strict();

type VisibleRows = z.infer<typeof bodySchema>;

async function readVisibleRows(request: Request): Promise<VisibleRows> {
  const body = bodySchema.safeParse(await readJsonBody(request, "the rows", MAX_BODY_BYTES));
  if (body.success) return body.data;
  const [issue] = body.error.issues;
  const field = issue?.path.join(".") || "the body";
  throw new DashboardError(
    "invalid_request",
    `The rows are refused: ${field}: ${issue?.message ?? "not valid"}.`,
  );
}

export async function answerVisibleExport(
  backend: DashboardBackend,
  request: Request,
  staff: StaffSession,
): Promise<Response> {
  // Nothing changes, but the rows' ids are sent in a body: a page of another site may not ask.
  acceptChange(request);
  const { ids, columns, zone, rows } = await readVisibleRows(request);
  // Tasks are found by id in the mirror alone, which must hold its whole horizon to know them.
  const gate = await mirrorGate(backend, "horizon", true);
  if (gate.source !== "mirror") throw new Error("unreachable: a mirror-only read has no live path");
  const { sql } = gate;
  const locations = scopedLocations(staff.access, undefined);
  // A list of a window outside the mirror's horizon is read from the service, and its rows are
  // not here: refused before the answer, rather than a workbook short of rows the page showed.
  // An id of another location counts as one not held, so the answer tells the two apart no more
  // than the workbook would.
  const missing = new Set(ids).size - (await countMirroredById(sql, ids, locations));
  if (missing > 0) {
    throw new DashboardError(
      "invalid_request",
      `${missing.toLocaleString("en-US")} of the rows are not in the dashboard's copy of the tasks at your locations (a window outside it is read from the service): export them as CSV.`,
    );
  }
  await recordOrRefuse(backend, staff.email, "export", {
    what: "tasks",
    rows,
    ids: ids.length,
    columns: columns.join(","),
    zone,
    source: "mirror",
    format: "xlsx",
  });
  const body = xlsxStream(async (signal) => {
    const zones = zone === "location" ? [...(await locationZones(backend, sql, signal))] : undefined;
    return {
      recipe: { rows: "shown", columns, zone, zones },
      batches: mirrorTaskTextsById(sql, ids, locations, TEXT_BATCH),
    };
  });
  const name = exportFileName([rows], new Date(), "xlsx");
  return new Response(body, {
    headers: {
      "content-type": XLSX_MEDIA_TYPE,
      "content-disposition": `attachment; filename="${name}"`,
      ...mirrorFreshness(gate.asOf),
    },
  });
}
