// The task list's time window, as both the service and the dashboard refuse it: both ends required,
// each a valid instant (instant-text.ts), `from` before `to`, at most the configured number of
// days apart. One reading, so the dashboard never spends a request on a window the service refuses.
import { DAY_MS } from "./day";
import { parseInstantText } from "./instant-text";

export type WindowFault = "not_before" | "too_long";

/** What is wrong with a window of these instants (ms), or undefined when the service takes it. */
export function windowFault(fromMs: number, toMs: number, maxDays: number): WindowFault | undefined {
  if (!(fromMs < toMs)) return "not_before";
  if (toMs - fromMs > maxDays * DAY_MS) return "too_long";
  return undefined;
}

export type WindowReading = { ok: true; from: number; to: number } | { ok: false; message: string };

/** Reads `from` and `to` from a query's text into epoch ms, or says, in the API's words, why not. */
export function readWindow(from: string | undefined, to: string | undefined, maxDays: number): WindowReading {
  const ends: number[] = [];
  for (const [name, text] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (text === undefined) return { ok: false, message: `"${name}" is required.` };
    const instant = parseInstantText(text);
    if (instant === undefined) return { ok: false, message: instantMessage(name) };
    ends.push(instant);
  }
  const [fromMs = 0, toMs = 0] = ends;
  const fault = windowFault(fromMs, toMs, maxDays);
  if (fault === "not_before") return { ok: false, message: '"from" must be before "to".' };
  if (fault === "too_long") return { ok: false, message: `The window may span at most ${maxDays} days.` };
  return { ok: true, from: fromMs, to: toMs };
}

function instantMessage(name: string): string {
  return `"${name}" must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-05-01T00:00:00Z.`;
}
