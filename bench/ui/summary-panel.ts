// The summary panel's render time on /tasks for a 92-day window: from the click on "Summary" to
// the painted frame with every chart drawn (the uPlot canvas included). Three ways, run by run:
// - a new tab: uPlot's chunk and the summary still to fetch;
// - a tab that loaded the scripts before: the summary still to fetch;
// - opened again after closing it: the summary cached, so rendering alone.
// The floor of the last two is the same with a 1-day window (one bar instead of 92).
// Beside them, GET /api/tasks/summary's own time for both windows, from Node.
import type { Browser, Page } from "@playwright/test";
import { newContext, type SessionState } from "./browser";
import { median } from "./stats";

export interface SummaryPanelRuns {
  coldMs: number[];
  fetchMs: { days92: number[]; days1: number[] };
  renderMs: { days92: number[]; days1: number[] };
  apiMs: { days92: number[]; days1: number[] };
  days: number;
}

export interface SummaryPanelOptions {
  browser: Browser;
  session: SessionState;
  baseUrl: string;
  cookie: string;
  /** The 92-day window's start; the floor is its first day. */
  from: Date;
  runs: number;
  log: (line: string) => void;
}

const DAY_MS = 86_400_000;
/** Rendering 92 days' target, as a ratio to rendering 1 day in the same run. */
export const SUMMARY_WARM_TARGET = 2;

/** In the page: click "Summary", then wait for a painted frame with every chart drawn. */
async function openPanelMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>("button[aria-controls=tasks-summary-body]");
    if (!button) throw new Error("no Summary button");
    const start = performance.now();
    button.click();
    const deadline = start + 120_000;
    const drawn = () =>
      document.querySelector("[data-testid=summary-charts]") &&
      document.querySelector("[data-testid=day-chart-canvas] canvas");
    while (!drawn()) {
      if (performance.now() > deadline) throw new Error("the summary did not draw in 120 s");
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // The frame after the one that holds the canvas is the one a person sees.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - start;
  });
}

async function closePanel(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Summary" }).click();
  await page.getByTestId("summary-charts").waitFor({ state: "detached" });
}

/** Opens /tasks on the window with the panel closed and its first rows shown. */
async function openList(page: Page, baseUrl: string, from: Date, to: Date): Promise<void> {
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), tz: "utc" });
  await page.goto(`${baseUrl}/tasks?${query.toString()}`);
  await page.getByRole("button", { name: "Summary" }).waitFor();
  await page.locator("[role=row][data-index]").first().waitFor({ timeout: 60_000 });
}

async function summaryApiMs(baseUrl: string, cookie: string, from: Date, to: Date): Promise<number> {
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), tz: "UTC" });
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api/tasks/summary?${query.toString()}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/api/tasks/summary: ${response.status}`);
  return performance.now() - start;
}

/**
 * The mirror fills at the dashboard's start; the panel is measured once it holds every window,
 * so no sync walks beside the runs.
 */
async function waitForMirror(options: SummaryPanelOptions): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const response = await fetch(`${options.baseUrl}/api/mirror`, { headers: { cookie: options.cookie } });
    const status = (await response.json()) as {
      enabled: boolean;
      windows?: { synced: number; total: number };
    };
    if (!status.enabled) throw new Error("the dashboard runs without its task mirror");
    const windows = status.windows ?? { synced: 0, total: 1 };
    if (windows.total > 0 && windows.synced >= windows.total) return;
    if (Date.now() > deadline)
      throw new Error(`the mirror did not fill in 15 min: ${JSON.stringify(windows)}`);
    options.log(`  waiting for the mirror: ${windows.synced} of ${windows.total} windows synced`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

export async function measureSummaryPanel(options: SummaryPanelOptions): Promise<SummaryPanelRuns> {
  const { browser, session, baseUrl, cookie, from, runs } = options;
  const to = new Date(from.getTime() + 92 * DAY_MS);
  const dayEnd = new Date(from.getTime() + DAY_MS);
  await waitForMirror(options);
  const result: SummaryPanelRuns = {
    coldMs: [],
    fetchMs: { days92: [], days1: [] },
    renderMs: { days92: [], days1: [] },
    apiMs: { days92: [], days1: [] },
    days: 92,
  };
  const warmContext = await newContext(browser, session);
  try {
    const warm = await warmContext.newPage();
    // One open first, so the warm runs find uPlot's chunk and both summaries cached.
    for (const end of [to, dayEnd]) {
      await openList(warm, baseUrl, from, end);
      await openPanelMs(warm);
    }
    for (let i = 0; i < runs; i += 1) {
      const coldContext = await newContext(browser, session);
      try {
        const cold = await coldContext.newPage();
        await openList(cold, baseUrl, from, to);
        result.coldMs.push(await openPanelMs(cold));
      } finally {
        await coldContext.close();
      }
      for (const [end, key] of [
        [to, "days92"],
        [dayEnd, "days1"],
      ] as const) {
        await openList(warm, baseUrl, from, end);
        result.fetchMs[key].push(await openPanelMs(warm));
        await closePanel(warm);
        result.renderMs[key].push(await openPanelMs(warm));
        await closePanel(warm);
      }
      result.apiMs.days92.push(await summaryApiMs(baseUrl, cookie, from, to));
      result.apiMs.days1.push(await summaryApiMs(baseUrl, cookie, from, dayEnd));
    }
  } finally {
    await warmContext.close();
  }
  return result;
}

export function renderSummaryPanel(runs: SummaryPanelRuns): string {
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  const ratio = (pair: { days92: number[]; days1: number[] }) => median(pair.days92) / median(pair.days1);
  const render = ratio(runs.renderMs);
  const verdict = render <= SUMMARY_WARM_TARGET ? "met" : "missed";
  return [
    `### Summary panel, ${runs.days}-day window (median of ${runs.coldMs.length})`,
    "",
    "| click on Summary to every chart drawn | 92 days | floor: 1 day | ratio | target |",
    "|---|--:|--:|--:|--:|",
    `| opened again (summary cached): rendering | ${ms(runs.renderMs.days92)} | ${ms(runs.renderMs.days1)} | ${render.toFixed(2)} | ≤ ${SUMMARY_WARM_TARGET} (${verdict}) |`,
    `| tab with the scripts loaded: summary fetched | ${ms(runs.fetchMs.days92)} | ${ms(runs.fetchMs.days1)} | ${ratio(runs.fetchMs).toFixed(2)} | |`,
    `| new tab: uPlot's chunk and the summary fetched | ${ms(runs.coldMs)} | | | |`,
    `| GET /api/tasks/summary alone, from Node | ${ms(runs.apiMs.days92)} | ${ms(runs.apiMs.days1)} | ${ratio(runs.apiMs).toFixed(2)} | |`,
  ].join("\n");
}
