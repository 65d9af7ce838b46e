import { rangeWindow, type TaskFilters, type TimeWindow } from "./task-filters";

// A relative range ("last 7 days") is pinned to the minute it was first resolved in this tab, so
// the same URL keeps the same query key: back and forward reuse cached pages instead of
// refetching because the clock moved. Choosing filters re-pins the list they lead to, and
// "Refresh" re-pins the current one, to now.

const pinned = new Map<string, TimeWindow>();

function keyOf(filters: TaskFilters): string {
  return JSON.stringify(filters);
}

export function stableWindow(filters: TaskFilters, now = new Date()): TimeWindow {
  const key = keyOf(filters);
  let window = pinned.get(key);
  if (!window) {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    window = rangeWindow(filters, filters.range === "today" ? now : minute);
    pinned.set(key, window);
  }
  return window;
}

export function repinWindow(filters: TaskFilters): void {
  pinned.delete(keyOf(filters));
}
