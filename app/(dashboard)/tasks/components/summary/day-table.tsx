import type { DayRow } from "@/lib/client/summary-rows";
import { statusLabel } from "@/lib/task-format/task-labels";
import { PickButton } from "./pick-button";

/** What the per-day chart and its table both draw from. */
export interface DayChartProps {
  rows: readonly DayRow[];
  /** The stack order of each row's `counts`, bottom first. */
  statuses: readonly string[];
  onPickDay: (day: string) => void;
}

// The per-day chart's numbers, one row per day, each day filtering the table to it.
export function DayTable({ rows, statuses, onPickDay }: DayChartProps) {
  return (
    <div className="max-h-72 overflow-auto" tabIndex={0} role="region" aria-label="Tasks per day, as a table">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Tasks per day by status</caption>
        <thead className="sticky top-0 bg-slate-100 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              Day
            </th>
            {statuses.map((status) => (
              <th key={status} scope="col" className="px-2 py-1 text-right font-semibold">
                {statusLabel(status)}
              </th>
            ))}
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-1 py-0.5 font-normal">
                <PickButton
                  label={`Show the ${row.total} tasks of ${row.day}`}
                  onPick={() => onPickDay(row.day)}
                >
                  {row.day}
                </PickButton>
              </th>
              {row.counts.map((count, index) => (
                <td key={statuses[index]} className="px-2 py-0.5 text-right tabular-nums">
                  {count.toLocaleString("en-US")}
                </td>
              ))}
              <td className="px-2 py-0.5 text-right tabular-nums">{row.total.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
