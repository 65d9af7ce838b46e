// An export of all matching tasks as XLSX whose rows would not fit a sheet is refused before the
// answer (a 400 with the documented body), not cut off part way through a 200 once the sheet is
// full. The mirror here is a stand-in that answers the id query with that many ids: a million
// real rows would cost a test run minutes.
import { describe, expect, it } from "vitest";
import { mirroredIds } from "@/lib/server/bff/task-export";
import { DashboardError } from "@/lib/server/dashboard-error";
import { parseMirrorExportParams, type MirrorSql } from "@/lib/server/mirror";
import { SHEET_DATA_ROWS_MAX } from "@/lib/server/xlsx";

/** One row past a full sheet, made once: a million objects take a while. */
const ROWS = Array.from({ length: SHEET_DATA_ROWS_MAX + 1 }, (_, index) => ({ id: `T-${index}` }));

function mirrorOf(count: number): MirrorSql {
  return { query: async () => ROWS.slice(0, count) } as unknown as MirrorSql;
}

const parsed = parseMirrorExportParams(
  new URL("http://dashboard.test/api/export?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z"),
  { maxWindowDays: 92, access: { role: "admin", locations: "all" } },
);
if (!parsed.ok) throw parsed.error;
const query = parsed.value;

describe("the rows of an export of all matching tasks", () => {
  it("as XLSX, fit a sheet below its header, or the export is refused before it answers", async () => {
    expect(await mirroredIds(mirrorOf(SHEET_DATA_ROWS_MAX), query, "xlsx")).toHaveLength(SHEET_DATA_ROWS_MAX);
    const refusal = await mirroredIds(mirrorOf(SHEET_DATA_ROWS_MAX + 1), query, "xlsx").catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DashboardError);
    expect(refusal).toMatchObject({ code: "invalid_request" });
    expect((refusal as Error).message).toMatch(/^1,048,576 tasks match, more than the 1,048,575 rows/);
  });

  it("as CSV, are not limited", async () => {
    expect(await mirroredIds(mirrorOf(SHEET_DATA_ROWS_MAX + 1), query, "csv")).toHaveLength(
      SHEET_DATA_ROWS_MAX + 1,
    );
  });
});
