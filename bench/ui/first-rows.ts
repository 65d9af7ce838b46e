// Time from navigation start to the first task row on screen, three ways, interleaved run by run
// so all three see the same machine:
// - cold: a new browser context (empty HTTP cache), a list the dashboard has not cached;
// - warm: the same tab again (scripts cached), a list the dashboard has not cached;
// - warm, cached list: the same tab and the same list again, inside the dashboard's 30-s cache.
import type { Browser, Page } from "@playwright/test";
import { newContext, type SessionState } from "./browser";
import { firstRowProbe, readFirstRow, type FirstRow } from "./in-page";

export type FirstRowsCase = "cold" | "warm" | "warm, cached list";
export const FIRST_ROWS_CASES: readonly FirstRowsCase[] = ["cold", "warm", "warm, cached list"];

export type FirstRowsRuns = Record<FirstRowsCase, FirstRow[]>;

export interface FirstRowsOptions {
  browser: Browser;
  session: SessionState;
  /** The /tasks URL of run `i`; each i is a list of its own (a different window). */
  listUrl: (i: number) => string;
  runs: number;
}

export async function measureFirstRows({
  browser,
  session,
  listUrl,
  runs,
}: FirstRowsOptions): Promise<FirstRowsRuns> {
  const result: FirstRowsRuns = { cold: [], warm: [], "warm, cached list": [] };
  const warmContext = await newContext(browser, session);
  try {
    const warm = await warmContext.newPage();
    await warm.addInitScript(firstRowProbe);
    await timeFirstRow(warm, listUrl(0));
    for (let i = 1; i <= runs; i += 1) {
      const coldContext = await newContext(browser, session);
      try {
        const cold = await coldContext.newPage();
        await cold.addInitScript(firstRowProbe);
        result.cold.push(await timeFirstRow(cold, listUrl(2 * i)));
      } finally {
        await coldContext.close();
      }
      const url = listUrl(2 * i + 1);
      result.warm.push(await timeFirstRow(warm, url));
      result["warm, cached list"].push(await timeFirstRow(warm, url));
    }
  } finally {
    await warmContext.close();
  }
  return result;
}

async function timeFirstRow(page: Page, url: string): Promise<FirstRow> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(readFirstRow, undefined, { timeout: 60_000, polling: 100 });
  const firstRow = (await handle.jsonValue()) as FirstRow;
  await handle.dispose();
  if (!page.url().includes("/tasks")) throw new Error(`ended up at ${page.url()}`);
  return firstRow;
}
