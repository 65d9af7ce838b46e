// "Export visible rows": the browser builds the CSV of every loaded row and hands it to a download.
// Timed from the click to Playwright's download event, and, inside the page, from the click to
// the end of the task that handled it: how long the tab was frozen at once. The file is written in
// slices with breaks between them, so that is the first slice; the trace's longest task shows the
// longest freeze.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { csvRecords } from "./csv-records";
import { withMainThreadCpu } from "./main-thread";

export interface ExportRun {
  /** Click to download event, ms. */
  clickToDownload: number;
  /** Click event to the end of its task, in the page, ms. */
  mainThread: number;
  /** CPU time of the longest main-thread task meanwhile (the export's own), ms. */
  longestTaskCpu: number;
  bytes: number;
  header: string[];
  dataRows: number;
}

export async function exportVisibleRows(
  browser: Browser,
  page: Page,
  expectedRows: number,
): Promise<ExportRun> {
  const button = page.getByRole("button", { name: /^Export visible rows/ });
  const label = (await button.textContent()) ?? "";
  if (Number(/\(([\d,]+)\)/.exec(label)?.[1]?.replace(/,/g, "")) !== expectedRows) {
    throw new Error(`the button says "${label}", expected ${expectedRows} rows`);
  }
  await page.evaluate(() => {
    const probe = window as unknown as { __benchExport?: Promise<number> };
    probe.__benchExport = new Promise((resolve) => {
      document.addEventListener(
        "click",
        () => {
          const clicked = performance.now();
          // A task queued during the click runs once the handler (the first slice of the CSV) is done.
          setTimeout(() => resolve(performance.now() - clicked), 0);
        },
        { capture: true, once: true },
      );
    });
  });
  // The mouse at the button's centre, not locator.click(): no actionability checks inside the timing.
  const box = await button.boundingBox();
  if (!box) throw new Error("the export button is not on screen");
  const { result, cpu } = await withMainThreadCpu(browser, page, async () => {
    const download = page.waitForEvent("download", { timeout: 120_000 });
    const started = performance.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const file = await download;
    return { file, clickToDownload: performance.now() - started };
  });
  const { file, clickToDownload } = result;
  const mainThread = await page.evaluate(
    () => (window as unknown as { __benchExport: Promise<number> }).__benchExport,
  );

  const path = await file.path();
  const bytes = readFileSync(path);
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const [header = [], ...rows] = csvRecords(text);
  const ragged = rows.findIndex((row) => row.length !== header.length);
  if (ragged >= 0)
    throw new Error(`CSV row ${ragged + 2} has ${rows[ragged]?.length} fields, not ${header.length}`);
  await file.delete();
  return {
    clickToDownload,
    mainThread,
    longestTaskCpu: cpu.longestCpuMs,
    bytes: bytes.length,
    header,
    dataRows: rows.length,
  };
}
