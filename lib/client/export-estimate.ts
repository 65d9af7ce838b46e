import { budgetWaitSeconds, STALLED_AFTER_MS, type BudgetReading } from "./export-waiting";

// How far "export all matching" is and how long it may take. The server streams rows ordered by
// started_at within the filter's window [from, to), so the latest row's start time says how much of
// the window is behind it. That share of time is only an estimate of the share of rows (tasks are
// not spread evenly over time), and the UI says so.

export interface ExportWindow {
  /** Epoch ms; the window is [from, to). */
  from: number;
  to: number;
  order: "asc" | "desc";
}

/** Below this share the rate is mostly the first request's latency: too little to go on. */
export const MIN_FRACTION_FOR_ESTIMATE = 0.01;

/** The window and order the export was asked for, from its dashboard API query. */
export function exportWindowOf(query: URLSearchParams): ExportWindow | undefined {
  const from = Date.parse(query.get("from") ?? "");
  const to = Date.parse(query.get("to") ?? "");
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return undefined;
  // The dashboard API's default order is ascending.
  return { from, to, order: query.get("order") === "desc" ? "desc" : "asc" };
}

/** The share of the window (0..1) before the row that started at `startedAt`, in export order. */
export function windowFractionDone(window: ExportWindow, startedAt: string | undefined): number | undefined {
  const at = Date.parse(startedAt ?? "");
  if (!Number.isFinite(at)) return undefined;
  const covered = window.order === "asc" ? at - window.from : window.to - at;
  return Math.min(1, Math.max(0, covered / (window.to - window.from)));
}

export interface ExportEstimateInput {
  window: ExportWindow | undefined;
  /** The latest complete row's started_at (UTC). */
  lastStartedAt: string | undefined;
  /** When the export was asked for, and when its row count last grew (epoch ms). */
  startedAt: number;
  lastRowAt: number | undefined;
  now: number;
  budget: BudgetReading | undefined;
}

export interface ExportEstimate {
  /** Share done (0..1); undefined until a row's start time can be read. */
  fraction: number | undefined;
  /** Estimated seconds left; undefined while there is too little to go on. */
  secondsLeft: number | undefined;
  /** True when only the budget's wait is known, so the time left is at least secondsLeft. */
  atLeast: boolean;
}

export function estimateExport(input: ExportEstimateInput): ExportEstimate {
  const fraction = input.window && windowFractionDone(input.window, input.lastStartedAt);
  const budgetWait = budgetWaitSeconds(input.budget, input.now);
  if (fraction === undefined || fraction < MIN_FRACTION_FOR_ESTIMATE || input.lastRowAt === undefined) {
    return { fraction, secondsLeft: budgetWait, atLeast: budgetWait !== undefined };
  }
  // elapsed * (1 - fraction) / fraction, measured when the rows arrived. It counts down while rows
  // flow, and holds once they stall: no work is done meanwhile (counting on would reach "a few
  // seconds" during a minute's wait). A budget that holds exports back adds its wait.
  const elapsedSeconds = (input.lastRowAt - input.startedAt) / 1000;
  const flowingSeconds = Math.min(input.now - input.lastRowAt, STALLED_AFTER_MS) / 1000;
  const byRate = Math.max(0, (elapsedSeconds * (1 - fraction)) / fraction - flowingSeconds);
  return { fraction, secondsLeft: Math.round(byRate + (budgetWait ?? 0)), atLeast: false };
}
