// Frame timing while the grid scrolls at a steady rate: a list of 20,000 loaded rows against the
// same scroll over a list of about 100 rows, so the ratio shows what the loaded rows cost.
import type { Browser, Page, Request } from "@playwright/test";
import { newContext, type SessionState } from "./browser";
import { gridScrollRange, loadRowsByScrolling, scrollGrid, type LoadedRows, type ScrollRun } from "./in-page";
import { withMainThreadCpu, type MainThreadCpu } from "./main-thread";

export interface OpenList {
  page: Page;
  loaded: LoadedRows;
  /** The tab's JS heap after a full garbage collection, with the list loaded: what every collection traces. */
  liveHeapBytes: number;
  close(): Promise<void>;
}

/** Opens a list in a tab of its own and scrolls to its end until `rows` rows are loaded. */
export async function openList(
  browser: Browser,
  session: SessionState,
  url: string,
  rows: number,
): Promise<OpenList> {
  const context = await newContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.locator('[role="row"][data-index]').first().waitFor({ timeout: 60_000 });
    const loaded = await page.evaluate(loadRowsByScrolling, { target: rows, timeoutMs: 10 * 60_000 });
    if (loaded.rows < rows) {
      throw new Error(`only ${loaded.rows} of ${rows} rows loaded in ${Math.round(loaded.ms / 1000)} s`);
    }
    return { page, loaded, liveHeapBytes: await liveHeapBytes(page), close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function liveHeapBytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("HeapProfiler.collectGarbage");
    return (await session.send("Runtime.getHeapUsage")).usedSize;
  } finally {
    await session.detach();
  }
}

export const scrollRange = (page: Page): Promise<number> => page.evaluate(gridScrollRange);

export interface ScrollOptions {
  /** Pixels per animation frame. */
  step: number;
  /** Frames to scroll for; a full pass stops at the end of the list sooner. */
  frames: number;
  bounce: boolean;
}

export interface ScrollPass extends ScrollRun {
  cpu: MainThreadCpu;
  /** Requests the page made while scrolling: RSC fetches of /tasks/{id} (link prefetches), and the rest. */
  detailRequests: number;
  otherRequests: number;
}

export async function scroll(browser: Browser, page: Page, options: ScrollOptions): Promise<ScrollPass> {
  await page.bringToFront();
  let detailRequests = 0;
  let otherRequests = 0;
  const count = (request: Request) => {
    if (/^\/tasks\/[^/]+$/.test(new URL(request.url()).pathname)) detailRequests += 1;
    else otherRequests += 1;
  };
  page.on("request", count);
  try {
    const { result, cpu } = await withMainThreadCpu(browser, page, () => page.evaluate(scrollGrid, options));
    return { ...result, cpu, detailRequests, otherRequests };
  } finally {
    page.off("request", count);
  }
}
