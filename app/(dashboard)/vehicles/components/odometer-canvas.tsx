"use client";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { OdometerReading } from "@/lib/client/vehicle-history";

// The odometer as a line with a marker per reading (uPlot, loaded only with this file). Hovering a
// marker, or stepping to it with the arrow keys once the chart has focus, shows its task; Enter
// opens that task. Drops below an earlier reading are drawn in red.

const HEIGHT = 240;

interface Colours {
  line: string;
  point: string;
  drop: string;
  axis: string;
  grid: string;
}

function colours(dark: boolean): Colours {
  return dark
    ? { line: "#7dd3fc", point: "#38bdf8", drop: "#f87171", axis: "#cbd5e1", grid: "#334155" }
    : { line: "#0369a1", point: "#0284c7", drop: "#b91c1c", axis: "#334155", grid: "#e2e8f0" };
}

export interface OdometerCanvasProps {
  readings: readonly OdometerReading[];
  /** Indexes of readings lower than an earlier one. */
  dropIndexes: ReadonlySet<number>;
  describe: (reading: OdometerReading) => string;
  onOpen: (reading: OdometerReading) => void;
}

export default function OdometerCanvas({ readings, dropIndexes, describe, onOpen }: OdometerCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [active, setActive] = useState<number | undefined>(undefined);
  const [rendered, setRendered] = useState<number | undefined>(undefined);
  const [dark, setDark] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    setDark(query.matches);
    const change = () => setDark(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const palette = colours(dark);
    const xs = readings.map((reading) => Date.parse(reading.at) / 1000);
    const miles = readings.map((reading) => reading.miles);
    const drops = readings.map((reading, i) => (dropIndexes.has(i) ? reading.miles : null));
    const axis = { stroke: palette.axis, grid: { stroke: palette.grid }, ticks: { stroke: palette.grid } };
    const chart = new uPlot(
      {
        width: Math.max(target.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 10 } },
        scales: { x: { time: true } },
        axes: [
          axis,
          {
            ...axis,
            size: 90,
            values: (_, ticks) => ticks.map((tick) => `${tick.toLocaleString("en-US")} mi`),
          },
        ],
        series: [
          {},
          {
            label: "Odometer",
            stroke: palette.line,
            width: 2,
            points: { show: true, size: 7, fill: palette.point },
          },
          {
            label: "Lower than an earlier reading",
            stroke: palette.drop,
            width: 0,
            paths: () => null,
            points: { show: true, size: 11, fill: palette.drop },
          },
        ],
        hooks: {
          setCursor: [
            (self) => {
              const idx = self.cursor.idx;
              setActive(idx === null || idx === undefined ? undefined : idx);
            },
          ],
        },
      },
      [xs, miles, drops],
      target,
    );
    plot.current = chart;
    setRendered(chart.data[0].length);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(target.clientWidth, 200), height: HEIGHT }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [readings, dropIndexes, dark]);

  /** Moves the cursor onto reading `index`, as a pointer over its marker would. */
  function focusReading(index: number) {
    const chart = plot.current;
    const reading = readings[index];
    if (!chart || !reading) return;
    chart.setCursor({
      left: chart.valToPos(Date.parse(reading.at) / 1000, "x"),
      top: chart.valToPos(reading.miles, "y"),
    });
    setActive(index);
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = readings.length - 1;
    const current = active ?? -1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, current + 1),
      ArrowLeft: Math.max(0, current < 0 ? last : current - 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      focusReading(next);
    } else if (event.key === "Enter" && active !== undefined) {
      const reading = readings[active];
      if (reading) onOpen(reading);
    }
  }

  const shown = active === undefined ? undefined : readings[active];
  return (
    <div className="flex flex-col gap-1">
      <div
        ref={box}
        tabIndex={0}
        role="group"
        aria-label={`Odometer over time, ${readings.length} readings. Left and right arrows step through them; Enter opens a reading's task.`}
        onKeyDown={onKeyDown}
        onClick={() => shown && onOpen(shown)}
        className="min-h-60 w-full cursor-crosshair rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        data-testid="odometer-chart"
        data-point-count={rendered}
        data-ready={rendered === undefined ? "false" : "true"}
      />
      <p aria-live="polite" className="min-h-10 text-sm" data-testid="odometer-chart-reading">
        {shown
          ? describe(shown)
          : "Point at a marker, or focus the chart and use the arrow keys, to see its task."}
      </p>
    </div>
  );
}
