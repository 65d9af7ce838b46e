// The maintenance pages (/due, /vehicles, /compliance, /due/programs) under Lighthouse's desktop
// preset, once the dashboard's mirror holds its whole horizon so each page shows its data rather
// than a "filling" notice. Target: 100 in performance, accessibility and best practices on /due and
// /vehicles; the other two pages are measured beside them.
import { setTimeout as sleep } from "node:timers/promises";
import { CATEGORIES, runLighthouse, type LighthouseRun } from "./lighthouse-runs";
import { medianScores } from "./report";

export const MAINTENANCE_PATHS = ["/due", "/vehicles", "/compliance", "/due/programs"] as const;
const TARGET = 100;
const JUDGED = new Set<string>(["/due", "/vehicles"]);

/** Resolves once GET /api/mirror says every window of the horizon is synced. */
export async function mirrorFilled(
  baseUrl: string,
  cookie: string,
  log: (line: string) => void,
): Promise<void> {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const answer = await fetch(new URL("/api/mirror", baseUrl), { headers: { cookie } });
    const status = (await answer.json()) as { windows?: { synced: number; total: number } };
    const windows = status.windows;
    if (windows && windows.total > 0 && windows.synced === windows.total) return;
    if (Date.now() > deadline) throw new Error("the mirror did not fill within 20 minutes");
    log(`  mirror: ${windows?.synced ?? 0}/${windows?.total ?? "?"} windows`);
    await sleep(5_000);
  }
}

export async function measureMaintenancePages(
  baseUrl: string,
  cookie: string,
  repeats: number,
  log: (line: string) => void,
): Promise<LighthouseRun[]> {
  await mirrorFilled(baseUrl, cookie, log);
  return runLighthouse(baseUrl, MAINTENANCE_PATHS, cookie, repeats, log);
}

export function renderMaintenancePages(runs: readonly LighthouseRun[], repeats: number): string {
  const lines = [
    `### Lighthouse on the maintenance pages (desktop, median of ${repeats})`,
    "",
    "| page | performance | accessibility | best practices | target | verdict | audits below 1 (runs) |",
    "|---|--:|--:|--:|---|---|---|",
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
        `${[...failing].map(([id, count]) => `${id} (${count})`).join(", ") || "none"} |`,
    );
  }
  return lines.join("\n");
}
