"use client";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type uPlot from "uplot";
import type { DayRow } from "@/lib/client/summary-rows";
import { statusLabel } from "@/lib/task-format/task-labels";
import type { DayChartProps } from "./day-table";
import { statusColor } from "./status-colors";
import { useColorScheme } from "./use-color-scheme";

// Tasks per day as bars stacked by status, drawn by uPlot. uPlot is fetched here, when the chart
// first shows (the panel is open), so /tasks never loads it up front. Pointing at a bar says its
// counts; a click picks its day.

const HEIGHT = 200;
/** Room per x-axis label ("11-20"), so 92 days do not crowd the axis. */
const LABEL_PX = 44;

export function DayCanvas({ rows, statuses, onPickDay }: DayChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const scheme = useColorScheme();
  const [hovered, setHovered] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // The chart is built once per data and theme; a new click handler must not rebuild it.
  const pickDay = useEffectEvent((day: string) => onPickDay(day));

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let cancelled = false;
    import("uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        chart = new UPlot(
          chartOptions(UPlot, rows, statuses, scheme, element.clientWidth, setHovered),
          chartData(rows, statuses),
          element,
        );
        const over = chart.over;
        over.style.cursor = "pointer";
        over.addEventListener("click", () => {
          const index = chart?.cursor.idx;
          const row = index == null ? undefined : rows[index];
          if (row) pickDay(row.day);
        });
        resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
        resize.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [rows, statuses, scheme]);

  const row = hovered === null ? undefined : rows[hovered];
  return (
    <div className="flex flex-col gap-1">
      <div
        ref={host}
        role="img"
        aria-label="Bar chart of tasks per day, stacked by status. Show as table lists the same numbers."
        data-testid="day-chart-canvas"
        className="min-h-[200px] w-full [&_.u-axis]:absolute [&_.u-off]:hidden [&_.u-over]:absolute [&_.u-under]:absolute [&_.u-under]:overflow-hidden [&_.u-wrap]:relative [&_canvas]:block"
      />
      <p data-testid="day-chart-readout" className="min-h-5 text-xs text-slate-700 dark:text-slate-300">
        {failed
          ? "The chart could not be drawn; Show as table lists its numbers."
          : row
            ? `${row.day}: ${row.total.toLocaleString("en-US")} tasks (${describeCounts(row, statuses)}). Click to show them.`
            : "Point at a bar for its day's counts; click it to show that day's tasks."}
      </p>
    </div>
  );
}

function describeCounts(row: DayRow, statuses: readonly string[]): string {
  return statuses.map((status, index) => `${statusLabel(status)} ${row.counts[index] ?? 0}`).join(", ");
}

/** x is the day's index; each status's series is the stack up to it, drawn tallest first. */
function chartData(rows: readonly DayRow[], statuses: readonly string[]): uPlot.AlignedData {
  const xs = rows.map((_, index) => index);
  const stacks = statuses.map((_, level) =>
    rows.map((row) => row.counts.slice(0, level + 1).reduce((sum, count) => sum + count, 0)),
  );
  return [xs, ...stacks.reverse()];
}

function chartOptions(
  UPlot: typeof uPlot,
  rows: readonly DayRow[],
  statuses: readonly string[],
  scheme: "light" | "dark",
  width: number,
  onHover: (index: number | null) => void,
): uPlot.Options {
  const ink = scheme === "dark" ? "#cbd5e1" : "#334155";
  const grid = scheme === "dark" ? "#334155" : "#e2e8f0";
  const bars = UPlot.paths.bars?.({ size: [0.8, 48], gap: 1 });
  const most = Math.max(1, ...rows.map((row) => row.total));
  return {
    width: Math.max(width, 200),
    height: HEIGHT,
    legend: { show: false },
    cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: () => [-0.5, rows.length - 0.5] },
      y: { range: () => [0, most * 1.05] },
    },
    axes: [
      {
        stroke: ink,
        grid: { show: false },
        ticks: { stroke: grid },
        splits: (chart) => {
          const room = Math.max(1, Math.floor(chart.bbox.width / devicePixelRatio / LABEL_PX));
          const step = Math.max(1, Math.ceil(rows.length / room));
          return rows.map((_, index) => index).filter((index) => index % step === 0);
        },
        values: (_, splits) => splits.map((index) => rows[index]?.day.slice(5) ?? ""),
      },
      { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid } },
    ],
    series: [
      {},
      ...[...statuses].reverse().map((status) => {
        const color = statusColor(status)[scheme];
        return {
          label: statusLabel(status),
          fill: color,
          stroke: color,
          width: 0,
          paths: bars,
          points: { show: false },
        };
      }),
    ],
    hooks: { setCursor: [(chart) => onHover(chart.cursor.idx ?? null)] },
  };
}
