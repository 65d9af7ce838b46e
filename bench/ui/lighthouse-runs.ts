// Lighthouse's desktop preset on signed-in pages: the session cookie goes with every request
// (extraHeaders), and Lighthouse drives a Chromium it reaches over the remote debugging port.
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { freePort } from "../../harness/free-port";
import { launchBrowser } from "./browser";

export const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
export type Category = (typeof CATEGORIES)[number];
export const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
};
export const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
} as const;
type MetricId = keyof typeof METRICS;

export interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  /** 0..1, or undefined for audits without a score. */
  score: number | undefined;
  displayValue: string | undefined;
  /** The elements, resources or messages the audit names (a few). */
  items: string[];
}

export interface LighthouseRun {
  path: string;
  scores: Record<Category, number>;
  metrics: Record<MetricId, number>;
  failing: FailingAudit[];
  /** Where the main thread's time went, when performance is below its target. */
  diagnostics: string[];
}

/** Runs every path `repeats` times, path after path in each round, so each sees the same machine. */
export async function runLighthouse(
  baseUrl: string,
  paths: readonly string[],
  cookie: string,
  repeats: number,
  log: (line: string) => void,
): Promise<LighthouseRun[]> {
  const port = await freePort();
  const browser = await launchBrowser([`--remote-debugging-port=${port}`]);
  const runs: LighthouseRun[] = [];
  try {
    for (let round = 1; round <= repeats; round += 1) {
      for (const path of paths) {
        const run = await auditOnce(new URL(path, baseUrl).toString(), path, port, cookie, log);
        log(
          `  lighthouse ${path} (${round}/${repeats}): ` +
            CATEGORIES.map((category) => `${category} ${run.scores[category]}`).join(", "),
        );
        runs.push(run);
      }
    }
  } finally {
    await browser.close();
  }
  return runs;
}

/** Lighthouse's own recording failures (NO_NAVSTART, a lost trace) say nothing of the page: one more try. */
const ATTEMPTS = 2;

async function auditOnce(
  url: string,
  path: string,
  port: number,
  cookie: string,
  log: (line: string) => void,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        extraHeaders: { Cookie: cookie },
      },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const error = result.lhr.runtimeError;
    if (!error || attempt === ATTEMPTS) return summarise(path, result.lhr);
    log(`  lighthouse ${path}: ${error.code ?? "runtime error"} (${error.message}); running it again`);
  }
}

function summarise(path: string, lhr: Result): LighthouseRun {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== path)
    throw new Error(`Lighthouse on ${path} ended at ${landed}: the session was not accepted`);
  const scores = {} as Record<Category, number>;
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    if (!entry || entry.score === null) throw new Error(`Lighthouse on ${path}: no ${category} score`);
    scores[category] = Math.round(entry.score * 100);
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null) continue;
      // Performance metrics score on a curve; below 0.9 is where Lighthouse stops calling them good.
      const passed = category === "performance" ? audit.score >= 0.9 : audit.score === 1;
      if (passed) continue;
      failing.push({
        id: audit.id,
        title: audit.title,
        category,
        score: audit.score,
        displayValue: audit.displayValue,
        items: itemsOf(audit.details),
      });
    }
  }
  const metrics = {} as Record<MetricId, number>;
  for (const id of Object.keys(METRICS) as MetricId[])
    metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
  const diagnostics = scores.performance < TARGETS.performance ? performanceDiagnostics(lhr) : [];
  return { path, scores, metrics, failing, diagnostics };
}

type Items = Record<string, unknown>[];

function auditItems(lhr: Result, id: string): Items {
  const details = lhr.audits[id]?.details;
  return details && "items" in details && Array.isArray(details.items) ? (details.items as Items) : [];
}

const num = (value: unknown) => (typeof value === "number" ? Math.round(value) : 0);
const file = (value: unknown) => (typeof value === "string" ? value.replace(/^https?:\/\/[^/]+/, "") : "?");

function performanceDiagnostics(lhr: Result): string[] {
  const breakdown = auditItems(lhr, "mainthread-work-breakdown")
    .map((item) => `${String(item.groupLabel)} ${num(item.duration)} ms`)
    .join(", ");
  const bootup = auditItems(lhr, "bootup-time")
    .slice(0, 3)
    .map((item) => `${file(item.url)} ${num(item.total)} ms (scripting ${num(item.scripting)} ms)`)
    .join(", ");
  const longTasks = auditItems(lhr, "long-tasks")
    .slice(0, 6)
    .map((item) => `${num(item.duration)} ms at ${num(item.startTime)} ms in ${file(item.url)}`)
    .join(", ");
  return [`main-thread work: ${breakdown}`, `script time by file: ${bootup}`, `longest tasks: ${longTasks}`];
}

/** What an audit's details name: a node's selector and markup, a URL, or a message. */
function itemsOf(details: Result["audits"][string]["details"]): string[] {
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  const named: string[] = [];
  for (const item of details.items as Record<string, unknown>[]) {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const text = node?.selector
      ? `${node.selector} ${node.snippet ?? ""}`.trim()
      : [item.description, item.source, item.url, item.sourceLocation && JSON.stringify(item.sourceLocation)]
          .filter((value): value is string => typeof value === "string" && value.length > 0)
          .join(" | ");
    if (text && !named.includes(text)) named.push(text);
    if (named.length === 5) break;
  }
  return named;
}
