import type { CountRow } from "@/lib/client/summary-rows";
import { BarList } from "./bar-list";
import { ChartFigure } from "./chart-figure";
import { CountTable } from "./count-table";
import { statusColor } from "./status-colors";

export function StatusTotals({
  rows,
  total,
  asOf,
  zone,
  onPick,
}: {
  rows: readonly CountRow[];
  total: number;
  asOf: string;
  zone: string;
  onPick: (status: string) => void;
}) {
  const pick = (row: CountRow) => onPick(row.key);
  return (
    <ChartFigure
      title={`Tasks by status (${total.toLocaleString("en-US")} in all)`}
      asOf={asOf}
      zone={zone}
      testId="summary-status"
      table={<CountTable caption="Tasks by status" nameHeader="Status" rows={rows} onPick={pick} />}
    >
      <BarList rows={rows} barClass={(row) => statusColor(row.key).bar} onPick={pick} />
    </ChartFigure>
  );
}
