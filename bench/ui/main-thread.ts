// The page's main-thread tasks from a Chromium trace ("toplevel" category), with the CPU time
// each used (`tdur`) beside its wall time (`dur`). On a shared machine a task's wall time grows
// whenever other programs take the core; its CPU time does not, so it tells what the page itself
// would cost on a quiet machine.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";

const TASK_EVENTS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
/**
 * BENCH_TRACE_DIR keeps every trace there, with what each task did inside (script, style, layout,
 * paint, garbage collection), for DevTools' Performance panel. The extra categories cost the page
 * some time, so figures from such a run are for reading, not for the record.
 */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const DIAGNOSTIC_CATEGORIES = ["devtools.timeline", "v8.execute"];
export const LONG_TASK_MS = 50;

export interface MainThreadCpu {
  tasks: number;
  cpuMs: number;
  wallMs: number;
  /** CPU time of every task that used more than 50 ms of CPU, ms. */
  longByCpu: number[];
  longestCpuMs: number;
  /** Like Total Blocking Time, on CPU time: the sum of every task's CPU beyond 50 ms. */
  blockingCpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Runs `work` while Chromium traces, and returns its result with the busiest renderer's tasks. */
export async function withMainThreadCpu<T>(
  browser: Browser,
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: MainThreadCpu }> {
  await browser.startTracing(page, { categories: ["toplevel", ...(TRACE_DIR ? DIAGNOSTIC_CATEGORIES : [])] });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await browser.stopTracing().catch(() => {});
    throw error;
  }
  const trace = await browser.stopTracing();
  if (TRACE_DIR) writeFileSync(join(TRACE_DIR, `trace-${new Date().toISOString()}.json`), trace);
  return { result, cpu: mainThreadCpu(trace) };
}

export function mainThreadCpu(trace: Buffer): MainThreadCpu {
  const parsed = JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain",
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== "X" || !TASK_EVENTS.has(event.name) || !mainThreads.has(thread)) continue;
    const tasks = byThread.get(thread) ?? [];
    tasks.push(event);
    byThread.set(thread, tasks);
  }
  // Other tabs trace too; the page under measurement is by far the busiest renderer.
  let busiest = noTasks();
  for (const tasks of byThread.values()) {
    const summary = summarise(tasks);
    if (summary.cpuMs > busiest.cpuMs) busiest = summary;
  }
  return busiest;
}

const noTasks = (): MainThreadCpu => ({
  tasks: 0,
  cpuMs: 0,
  wallMs: 0,
  longByCpu: [],
  longestCpuMs: 0,
  blockingCpuMs: 0,
});

function summarise(tasks: TraceEvent[]): MainThreadCpu {
  tasks.sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  const summary = noTasks();
  for (const task of tasks) {
    // A task run inside another (a nested run loop) is already in its parent's time.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    const cpu = (task.tdur ?? 0) / 1000;
    summary.tasks += 1;
    summary.cpuMs += cpu;
    summary.wallMs += (task.dur ?? 0) / 1000;
    if (cpu > LONG_TASK_MS) {
      summary.longByCpu.push(cpu);
      summary.blockingCpuMs += cpu - LONG_TASK_MS;
    }
    summary.longestCpuMs = Math.max(summary.longestCpuMs, cpu);
  }
  return summary;
}
