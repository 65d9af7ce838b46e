// Task status follows from the start time relative to the anchor ("now"): appointments ahead are
// scheduled, work that began shortly before now may still be in progress, older work is done.

import { HOUR_MS, MINUTE_MS } from "./local-time";
import type { Rng } from "../../../platform/prng";

export const TASK_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Work never stays in progress longer than this in the sandbox, whatever the task type. */
export const IN_PROGRESS_MAX_MS = 4 * HOUR_MS;

const FUTURE_CANCELLED = 0.04; // appointments already called off
const PAST_CANCELLED = 0.06; // no-shows and jobs dropped

export function taskStatus(rng: Rng, startMs: number, anchorMs: number, typicalMinutes: number): TaskStatus {
  if (startMs >= anchorMs) return rng.chance(FUTURE_CANCELLED) ? "cancelled" : "scheduled";
  if (rng.chance(PAST_CANCELLED)) return "cancelled";
  const age = anchorMs - startMs;
  // Jobs overrun: a task is still open while younger than its (jittered) typical duration.
  const duration = Math.min(IN_PROGRESS_MAX_MS, typicalMinutes * MINUTE_MS * rng.between(0.7, 1.8));
  return age < duration ? "in_progress" : "completed";
}
