import type { CaseResult } from "./measure";

// One markdown table per store: the read side beside its floor, and how far above it it is.

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

export function renderTable(store: string, results: readonly CaseResult[]): string {
  const rows = results.map((result) =>
    [
      result.name,
      ms(result.ours.p50),
      ms(result.ours.p99),
      ms(result.floor.p50),
      ms(result.floor.p99),
      `${(result.ours.p50 / result.floor.p50).toFixed(2)}x`,
      `${result.rows} / ${result.total.toLocaleString("en-US")}`,
    ].join(" | "),
  );
  return [
    `### ${store}`,
    "",
    "| case | read p50 (ms) | read p99 (ms) | floor p50 (ms) | floor p99 (ms) | read / floor (p50) | rows / total |",
    "|---|--:|--:|--:|--:|--:|--:|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** Page 1 against the deep page of the same query. */
export function depthLines(results: readonly CaseResult[]): string[] {
  return results
    .filter((result) => / deep$/.test(result.name))
    .map((deep) => {
      const first = results.find((result) => result.name === deep.name.replace(/[\d,]+ deep$/, "page 1"));
      if (!first) return "";
      const ratio = (a: number, b: number) => (a / b).toFixed(2);
      return `${deep.name}: deep/page-1 p50 ${ratio(deep.ours.p50, first.ours.p50)}x, p99 ${ratio(deep.ours.p99, first.ours.p99)}x`;
    })
    .filter(Boolean);
}
