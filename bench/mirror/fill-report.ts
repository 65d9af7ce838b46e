import { SERVICE_LIMIT_PER_MIN, type FillResult } from "./fill";
import { PAGE_ROWS } from "./fill-walks";

// The fill's figures as a markdown table, beside the ceiling the issue defines, and the run's
// shape (calls and rows per successive minute) that explains a miss.

const int = (value: number) => Math.round(value).toLocaleString("en-US");

export function renderFill(result: FillResult): string {
  const last = result.samples.at(-1)!;
  const seconds = result.elapsedMs / 1000;
  const rate = last.rows / seconds;
  const ceilingPerMin = SERVICE_LIMIT_PER_MIN * result.budgetShare;
  const ceiling = (ceilingPerMin * PAGE_ROWS) / 60;
  const loads = result.samples.map((sample) => sample.load1);
  const rows: [string, string][] = [
    ["rows mirrored / windows", `${int(last.rows)} / ${last.windows}`],
    ["time to all windows synced", `${seconds.toFixed(1)} s`],
    ["fill rate", `${rate.toFixed(1)} rows/s`],
    [
      "ceiling (limit x 500 x share)",
      `${ceiling.toFixed(1)} rows/s (${SERVICE_LIMIT_PER_MIN}/min x ${PAGE_ROWS} x ${result.budgetShare})`,
    ],
    ["fill / ceiling (target >= 0.9)", `${(rate / ceiling).toFixed(2)}`],
    ["task calls / fewest possible", `${last.taskCalls} / ${result.fewestCalls}`],
    ["rows per task call", `${(last.rows / Math.max(1, last.taskCalls)).toFixed(0)}`],
    ["all /v1 calls (tasks, locations)", `${last.calls}`],
    ["filling walks (each ends on a partial page)", `${result.walks.length}`],
    [
      "windows walked again meanwhile (hot refresh)",
      `${result.rewalked.windows} (${int(result.rewalked.rows)} rows, >= ${Math.ceil(result.rewalked.rows / PAGE_ROWS)} calls)`,
    ],
    [
      "busiest 60 s at the service",
      `${last.calls > 0 ? result.busiestMinute : 0} calls (limit ${SERVICE_LIMIT_PER_MIN}, sync share ${ceilingPerMin})`,
    ],
    ["429 answers / token calls", `${last.refused} / ${last.tokenCalls}`],
    [
      "sync budget waits",
      `${result.syncWaits.count}, mean ${((result.syncWaits.sumSeconds / Math.max(1, result.syncWaits.count)) * 1000).toFixed(0)} ms`,
    ],
    [
      "load average (1 min) during the fill",
      `${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)}`,
    ],
    ["last sync error", result.lastError ?? "none"],
  ];
  return [
    "### Initial fill (sandbox defaults, PGlite mirror)",
    "",
    "| figure | value |",
    "|---|--:|",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    "",
    `calls per minute: ${perMinute(result, "calls").join(", ")}`,
    `rows per minute: ${perMinute(result, "rows").map(int).join(", ")}`,
    `filling walks (windows/rows): ${result.walks.map((walk) => `${walk.windows}/${walk.rows}`).join(", ")}`,
  ].join("\n");
}

/** The increase of a counter over each successive minute of the run (the last one partial). */
function perMinute(result: FillResult, field: "calls" | "rows"): number[] {
  const out: number[] = [];
  let before = 0;
  for (let minute = 1; ; minute++) {
    const upTo = result.samples.filter((sample) => sample.at <= minute * 60_000).at(-1);
    const value = upTo?.[field] ?? before;
    out.push(value - before);
    before = value;
    if (minute * 60_000 >= result.elapsedMs) return out;
  }
}
