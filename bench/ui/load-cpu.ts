// A page load's main-thread cost on CPU time, for /tasks against /locations in the same run:
// Lighthouse's Total Blocking Time is wall time, which a busy machine inflates; the CPU each task
// used shows what the page itself costs.
import type { Browser } from "@playwright/test";
import { newContext, type SessionState } from "./browser";
import { withMainThreadCpu, type MainThreadCpu } from "./main-thread";

/** After the load event: the table's data arrives and renders, the next page is fetched ahead. */
const SETTLE_MS = 5_000;

export type LoadCpu = Record<string, MainThreadCpu[]>;

export async function measureLoadCpu(
  browser: Browser,
  session: SessionState,
  baseUrl: string,
  paths: readonly string[],
  runs: number,
): Promise<LoadCpu> {
  const result: LoadCpu = Object.fromEntries(paths.map((path) => [path, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      const context = await newContext(browser, session);
      try {
        const page = await context.newPage();
        const { cpu } = await withMainThreadCpu(browser, page, async () => {
          await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
          await page.waitForTimeout(SETTLE_MS);
        });
        result[path]?.push(cpu);
      } finally {
        await context.close();
      }
    }
  }
  return result;
}
