// Strict ISO 8601 instants for the time window: an offset is required, every field is range-checked.
import { invalidRequest } from "./api-error";
import { parseInstantText } from "../../../contract/query/instant-text";

/** Returns the instant as epoch milliseconds, rounded up to the next millisecond (the store's precision). */
export function parseInstant(name: string, text: string): number {
  const instant = parseInstantText(text);
  if (instant === undefined)
    throw invalidRequest(
      `"${name}" must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-05-01T00:00:00Z.`,
    );
  return instant;
}
