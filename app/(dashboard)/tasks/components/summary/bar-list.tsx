import type { CountRow } from "@/lib/client/summary-rows";
import { PickButton } from "./pick-button";

// A chart of counts as horizontal bars of plain HTML: a few rows need no chart library, and each
// bar is a button that filters the table.
export function BarList({
  rows,
  barClass,
  codeTooltip,
  columns,
  onPick,
}: {
  rows: readonly CountRow[];
  /** Many rows (every location) flow into columns on wide screens instead of one long list. */
  columns?: boolean;
  /** The bar's colour (light and dark), or one per row. */
  barClass: string | ((row: CountRow) => string);
  /** Shows the raw value when the label is a translation of it. */
  codeTooltip?: boolean;
  onPick: (row: CountRow) => void;
}) {
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ul className={`text-sm ${columns ? "gap-x-6 sm:columns-2 xl:columns-3" : ""}`}>
      {rows.map((row) => (
        <li key={row.key} className="mb-1 break-inside-avoid">
          <PickButton
            label={`${row.label}: ${row.count} tasks. Show them`}
            title={codeTooltip ? row.key : undefined}
            onPick={() => onPick(row)}
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="truncate">{row.label}</span>
              <span className="tabular-nums">{row.count.toLocaleString("en-US")}</span>
            </span>
            <span aria-hidden="true" className="block h-2 rounded bg-slate-200 dark:bg-slate-800">
              <span
                className={`block h-2 rounded ${typeof barClass === "string" ? barClass : barClass(row)}`}
                style={{ width: `${(row.count / most) * 100}%` }}
              />
            </span>
          </PickButton>
        </li>
      ))}
    </ul>
  );
}
