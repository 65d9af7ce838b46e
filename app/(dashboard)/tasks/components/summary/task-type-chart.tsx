import type { CountRow } from "@/lib/client/summary-rows";
import { BarList } from "./bar-list";
import { ChartFigure } from "./chart-figure";
import { CountTable } from "./count-table";

export function TaskTypeChart({
  rows,
  others,
  asOf,
  zone,
  onPick,
}: {
  rows: readonly CountRow[];
  others: { types: number; count: number };
  asOf: string;
  zone: string;
  onPick: (taskType: string) => void;
}) {
  const pick = (row: CountRow) => onPick(row.key);
  const note =
    others.types > 0
      ? `${others.types} more types with ${others.count.toLocaleString("en-US")} tasks not shown`
      : undefined;
  return (
    <ChartFigure
      title="Top task types"
      note={note}
      asOf={asOf}
      zone={zone}
      testId="summary-task-types"
      table={
        <CountTable caption="Top task types" nameHeader="Task type" rows={rows} showCode onPick={pick} />
      }
    >
      <BarList rows={rows} barClass="bg-indigo-500 dark:bg-indigo-400" codeTooltip onPick={pick} />
    </ChartFigure>
  );
}
