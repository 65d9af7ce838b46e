import { isCalendarRange, rangeWindow, type TaskFilters, type TimeWindow } from "./task-filters";

// A relative range ("last 7 days") is pinned to the minute it was first resolved in this tab, so
// the same URL keeps the same query key: back and forward reuse cached pages instead of
// refetching because the clock moved. Choosing filters re-pins the list they lead to, and
// "Refresh" re-pins the current one, to now.

const pinned = new Map<string, TimeWindow>();

function keyOf(filters: TaskFilters, timeZone: string): string {
  return JSON.stringify([filters, isCalendarRange(filters.range) ? timeZone : ""]);
}

/** The window of `filters` as pinned in this tab; calendar periods are counted in `timeZone`. */
export function stableWindow(filters: TaskFilters, timeZone: string, now = new Date()): TimeWindow {
  const key = keyOf(filters, timeZone);
  let window = pinned.get(key);
  if (!window) {
    window = windowAt(filters, timeZone, now);
    pinned.set(key, window);
  }
  return window;
}

/** The window `filters` resolve to at `now`, relative ranges to the minute, without pinning it. */
export function windowAt(filters: TaskFilters, timeZone: string, now = new Date()): TimeWindow {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return rangeWindow(filters, isCalendarRange(filters.range) ? now : minute, timeZone);
}

export function repinWindow(filters: TaskFilters, timeZone: string): void {
  pinned.delete(keyOf(filters, timeZone));
}

/**
 * Takes the window the server read this list's first page for (served-window.ts) as this tab's
 * pin, unless the tab has pinned these filters to that time or later. A link followed hours after
 * the tab first showed these filters brings the window of now: the list must not end where the
 * old visit pinned it. An older one (a page the router kept, shown again by Back) leaves the pin.
 */
export function adoptWindow(filters: TaskFilters, timeZone: string, window: TimeWindow): void {
  const key = keyOf(filters, timeZone);
  const held = pinned.get(key);
  if (!held || window.to.getTime() > held.to.getTime()) pinned.set(key, window);
}
