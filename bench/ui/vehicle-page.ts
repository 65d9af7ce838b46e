// The vehicle page (/vehicles/{vehicle_id}) once the task mirror holds its whole horizon: time to
// its first timeline row and to its drawn odometer chart (cold browser contexts), each against a
// floor measured in the same load, the page's HTML fully received; Lighthouse on it; and the
// first-load JS of it and of /tasks, whose header now carries the mirror's freshness.
import type { Browser } from "@playwright/test";
import { newContext, type SessionState } from "./browser";
import { measureFirstLoadJs, type FirstLoadJs } from "./first-load-js";
import { CATEGORIES, runLighthouse, TARGETS, type LighthouseRun } from "./lighthouse-runs";
import { median, percentile } from "./stats";

const FILL_TIMEOUT_MS = 20 * 60_000;

export interface VehicleLoad {
  /** The page's HTML received in full (navigation responseEnd): the floor. */
  htmlMs: number;
  firstRowMs: number;
  chartMs: number;
  /** The largest contentful paint's element as the page saw it (tag, test id, start of its text). */
  lcpElement: string;
}

export interface VehiclePageResult {
  vehicleId: string;
  tasks: number;
  readings: number;
  fill: { waitedMs: number; windows: number; rows: number };
  loads: VehicleLoad[];
  lighthouse: LighthouseRun[];
  js: FirstLoadJs;
}

interface MirrorState {
  enabled: boolean;
  windows?: { synced: number; total: number };
  rows?: number;
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitForFill(baseUrl: string, cookie: string, log: (line: string) => void) {
  const started = Date.now();
  for (;;) {
    const state = await getJson<MirrorState>(`${baseUrl}/api/mirror`, cookie);
    if (!state.enabled) throw new Error("the dashboard's task mirror is off");
    const windows = state.windows!;
    if (windows.total > 0 && windows.synced === windows.total)
      return { waitedMs: Date.now() - started, windows: windows.total, rows: state.rows ?? 0 };
    if (Date.now() - started > FILL_TIMEOUT_MS)
      throw new Error(`the mirror did not fill: ${JSON.stringify(state)}`);
    log(`  mirror: ${windows.synced}/${windows.total} windows`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/** Of the vehicles on the last week's first page, the one with the longest history. */
async function busiestVehicle(baseUrl: string, cookie: string) {
  const to = new Date();
  const from = new Date(to.getTime() - 7 * 86_400_000);
  const page = await getJson<{ data: { vehicle_id: string }[] }>(
    `${baseUrl}/api/tasks?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), limit: "100" }).toString()}`,
    cookie,
  );
  let best: { vehicleId: string; tasks: number; readings: number } | undefined;
  for (const vehicleId of [...new Set(page.data.map((task) => task.vehicle_id))].slice(0, 20)) {
    const vehicle = await getJson<{ tasks: unknown[]; odometer: unknown[] }>(
      `${baseUrl}/api/vehicles/${encodeURIComponent(vehicleId)}`,
      cookie,
    );
    if (!best || vehicle.tasks.length > best.tasks)
      best = { vehicleId, tasks: vehicle.tasks.length, readings: vehicle.odometer.length };
  }
  if (!best) throw new Error("no task in the last week to take a vehicle from");
  return best;
}

/** Init script (self-contained: it runs in the page): when the first timeline row and the drawn chart appear, and what the LCP was. */
function vehicleProbe(): void {
  const probe = window as unknown as { __benchFirstRow?: number; __benchChart?: number; __benchLcp?: string };
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as LargestContentfulPaint[];
    const element = entries.at(-1)?.element;
    if (!element) return;
    const testId = element.closest("[data-testid]")?.getAttribute("data-testid");
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    probe.__benchLcp = `<${element.tagName.toLowerCase()}>${testId ? ` in ${testId}` : ""} "${text}"`;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const observer = new MutationObserver(() => {
    if (probe.__benchFirstRow === undefined && document.querySelector('[data-testid="timeline-task"]'))
      probe.__benchFirstRow = performance.now();
    if (
      probe.__benchChart === undefined &&
      document.querySelector('[data-testid="odometer-chart"][data-ready="true"]')
    )
      probe.__benchChart = performance.now();
    if (probe.__benchFirstRow !== undefined && probe.__benchChart !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

function readProbe(): VehicleLoad | undefined {
  const probe = window as unknown as { __benchFirstRow?: number; __benchChart?: number; __benchLcp?: string };
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (probe.__benchFirstRow === undefined || probe.__benchChart === undefined || !navigation)
    return undefined;
  return {
    htmlMs: navigation.responseEnd,
    firstRowMs: probe.__benchFirstRow,
    chartMs: probe.__benchChart,
    lcpElement: probe.__benchLcp ?? "none reported",
  };
}

export async function measureVehiclePage(options: {
  browser: Browser;
  session: SessionState;
  baseUrl: string;
  cookie: string;
  runs: number;
  lighthouseRepeats: number;
  log: (line: string) => void;
}): Promise<VehiclePageResult> {
  const { browser, session, baseUrl, cookie, runs, lighthouseRepeats, log } = options;
  log("vehicle page: waiting for the task mirror to hold its whole horizon");
  const fill = await waitForFill(baseUrl, cookie, log);
  const vehicle = await busiestVehicle(baseUrl, cookie);
  const path = `/vehicles/${encodeURIComponent(vehicle.vehicleId)}`;
  log(`vehicle page: ${path}, ${vehicle.tasks} tasks, ${vehicle.readings} readings; ${runs} cold loads`);
  const loads: VehicleLoad[] = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await newContext(browser, session);
    try {
      const page = await context.newPage();
      await page.addInitScript(vehicleProbe);
      await page.goto(`${baseUrl}${path}`, { waitUntil: "commit" });
      const handle = await page.waitForFunction(readProbe, undefined, { timeout: 60_000, polling: 50 });
      loads.push((await handle.jsonValue())!);
      await handle.dispose();
    } finally {
      await context.close();
    }
  }
  log(`vehicle page: Lighthouse, ${lighthouseRepeats} rounds`);
  // /locations beside it, round by round: a page that met its targets before, on the same machine
  // at the same moment (a shared two-core machine moves Lighthouse's performance a lot).
  const lighthouse = await runLighthouse(baseUrl, ["/locations", path], cookie, lighthouseRepeats, log);
  const js = await measureFirstLoadJs(baseUrl, [
    { route: "/tasks", cookie },
    { route: path, cookie },
  ]);
  return { ...vehicle, fill, loads, lighthouse, js };
}

const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function renderVehicleSection(result: VehiclePageResult): string {
  const loads = result.loads;
  const p50 = (pick: (load: VehicleLoad) => number) => median(loads.map(pick));
  const p90 = (pick: (load: VehicleLoad) => number) => percentile(loads.map(pick), 90);
  const ratio = (pick: (load: VehicleLoad) => number) =>
    median(loads.map((load) => pick(load) / load.htmlMs));
  const vehicleRuns = result.lighthouse.filter((run) => run.path !== "/locations");
  const floorRuns = result.lighthouse.filter((run) => run.path === "/locations");
  const scores = CATEGORIES.map((category) => {
    const value = median(vehicleRuns.map((run) => run.scores[category]));
    const floor = median(floorRuns.map((run) => run.scores[category]));
    return `| Lighthouse ${category} (median of ${vehicleRuns.length}) | ${value} | \`/locations\` ${floor} | ≥ ${TARGETS[category]} | ${value >= TARGETS[category] ? "met" : "**not met**"} |`;
  });
  const metric = (runs: LighthouseRun[], id: "largest-contentful-paint" | "total-blocking-time") =>
    ms(median(runs.map((run) => run.metrics[id])));
  const failing = [
    ...new Set(vehicleRuns.flatMap((run) => run.failing.map((audit) => `${audit.id} (${audit.category})`))),
  ];
  const diagnostics = [...new Set(vehicleRuns.flatMap((run) => run.diagnostics))].slice(0, 6);
  const route = (name: string) =>
    result.js.routes.find((one) => one.route === name || one.route.startsWith(name));
  return [
    `### Vehicle page (\`/vehicles/{vehicle_id}\`)`,
    "",
    `Vehicle \`${result.vehicleId}\`: ${result.tasks} tasks, ${result.readings} odometer readings. The mirror ` +
      `held ${result.fill.windows} windows, ${result.fill.rows.toLocaleString("en-US")} rows (waited ${ms(result.fill.waitedMs)} for it). ` +
      `${loads.length} cold loads (new browser context each); times from navigation start.`,
    "",
    "| measurement | result | same-run floor | target | verdict |",
    "| --- | --- | --- | --- | --- |",
    `| HTML received (floor: the server's answer, rows included) p50 / p90 | ${ms(p50((l) => l.htmlMs))} / ${ms(p90((l) => l.htmlMs))} | | | |`,
    `| First timeline row in the DOM p50 / p90 | ${ms(p50((l) => l.firstRowMs))} / ${ms(p90((l) => l.firstRowMs))} | ${ratio((l) => l.firstRowMs).toFixed(2)}x HTML | | |`,
    `| Odometer chart drawn (uPlot loaded once in view and idle) p50 / p90 | ${ms(p50((l) => l.chartMs))} / ${ms(p90((l) => l.chartMs))} | ${ratio((l) => l.chartMs).toFixed(2)}x HTML | | |`,
    ...scores,
    `| Lighthouse LCP / TBT (median) | ${metric(vehicleRuns, "largest-contentful-paint")} / ${metric(vehicleRuns, "total-blocking-time")} | \`/locations\` ${metric(floorRuns, "largest-contentful-paint")} / ${metric(floorRuns, "total-blocking-time")} | | |`,
    `| First-load JS \`/tasks\` / vehicle page (gzip -9) | ${kb(route("/tasks")?.gzipBytes ?? 0)} / ${kb(route("/vehicles")?.gzipBytes ?? 0)} | shared ${kb(result.js.sharedGzipBytes)} | \`/tasks\` < 180 kB | ${(route("/tasks")?.gzipBytes ?? Infinity) < 180_000 ? "met" : "**not met**"} |`,
    "",
    `Largest contentful paint's element in the cold loads: ${[...new Set(loads.map((load) => load.lcpElement))].join("; ")}.`,
    "",
    failing.length > 0 ? `Failing Lighthouse audits: ${failing.join(", ")}.` : "No failing Lighthouse audit.",
    ...(diagnostics.length > 0 ? ["", `Main thread: ${diagnostics.join("; ")}.`] : []),
  ].join("\n");
}
