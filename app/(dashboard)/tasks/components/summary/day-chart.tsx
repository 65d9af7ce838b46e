import type { DayRow } from "@/lib/client/summary-rows";
import { statusLabel } from "@/lib/task-format/task-labels";
import { ChartFigure } from "./chart-figure";
import { DayCanvas } from "./day-canvas";
import { DayTable } from "./day-table";
import { statusColor } from "./status-colors";

export function DayChart({
  rows,
  statuses,
  asOf,
  zone,
  onPickDay,
}: {
  rows: readonly DayRow[];
  statuses: readonly string[];
  asOf: string;
  zone: string;
  onPickDay: (day: string) => void;
}) {
  return (
    <ChartFigure
      title="Tasks per day"
      note={`days in ${zone}`}
      asOf={asOf}
      zone={zone}
      testId="summary-days"
      table={<DayTable rows={rows} statuses={statuses} onPickDay={onPickDay} />}
    >
      <ul aria-label="Statuses" className="flex flex-wrap gap-3 text-xs">
        {statuses.map((status) => (
          <li key={status} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className={`inline-block size-3 rounded-sm ${statusColor(status).bar}`}
            />
            {statusLabel(status)}
          </li>
        ))}
      </ul>
      <DayCanvas rows={rows} statuses={statuses} onPickDay={onPickDay} />
    </ChartFigure>
  );
}
