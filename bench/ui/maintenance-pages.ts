// The maintenance pages (/due, /vehicles, /compliance, /due/programs) under Lighthouse's desktop
// preset, once the dashboard's mirror holds its whole horizon so each page shows its data rather
// than a "filling" notice. Target: 100 in performance, accessibility and best practices on /due and
// /vehicles; the other two pages are measured beside them.
import { waitForMirror } from "./filter-change";
import { CATEGORIES, METRICS, runLighthouse, type LighthouseRun } from "./lighthouse-runs";
import { medianScores } from "./report";
import { median } from "./stats";

export const MAINTENANCE_PATHS = ["/due", "/vehicles", "/compliance", "/due/programs"] as const;
const TARGET = 100;
const JUDGED = new Set<string>(["/due", "/vehicles"]);
const MIRROR_FILL_MS = 20 * 60_000;

export async function measureMaintenancePages(
  baseUrl: string,
  cookie: string,
  repeats: number,
  log: (line: string) => void,
): Promise<LighthouseRun[]> {
  log("waiting for the mirror to sync its horizon");
  await waitForMirror(baseUrl, cookie, MIRROR_FILL_MS);
  return runLighthouse(baseUrl, MAINTENANCE_PATHS, cookie, repeats, log);
}

export function renderMaintenancePages(runs: readonly LighthouseRun[], repeats: number): string {
  const lines = [
    `### Lighthouse on the maintenance pages (desktop, median of ${repeats})`,
    "",
    "| page | performance | accessibility | best practices | target | verdict | audits below 1 (runs) | " +
      `${Object.values(METRICS).join(" / ")} (ms; CLS unitless) |`,
    "|---|--:|--:|--:|---|---|---|---|",
  ];
  for (const path of MAINTENANCE_PATHS) {
    const scores = medianScores([...runs], path);
    const failing = new Map<string, number>();
    for (const run of runs.filter((one) => one.path === path))
      for (const audit of run.failing) failing.set(audit.id, (failing.get(audit.id) ?? 0) + 1);
    const met = CATEGORIES.every((category) => scores[category] >= TARGET);
    lines.push(
      `| ${path} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ` +
        `${JUDGED.has(path) ? `${TARGET} each` : "measured"} | ${JUDGED.has(path) ? (met ? "met" : "**not met**") : "—"} | ` +
        `${[...failing].map(([id, count]) => `${id} (${count})`).join(", ") || "none"} | ` +
        `${metricMedians(runs, path)} |`,
    );
  }
  return lines.join("\n");
}

/** Each of Lighthouse's metrics, its median over the path's runs: which one cost the score. */
function metricMedians(runs: readonly LighthouseRun[], path: string): string {
  const mine = runs.filter((run) => run.path === path);
  return (Object.keys(METRICS) as (keyof typeof METRICS)[])
    .map((id) => {
      const value = median(mine.map((run) => run.metrics[id]));
      return id === "cumulative-layout-shift" ? value.toFixed(3) : String(Math.round(value));
    })
    .join(" / ");
}
