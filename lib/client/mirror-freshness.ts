import type { MirrorStatus } from "./api-types";

// The header's one line about the task mirror ("Synced 1 min ago") and what its details say.
// Pure, so the wording is tested without a browser.

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

/** Hot windows (the recent days people look at) older than this are shown as stale. */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * The line for the header. The age is the hot windows' oldest `as_of`: those are the days people
 * look at and the sync keeps fresh; the cold ones are walked seldom on purpose.
 */
export function mirrorFreshness(status: MirrorStatus, nowMs: number): Freshness {
  if (!status.enabled) {
    return status.setting === "off"
      ? { label: "Live", tone: "ok" }
      : { label: "Live (mirror unavailable)", tone: "error" };
  }
  if (status.windows.synced < status.windows.total) {
    return { label: `Syncing ${status.windows.synced}/${status.windows.total}`, tone: "filling" };
  }
  const hot = status.hot.oldest_as_of ?? status.cold.oldest_as_of;
  if (!hot) return { label: "Not synced yet", tone: "filling" };
  const age = nowMs - Date.parse(hot);
  const label = `Synced ${agoText(Date.parse(hot), nowMs)} ago`;
  if (status.last_error && Date.parse(status.last_error.at) > Date.parse(hot))
    return { label, tone: "error" };
  return { label, tone: age > STALE_AFTER_MS ? "stale" : "ok" };
}
