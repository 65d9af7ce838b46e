"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type uPlot from "uplot";
import type { OdometerReading } from "@/lib/client/vehicle-history";
import { onPreparePrint } from "@/lib/client/print-preparation";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { TaskTime } from "./task-time";
import { whenIdle, whenIdleInView } from "./when-idle-in-view";

// The odometer as a line with a marker per reading. Hovering a marker, or stepping to it with the
// arrow keys once the chart has focus, shows its task; Enter opens that task. Drops below an
// earlier reading are drawn in red. The box is rendered with the page at its final size, and
// uPlot is loaded and drawn only once the box is in view and the page idle, in two separate
// tasks: Lighthouse found evaluating and drawing it to be about half the page's blocking time.
// Asked to get ready for a print, it is loaded and drawn at once, in the light colours paper needs,
// and drawn again in the screen's colours after the print.

const HEIGHT = 240;
const DARK = "(prefers-color-scheme: dark)";

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

export interface OdometerChartProps {
  readings: readonly OdometerReading[];
  /** Indexes of readings lower than an earlier one. */
  dropIndexes: readonly number[];
  /** Each location's time zone by id. */
  zones: Readonly<Record<string, string>>;
}

export function OdometerChart({ readings, dropIndexes, zones }: OdometerChartProps) {
  const router = useRouter();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [active, setActive] = useState<number | undefined>(undefined);
  const [rendered, setRendered] = useState<number | undefined>(undefined);
  // Bumped when the colour scheme changes; the scheme itself is read when drawing, so the first
  // draw needs no extra render to learn it.
  const [scheme, setScheme] = useState(0);
  const drops = useMemo(() => new Set(dropIndexes), [dropIndexes]);

  const describe = useCallback(
    (reading: OdometerReading) => {
      const task = reading.task;
      const miles = `${reading.miles.toLocaleString("en-US")} mi`;
      if (!task) return `${miles} on ${reading.at}`;
      const when = TaskTime.text(task.started_at, zones[task.location.id]);
      return `${miles} · ${taskTypeLabel(task.task_type)} (${task.status.replace(/_/g, " ")}) at ${task.location.name}, ${when} · task ${task.id}`;
    },
    [zones],
  );
  const onOpen = useCallback(
    (reading: OdometerReading) => {
      if (reading.task) router.push(`/tasks/${encodeURIComponent(reading.task.id)}`);
    },
    [router],
  );

  useEffect(() => {
    const query = window.matchMedia(DARK);
    const change = () => setScheme((n) => n + 1);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let cancelled = false;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let cancelDraw: (() => void) | undefined;
    const draw = (UPlot: typeof uPlot, forPaper = false) => {
      resize?.disconnect();
      chart?.destroy();
      const palette = colours(!forPaper && window.matchMedia(DARK).matches);
      const xs = readings.map((reading) => Date.parse(reading.at) / 1000);
      const miles = readings.map((reading) => reading.miles);
      const lower = readings.map((reading, i) => (drops.has(i) ? reading.miles : null));
      const axis = { stroke: palette.axis, grid: { stroke: palette.grid }, ticks: { stroke: palette.grid } };
      let width = Math.max(target.clientWidth, 200);
      chart = new UPlot(
        {
          width,
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
        [xs, miles, lower],
        target,
      );
      plot.current = chart;
      setRendered(chart.data[0].length);
      const drawn = chart;
      // The observer reports the current size at once; redrawing only on a real change spares
      // the page a second full draw.
      resize = new ResizeObserver(() => {
        const next = Math.max(target.clientWidth, 200);
        if (next === width) return;
        width = next;
        drawn.setSize({ width, height: HEIGHT });
      });
      resize.observe(target);
    };
    const cancelLoad = whenIdleInView(target, () => {
      void import("./uplot-module").then(({ default: UPlot }) => {
        if (!cancelled && !chart) cancelDraw = whenIdle(() => draw(UPlot));
      });
    });
    let drawnForPaper: typeof uPlot | undefined;
    const stopPreparing = onPreparePrint(async () => {
      const { default: UPlot } = await import("./uplot-module");
      if (cancelled) return;
      cancelDraw?.();
      draw(UPlot, true);
      drawnForPaper = UPlot;
    });
    const afterPrint = () => {
      if (cancelled || !drawnForPaper) return;
      draw(drawnForPaper);
      drawnForPaper = undefined;
    };
    window.addEventListener("afterprint", afterPrint);
    return () => {
      cancelled = true;
      cancelLoad();
      stopPreparing();
      window.removeEventListener("afterprint", afterPrint);
      cancelDraw?.();
      resize?.disconnect();
      chart?.destroy();
      plot.current = null;
    };
  }, [readings, drops, scheme]);

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
        className="h-60 w-full cursor-crosshair rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 print:overflow-hidden print:data-[ready=false]:hidden"
        data-testid="odometer-chart"
        data-point-count={rendered}
        data-ready={rendered === undefined ? "false" : "true"}
      />
      <p aria-live="polite" className="min-h-10 text-sm print:hidden" data-testid="odometer-chart-reading">
        {shown
          ? describe(shown)
          : "Point at a marker, or focus the chart and use the arrow keys, to see its task."}
      </p>
    </div>
  );
}
