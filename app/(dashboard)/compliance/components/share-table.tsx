"use client";

export interface ShareRow {
  key: string;
  label: string;
  completed: number;
  late: number;
  selected: boolean;
  onPick: () => void;
}

/** On time, to a tenth of a percent, rounded down: one late job in 2,001 is 99.9%, never 100.0%. */
export const onTimePercent = (row: { completed: number; late: number }) =>
  row.completed === 0 ? 0 : Math.floor(((row.completed - row.late) * 1000) / row.completed) / 10;

// Compliance of each row as a bar and as its figures: the bar is the chart, the row's cells are its
// table alternative, so both say the same. A row's button narrows the page to it.
export function ShareTable(props: {
  title: string;
  columnLabel: string;
  rows: ShareRow[];
  pickLabel: string;
  testId: string;
}) {
  const { title, columnLabel, rows, pickLabel, testId } = props;
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm">No completed job of a program.</p>
      ) : (
        <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
          <caption className="sr-only">{title}: completed jobs, late jobs and the share on time</caption>
          <thead className="bg-slate-100 dark:bg-slate-900">
            <tr>
              <th scope="col" className="px-2 py-1">
                {columnLabel}
              </th>
              <th scope="col" className="w-2/5 px-2 py-1">
                On time
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Completed
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Late
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                data-key={row.key}
                data-selected={row.selected}
                className="border-t border-slate-200 data-[selected=true]:bg-slate-100 dark:border-slate-800 dark:data-[selected=true]:bg-slate-900"
              >
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  <button
                    type="button"
                    onClick={row.onPick}
                    aria-pressed={row.selected}
                    className="text-left underline underline-offset-2"
                    title={pickLabel}
                  >
                    {row.label}
                  </button>
                </th>
                <td className="px-2 py-1">
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="h-3 flex-1 rounded-sm bg-slate-200 dark:bg-slate-700">
                      <span
                        className="block h-3 rounded-sm bg-emerald-600 dark:bg-emerald-400"
                        style={{ width: `${onTimePercent(row)}%` }}
                      />
                    </span>
                    <span className="w-14 text-right tabular-nums" data-testid="on-time-share">
                      {onTimePercent(row).toFixed(1)}%
                    </span>
                  </span>
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{row.completed.toLocaleString("en-US")}</td>
                <td className="px-2 py-1 text-right tabular-nums">{row.late.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
