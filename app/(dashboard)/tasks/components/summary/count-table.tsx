import type { CountRow } from "@/lib/client/summary-rows";
import { PickButton } from "./pick-button";

// The table alternative of a chart of counts: one row per value, its name filtering the tasks.
export function CountTable({
  caption,
  nameHeader,
  rows,
  showCode,
  onPick,
}: {
  caption: string;
  nameHeader: string;
  rows: readonly CountRow[];
  /** Also list the raw value (a task type's code) under its label, where they differ. */
  showCode?: boolean;
  onPick: (row: CountRow) => void;
}) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-72 overflow-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              {nameHeader}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Tasks
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-1 py-0.5 font-normal">
                <PickButton label={`Show the ${row.count} tasks: ${row.label}`} onPick={() => onPick(row)}>
                  {row.label}
                </PickButton>
                {showCode && row.key !== row.label && (
                  <span className="block px-1 font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                    {row.key}
                  </span>
                )}
              </th>
              <td className="px-2 py-0.5 text-right tabular-nums">{row.count.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
