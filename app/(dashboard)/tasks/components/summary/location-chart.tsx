import type { CountRow } from "@/lib/client/summary-rows";
import { BarList } from "./bar-list";
import { ChartFigure } from "./chart-figure";
import { CountTable } from "./count-table";

export function LocationChart({
  rows,
  asOf,
  zone,
  onPick,
}: {
  rows: readonly CountRow[];
  asOf: string;
  zone: string;
  onPick: (locationId: string) => void;
}) {
  const pick = (row: CountRow) => onPick(row.key);
  return (
    <ChartFigure
      title="Tasks per location"
      asOf={asOf}
      zone={zone}
      testId="summary-locations"
      table={<CountTable caption="Tasks per location" nameHeader="Location" rows={rows} onPick={pick} />}
    >
      <BarList rows={rows} barClass="bg-teal-600 dark:bg-teal-400" columns onPick={pick} />
    </ChartFigure>
  );
}
