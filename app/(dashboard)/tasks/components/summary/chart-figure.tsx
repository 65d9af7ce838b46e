"use client";
import { useId, useState, type ReactNode } from "react";
import { formatInZone } from "@/lib/client/time-format";

// One chart of the summary: its title, how fresh its data is, and a switch to the same numbers as
// a table, for screen readers and keyboards (a canvas says nothing to either).
export function ChartFigure({
  title,
  asOf,
  zone,
  note,
  table,
  testId,
  children,
}: {
  title: string;
  asOf: string;
  zone: string;
  note?: string;
  table: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-2 rounded border border-slate-300 p-3 dark:border-slate-700"
    >
      <figcaption className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-sm font-semibold">
          {title}
        </h3>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {note ? `${note}; ` : ""}as of {formatInZone(asOf, zone)}
        </span>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
          className="ml-auto rounded border border-slate-400 px-2 py-0.5 text-xs"
        >
          Show as table
        </button>
      </figcaption>
      {asTable ? table : children}
    </figure>
  );
}
