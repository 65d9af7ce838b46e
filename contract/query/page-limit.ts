// How many tasks one page may hold (`limit`), and how many it holds when the caller does not say.
// A value outside the range is refused, not clamped.
const MIN_LIMIT = 1;
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 100;

export const LIMIT_MESSAGE = `"limit" must be a whole number from ${MIN_LIMIT} to ${MAX_LIMIT}.`;

/** The page size a `limit` text asks for (the default when absent), or undefined when it is refused. */
export function readLimit(text: string | undefined): number | undefined {
  if (text === undefined) return DEFAULT_LIMIT;
  // A bounded run of digits: no sign, exponent or fraction, and no number too long to read exactly.
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  return limit >= MIN_LIMIT && limit <= MAX_LIMIT ? limit : undefined;
}
