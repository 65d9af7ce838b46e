// The XLSX exports' cells, read back with exceljs as a spreadsheet would open the file: times as
// dates on the chosen zone's clock, odometers as numbers, codes by the page's names, a bold and
// frozen header, and no text a spreadsheet would evaluate.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/csv/csv-format";
import { xlsxStream } from "@/lib/server/bff/xlsx-stream";
import { LAX_TASK } from "./support/lax-task";
import type { Task } from "@/lib/server/upstream";
import type { SheetRecipe } from "@/lib/task-format/task-sheet-columns";
import { taskCsv } from "@/lib/task-format/task-csv-columns";
import type { ColumnId } from "@/lib/task-format/task-columns";

const LAX = "America/Los_Angeles";
const zones = {
  startedName: "location time",
  started: () => LAX,
  location: () => LAX,
};
/** Each location's zone, as an export reads them: the sample task's is Los Angeles. */
const LOCATION_ZONES = [[LAX_TASK.location.id, LAX]] as const;
const shown = (...columns: ColumnId[]): SheetRecipe => ({
  rows: "shown",
  columns,
  zone: "location",
  zones: LOCATION_ZONES,
});
const ALL_MATCHING: SheetRecipe = { rows: "all matching", zones: LOCATION_ZONES };

async function* batchesOf(batches: Task[][]): AsyncGenerator<Task[], void, undefined> {
  for (const batch of batches) yield batch;
}

async function workbookOf(recipe: SheetRecipe, tasks: Task[]): Promise<ExcelJS.Worksheet> {
  const stream = xlsxStream(async () => ({ recipe, batches: batchesOf([tasks]) }));
  const bytes = Buffer.from(await new Response(stream).arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet("Tasks")!;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe("the visible rows' sheet", () => {
  it("holds the table's columns in its order: a date on the zone's clock, a number, the page's names", async () => {
    const sheet = await workbookOf(shown("odometer_miles", "started_at", "task_type", "status", "location"), [
      LAX_TASK,
    ]);
    expect(rowValues(sheet, 1)).toEqual([
      "Odometer (mi)",
      "Started (location time)",
      "Task type",
      "Status",
      "Location",
    ]);
    expect(rowValues(sheet, 2)).toEqual([
      51205,
      new Date("2026-11-20T00:30:15.250Z"),
      "Oil change",
      "In progress",
      "LAX Airport",
    ]);
    expect(sheet.getCell("B2").numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(sheet.getCell("A2").numFmt).toBe("#,##0");
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(20);
  });

  it("shows a time in UTC or a named zone as the page does", async () => {
    const utc = await workbookOf({ rows: "shown", columns: ["started_at"], zone: "UTC" }, [LAX_TASK]);
    expect(rowValues(utc, 1)).toEqual(["Started (UTC)"]);
    expect(rowValues(utc, 2)).toEqual([new Date("2026-11-20T08:30:15.250Z")]);
    const tokyo = await workbookOf({ rows: "shown", columns: ["started_at"], zone: "Asia/Tokyo" }, [
      LAX_TASK,
    ]);
    expect(rowValues(tokyo, 1)).toEqual(["Started (Asia/Tokyo)"]);
    expect(rowValues(tokyo, 2)).toEqual([new Date("2026-11-20T17:30:15.250Z")]);
  });

  it.each(['=HYPERLINK("http://evil","x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", " =1+1", "\u00a0=1+1"])(
    "neutralises %j as the CSV does",
    async (hostile) => {
      const task = { ...LAX_TASK, mva: hostile, task_type: hostile };
      const sheet = await workbookOf(shown("mva", "task_type"), [task]);
      // The CSV's cell, unquoted; XML reads a CR in text as a line feed, in any reader.
      const csvText = csvCell(hostile).replace(/^"|"$/g, "").replace(/""/g, '"');
      const expected = csvText.replace(/\r/g, "\n");
      expect(csvText).toBe(`'${hostile}`);
      expect(rowValues(sheet, 2)).toEqual([expected, expected]);
    },
  );
});

describe("the all-matching sheet", () => {
  it("has the CSV's columns, each cell the CSV's value typed", async () => {
    const csv = taskCsv(undefined, zones);
    const sheet = await workbookOf(ALL_MATCHING, [LAX_TASK]);
    expect(rowValues(sheet, 1)).toEqual(csv.header);
    const cells = Object.fromEntries(csv.header.map((name, index) => [name, rowValues(sheet, 2)[index]]));
    expect(cells).toMatchObject({
      "Task ID": "T-000001",
      "Started (location time)": new Date("2026-11-20T00:30:15.250Z"),
      "Started (UTC)": new Date("2026-11-20T08:30:15.250Z"),
      "Task type": "Oil change",
      Status: "In progress",
      "Location ID": "loc_lax",
      "Time zone": LAX,
      "Odometer (mi)": 51205,
    });
    // An unknown VIN is an empty cell, as in the CSV.
    expect(cells.VIN).toBeUndefined();
  });

  it("writes many batches in their order", async () => {
    const tasks = Array.from({ length: 5_000 }, (_, index) => ({ ...LAX_TASK, id: `T-${index}` }));
    const batches = Array.from({ length: 5 }, (_, index) => tasks.slice(index * 1_000, (index + 1) * 1_000));
    const stream = xlsxStream(async () => ({ recipe: ALL_MATCHING, batches: batchesOf(batches) }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await new Response(stream).arrayBuffer());
    const sheet = workbook.getWorksheet("Tasks")!;
    expect(sheet.rowCount).toBe(5_001);
    expect(sheet.getCell("A5001").value).toBe("T-4999");
  });
});

describe("a time on its zone's clock", () => {
  it("follows the zone's offset across a daylight-saving change, as the page shows it", async () => {
    // Los Angeles leaves daylight saving at 09:00 UTC on 2026-11-01 (02:00 PDT becomes 01:00 PST).
    const starts = ["2026-11-01T08:59:59.999Z", "2026-11-01T09:00:00.000Z", "2026-11-01T09:14:00.000Z"];
    const tasks = starts.map((started_at, index) => ({ ...LAX_TASK, id: `T-${index}`, started_at }));
    const sheet = await workbookOf(shown("started_at"), tasks);
    expect([2, 3, 4].map((row) => rowValues(sheet, row)[0])).toEqual([
      new Date("2026-11-01T01:59:59.999Z"),
      new Date("2026-11-01T01:00:00.000Z"),
      new Date("2026-11-01T01:14:00.000Z"),
    ]);
  });
});
