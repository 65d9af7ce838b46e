import type { MirrorStatus } from "./api-types";
import type { ShownAsOf } from "./shown-freshness";

// The header's one line about how fresh the data is ("Data as of 3 min ago") and what its details
// say. Pure, so the wording is tested without a browser.

/** "40 s", "1 min", "3 h", "2 d": how long ago, as coarse as a glance needs. */
export function agoText(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export type FreshnessTone = "ok" | "filling" | "stale" | "error";

export interface Freshness {
  /** The header's words; undefined when there is nothing to say (the mirror is off). */
  label: string | undefined;
  tone: FreshnessTone;
}

/** Data older than this is shown as stale. */
const STALE_AFTER_MS = 10 * 60_000;
/** Without the mirror, data read longer ago than this is saved rows, not live ones. */
const LIVE_WITHIN_MS = 60_000;

/**
 * The line for the header. The age is that of the oldest data on the screen (`shown`), whatever
 * the sync did since; on a page that shows no task data, the hot windows' oldest `as_of` (the days
 * people look at first).
 */
export function mirrorFreshness(status: MirrorStatus, nowMs: number, shown?: ShownAsOf): Freshness {
  if (!status.enabled) {
    const unavailable = status.setting !== "off";
    // Saved rows shown while the service fails are as old as they are, not "Live".
    if (shown && nowMs - shown.asOfMs > LIVE_WITHIN_MS)
      return {
        label: `Data as of ${agoText(shown.asOfMs, nowMs)} ago`,
        tone: unavailable ? "error" : "stale",
      };
    return unavailable
      ? { label: "Live (mirror unavailable)", tone: "error" }
      : { label: "Live", tone: "ok" };
  }
  if (status.windows.synced < status.windows.total) {
    return { label: `Syncing ${status.windows.synced}/${status.windows.total}`, tone: "filling" };
  }
  const hot = status.hot.oldest_as_of ?? status.cold.oldest_as_of;
  const asOfMs = shown?.asOfMs ?? (hot ? Date.parse(hot) : undefined);
  if (asOfMs === undefined) return { label: "Not synced yet", tone: "filling" };
  const label = `${shown ? "Data as of" : "Synced"} ${agoText(asOfMs, nowMs)} ago`;
  if (status.last_error && Date.parse(status.last_error.at) > asOfMs) return { label, tone: "error" };
  return { label, tone: nowMs - asOfMs > STALE_AFTER_MS ? "stale" : "ok" };
}
