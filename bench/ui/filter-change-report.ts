// `BENCH_UI_ONLY=filter-change npm run bench:ui`: the time from a filter change to the new count
// and first rows (filter-change.ts), as a table, against the floor of the same run.
import type { Browser } from "@playwright/test";
import { cookieHeader, signIn, type Staff } from "./browser";
import { measureFilterChanges, waitForMirror } from "./filter-change";
import { median, percentile } from "./stats";

const RUNS = Number(process.env.BENCH_FILTER_RUNS || 15);
/** The table may add at most this much to the API's own answer time (a ratio, as every target). */
const TARGET_RATIO = 2;
const MIRROR_FILL_MS = 15 * 60_000;

export async function filterChangeReport(
  browser: Browser,
  baseUrl: string,
  staff: Staff,
  machine: string,
  log: (line: string) => void,
): Promise<string> {
  const session = await signIn(browser, baseUrl, staff);
  log("waiting for the mirror to sync its horizon");
  await waitForMirror(baseUrl, cookieHeader(session, baseUrl), MIRROR_FILL_MS);
  log(`filter changes: ${RUNS} locations ticked one after another`);
  const runs = await measureFilterChanges(browser, session, `${baseUrl}/tasks?range=30d`, RUNS);
  const ui = runs.map((run) => run.uiMs);
  const api = runs.map((run) => run.apiMs);
  const ratio = median(ui) / median(api);
  const ms = (value: number) => `${Math.round(value)} ms`;
  return [
    `Filter change to new count and first rows (${runs.length} runs; ${machine})`,
    "",
    "| measure | median | p90 | floor (same query, API from the page) | ratio | target |",
    "|---|---:|---:|---:|---:|---|",
    `| location ticked → count and first row | ${ms(median(ui))} | ${ms(percentile(ui, 90))} | ${ms(median(api))} | ${ratio.toFixed(2)} | ≤ ${TARGET_RATIO} × floor: ${ratio <= TARGET_RATIO ? "met" : "missed"} |`,
  ].join("\n");
}
