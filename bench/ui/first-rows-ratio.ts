// Issue 16's browser target: warm time to the first rows at most 1.2x the same navigation's first
// contentful paint. The floor is the paint itself: rows can show no sooner than the page does.
import type { FirstRowsCase, FirstRowsRuns } from "./first-rows";
import type { FirstRow } from "./in-page";
import { median } from "./stats";

export const FIRST_ROWS_TARGET = 1.2;

const ms = (value: number) => `${value.toFixed(0)} ms`;

function caseLine(name: FirstRowsCase, runs: readonly FirstRow[], target: boolean): string {
  const measured = runs.filter((run) => run.firstContentfulPaint !== undefined);
  const ratios = measured.map((run) => run.painted / (run.firstContentfulPaint ?? 1));
  const ratio = median(ratios);
  const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}x`;
  // The rows came with the page when the page made no request for the first page of /api/tasks.
  const withPage = runs.filter((run) => run.apiStart === undefined).length;
  const verdict = target ? (ratio <= FIRST_ROWS_TARGET ? " met" : " **missed**") : "";
  return (
    `| ${name} | ${ms(median(runs.map((run) => run.painted)))} | ` +
    `${ms(median(measured.map((run) => run.firstContentfulPaint ?? 0)))} | ` +
    `${ratio.toFixed(2)}x${target ? ` (target ≤ ${FIRST_ROWS_TARGET}x:${verdict})` : ""} | ${spread} | ` +
    `${withPage} of ${runs.length} |`
  );
}

/** The table: first rows painted beside first contentful paint, medians over the runs of each case. */
export function renderFirstRowsRatio(runs: FirstRowsRuns): string {
  return [
    `### Time to first rows against first contentful paint (same navigation; medians of ${runs.warm.length} runs)`,
    "",
    "| case | first row painted | first contentful paint | rows / paint (median of runs) | range | rows sent with the page |",
    "| --- | --- | --- | --- | --- | --- |",
    caseLine("warm", runs.warm, true),
    caseLine("warm, cached list", runs["warm, cached list"], false),
    caseLine("cold", runs.cold, false),
  ].join("\n");
}
