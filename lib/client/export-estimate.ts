import { budgetHoldsExports, budgetWaitSeconds, type BudgetReading } from "./export-waiting";

// How far "export all matching" is and how long it may take. The server streams rows ordered by
// started_at within the filter's window [from, to), so the latest row's start time says how much of
// the window is behind it. That share of time is only an estimate of the share of rows (tasks are
// not spread evenly over time), and the UI says so. The time left comes from the pace the export
// has really had lately: exports get only the budget people leave, so the whole budget's pace,
// or the pace of the first seconds, says little.

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

/** How far the export was when its rows last grew. */
export interface ProgressSample {
  /** Epoch ms. */
  at: number;
  /** Share of the window done (0..1). */
  fraction: number;
}

/**
 * The export's pace is measured over the last minute while the budget holds it back: slots come a
 * few at a time as people leave them, and the budget's window is a minute, so a minute holds the
 * share the export really gets. While nothing holds it back, the last 15 s tell its pace sooner.
 */
const HELD_RATE_WINDOW_MS = 60_000;
const FREE_RATE_WINDOW_MS = 15_000;
/** Less than this of the export's own time is too little to say a pace (the first rows come at once). */
const MIN_OBSERVED_MS = 3_000;

export interface ExportEstimateInput {
  window: ExportWindow | undefined;
  /** The latest complete row's started_at (UTC). */
  lastStartedAt: string | undefined;
  /** When the export was asked for, and when its row count last grew (epoch ms). */
  startedAt: number;
  lastRowAt: number | undefined;
  now: number;
  budget: BudgetReading | undefined;
  /** Where the export was each time its rows grew, oldest first (recordProgress keeps enough). */
  history: readonly ProgressSample[];
}

export interface ExportEstimate {
  /** Share done (0..1); undefined until a row's start time can be read. */
  fraction: number | undefined;
  /** Estimated seconds left; undefined while there is too little to go on. */
  secondsLeft: number | undefined;
  /** True when only the budget's wait is known, so the time left is at least secondsLeft. */
  atLeast: boolean;
}

/** The history with a new sample, keeping what the longest rate window can still ask for. */
export function recordProgress(history: readonly ProgressSample[], sample: ProgressSample): ProgressSample[] {
  const horizon = sample.at - HELD_RATE_WINDOW_MS;
  // The latest sample before the horizon says where the export was at the horizon: kept too.
  const firstNeeded = Math.max(
    0,
    history.findLastIndex((old) => old.at <= horizon),
  );
  return [...history.slice(firstNeeded), sample];
}

/** Share of the window done at `at`: that of the latest sample by then, none before the first. */
function fractionAt(history: readonly ProgressSample[], at: number): number {
  return history.findLast((sample) => sample.at <= at)?.fraction ?? 0;
}

/** Share of the window per ms over the last `windowMs` up to now, stalls included; 0 if none. */
function rateOver(input: ExportEstimateInput, fraction: number, windowMs: number): number {
  const from = Math.max(input.startedAt, input.now - windowMs);
  const span = input.now - from;
  return span > 0 ? Math.max(0, fraction - fractionAt(input.history, from)) / span : 0;
}

export function estimateExport(input: ExportEstimateInput): ExportEstimate {
  const fraction = input.window && windowFractionDone(input.window, input.lastStartedAt);
  const budgetWait = budgetWaitSeconds(input.budget, input.now);
  const tooEarly = input.now - input.startedAt < MIN_OBSERVED_MS;
  if (fraction === undefined || fraction < MIN_FRACTION_FOR_ESTIMATE || tooEarly) {
    return { fraction, secondsLeft: budgetWait, atLeast: budgetWait !== undefined };
  }
  // The pace of what the export actually gets, waits included, so a stall makes the estimate grow
  // rather than hold. Nothing at all in the window: the whole run's pace is all there is to go on.
  const held = budgetHoldsExports(input.budget);
  const rate =
    rateOver(input, fraction, held ? HELD_RATE_WINDOW_MS : FREE_RATE_WINDOW_MS) ||
    rateOver(input, fraction, HELD_RATE_WINDOW_MS) ||
    rateOver(input, fraction, Infinity);
  if (rate === 0) return { fraction, secondsLeft: budgetWait, atLeast: budgetWait !== undefined };
  const byRate = (1 - fraction) / rate / 1000;
  // No row comes before the budget grants a slot, whatever the pace.
  return { fraction, secondsLeft: Math.round(Math.max(byRate, budgetWait ?? 0)), atLeast: false };
}
