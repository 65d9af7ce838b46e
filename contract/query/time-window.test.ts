// The window's rules as the service, the dashboard API and the page all apply them.
import { describe, expect, it } from "vitest";
import { DAY_MS } from "./day";
import { readWindow, windowFault } from "./time-window";

const FROM = Date.parse("2026-05-01T00:00:00Z");

describe("windowFault", () => {
  it("takes a window of up to the maximum, from before to", () => {
    expect(windowFault(FROM, FROM + 1, 92)).toBeUndefined();
    expect(windowFault(FROM, FROM + 92 * DAY_MS, 92)).toBeUndefined();
  });

  it("refuses an empty or reversed window, and one a millisecond too long", () => {
    expect(windowFault(FROM, FROM, 92)).toBe("not_before");
    expect(windowFault(FROM + 1, FROM, 92)).toBe("not_before");
    expect(windowFault(Number.NaN, FROM, 92)).toBe("not_before");
    expect(windowFault(FROM, FROM + 92 * DAY_MS + 1, 92)).toBe("too_long");
  });
});

describe("readWindow", () => {
  it("reads both ends as epoch milliseconds", () => {
    expect(readWindow("2026-05-01T02:00:00+02:00", "2026-05-08T00:00:00Z", 92)).toEqual({
      ok: true,
      from: FROM,
      to: FROM + 7 * DAY_MS,
    });
  });

  it.each([
    [undefined, "2026-05-08T00:00:00Z", '"from" is required.'],
    ["2026-05-01T00:00:00Z", undefined, '"to" is required.'],
    [
      "2026-05-01",
      "2026-05-08T00:00:00Z",
      '"from" must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-05-01T00:00:00Z.',
    ],
    ["2026-05-08T00:00:00Z", "2026-05-01T00:00:00Z", '"from" must be before "to".'],
    ["2026-01-01T00:00:00Z", "2026-05-08T00:00:00Z", "The window may span at most 92 days."],
  ])("from=%s to=%s: %s", (from, to, message) => {
    expect(readWindow(from, to, 92)).toEqual({ ok: false, message });
  });
});
