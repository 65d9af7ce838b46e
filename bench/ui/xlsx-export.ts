// "Export visible rows" as XLSX: the page posts its rows' ids, the server writes the workbook
// from the mirror, the browser saves it. Timed as the CSV export is (csv-export.ts): from the
// click to Playwright's download event, the file then read back to check it holds every row.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";

export interface XlsxExportRun {
  /** Click to download event, ms. */
  clickToDownload: number;
  bytes: number;
  dataRows: number;
}

const formatChoice = (page: Page) => page.getByLabel("Export format");

export async function exportVisibleRowsXlsx(page: Page, expectedRows: number): Promise<XlsxExportRun> {
  await formatChoice(page).selectOption("xlsx");
  try {
    const button = page.getByRole("button", { name: /^Export visible rows/ });
    // The mouse at the button's centre, not locator.click(): no actionability checks inside the timing.
    const box = await button.boundingBox();
    if (!box) throw new Error("the export button is not on screen");
    const download = page.waitForEvent("download", { timeout: 120_000 });
    const started = performance.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const file = await download;
    const clickToDownload = performance.now() - started;
    const bytes = readFileSync(await file.path());
    await file.delete();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const dataRows = (workbook.getWorksheet("Tasks")?.rowCount ?? 1) - 1;
    if (dataRows !== expectedRows)
      throw new Error(`the workbook holds ${dataRows} rows, not ${expectedRows}`);
    return { clickToDownload, bytes: bytes.length, dataRows };
  } finally {
    // The CSV measurements that may follow export CSV, as a person's first export does.
    await formatChoice(page).selectOption("csv");
  }
}

/** Waits until the mirror has synced every window: the XLSX is written from it. */
export async function mirrorSynced(page: Page, baseUrl: string, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await page.request.get(`${baseUrl}/api/mirror`);
    const status = (await answer.json()) as { windows?: { synced: number; total: number } };
    if (status.windows && status.windows.total > 0 && status.windows.synced === status.windows.total) return;
    if (Date.now() > deadline) throw new Error(`the mirror is not synced: ${JSON.stringify(status.windows)}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The CSV and XLSX figures side by side, with the ratio the target is set on (XLSX within 2x). */
export function renderXlsxExport(rows: number, csvMs: number[], xlsx: XlsxExportRun[]): string {
  const csv = median(csvMs);
  const workbook = median(xlsx.map((run) => run.clickToDownload));
  const kb = Math.round(median(xlsx.map((run) => run.bytes)) / 1024);
  return [
    `### Export ${rows.toLocaleString("en-US")} loaded rows: CSV (browser) vs XLSX (server)`,
    "",
    "| export | click → file saved, median | runs |",
    "|---|---|---|",
    `| CSV, written in the browser | ${Math.round(csv)} ms | ${csvMs.map(Math.round).join(", ")} |`,
    `| XLSX, written on the server (${kb} KiB) | ${Math.round(workbook)} ms | ${xlsx.map((run) => Math.round(run.clickToDownload)).join(", ")} |`,
    "",
    `XLSX / CSV: ${(workbook / csv).toFixed(2)}x (target: within 2x)`,
  ].join("\n");
}
