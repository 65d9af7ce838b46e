// Functions that run inside the dashboard's page (page.evaluate, addInitScript). Each is
// self-contained (no imports, no module constants): Playwright sends its source text, not its
// closure.

interface ProbeWindow {
  __benchFirstRowInDom?: number;
  __benchFirstRowPainted?: number;
}

/**
 * Init script: when the first data row enters the DOM, and roughly when it is painted (the task
 * after the next frame's rendering), in ms since navigation start.
 */
export function firstRowProbe(): void {
  const probe = window as unknown as ProbeWindow;
  const observer = new MutationObserver(() => {
    if (probe.__benchFirstRowInDom !== undefined) return;
    // Rows the server streams arrive in a hidden block first, and show when React's inline
    // script moves them into place.
    const row = document.querySelector('[role="row"][data-index]');
    if (!row || row.closest("[hidden]")) return;
    probe.__benchFirstRowInDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (probe.__benchFirstRowPainted = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

export interface FirstRow {
  inDom: number;
  painted: number;
  firstContentfulPaint: number | undefined;
  /**
   * The page's request for the first page of /api/tasks: when it started and when its answer was
   * in; undefined when the server sent the rows with the page.
   */
  apiStart: number | undefined;
  apiEnd: number | undefined;
}

export function readFirstRow(): FirstRow | undefined {
  const probe = window as unknown as ProbeWindow;
  if (probe.__benchFirstRowPainted === undefined || probe.__benchFirstRowInDom === undefined)
    return undefined;
  const api = performance.getEntriesByType("resource").find((entry) => {
    const url = new URL(entry.name);
    return url.pathname === "/api/tasks" && !url.searchParams.has("cursor");
  }) as PerformanceResourceTiming | undefined;
  return {
    inDom: probe.__benchFirstRowInDom,
    painted: probe.__benchFirstRowPainted,
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    apiStart: api?.startTime,
    apiEnd: api?.responseEnd,
  };
}

export interface LoadedRows {
  rows: number;
  ended: boolean;
  ms: number;
}

/** Scrolls the grid to its end until `target` rows are loaded or the list ends, as a person would. */
export async function loadRowsByScrolling({
  target,
  timeoutMs,
}: {
  target: number;
  timeoutMs: number;
}): Promise<LoadedRows> {
  const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Tasks"]');
  const status = document.querySelector('[data-testid="row-count"]');
  if (!grid || !status) throw new Error("no task grid on the page");
  const started = performance.now();
  for (;;) {
    const rows = Number(status.getAttribute("data-loaded") ?? "0");
    const ended = status.getAttribute("data-complete") === "true";
    const ms = performance.now() - started;
    if (rows >= target || ended || ms > timeoutMs) return { rows, ended, ms };
    grid.scrollTop = grid.scrollHeight;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ScrollRun {
  /** rAF-to-rAF intervals while scrolling, ms. */
  frames: number[];
  /** Durations of the long tasks (over 50 ms) seen while scrolling, ms. */
  longTasks: number[];
  distancePx: number;
  /** The highest row index in the DOM at the end (the last row after a full pass). */
  lastIndexShown: number;
  /** Elements in the document at the end: what virtualisation keeps constant. */
  domElements: number;
}

/**
 * Scrolls the grid by `step` pixels every animation frame, from the top: to the end and stop
 * (`bounce` false), or back and forth until `frames` frames have passed (`bounce` true).
 */
export async function scrollGrid({
  step,
  frames,
  bounce,
}: {
  step: number;
  frames: number;
  bounce: boolean;
}): Promise<ScrollRun> {
  const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Tasks"]');
  if (!grid) throw new Error("no task grid on the page");
  grid.scrollTop = 0;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: "longtask" });
  const intervals: number[] = [];
  let distancePx = 0;
  await new Promise<void>((resolve) => {
    let previous: number | undefined;
    let direction = 1;
    const frame = (time: number) => {
      if (previous !== undefined) intervals.push(time - previous);
      previous = time;
      const end = grid.scrollHeight - grid.clientHeight;
      if (intervals.length >= frames || (!bounce && grid.scrollTop >= end - 1)) return resolve();
      let next = grid.scrollTop + direction * step;
      if (next >= end) [next, direction] = [end, -1];
      else if (next <= 0) [next, direction] = [0, 1];
      distancePx += Math.abs(next - grid.scrollTop);
      grid.scrollTop = next;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  // Long-task entries are delivered after the task; give the last ones time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
  observer.disconnect();

  const indexes = [...grid.querySelectorAll<HTMLElement>('[role="row"][data-index]')].map((row) =>
    Number(row.dataset.index),
  );
  return {
    frames: intervals,
    longTasks,
    distancePx,
    lastIndexShown: Math.max(-1, ...indexes),
    domElements: document.getElementsByTagName("*").length,
  };
}

/** Whether the grid can scroll at all (a list shorter than its viewport cannot). */
export function gridScrollRange(): number {
  const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Tasks"]');
  return grid ? grid.scrollHeight - grid.clientHeight : 0;
}
