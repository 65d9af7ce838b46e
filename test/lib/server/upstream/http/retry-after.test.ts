import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from "@/lib/server/upstream/http/rate-limit-headers";

const NOW = Date.UTC(1994, 10, 6, 8, 49, 0); // Sun, 06 Nov 1994 08:49:00 GMT

describe("parseRetryAfter", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter("7", NOW)).toBe(7_000);
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
  });

  it("reads the three HTTP-date forms as the time left until then", () => {
    expect(parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", NOW)).toBe(37_000);
    expect(parseRetryAfter("Sunday, 06-Nov-94 08:49:37 GMT", NOW)).toBe(37_000);
    expect(parseRetryAfter("Sun Nov  6 08:49:37 1994", NOW)).toBe(37_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
  });

  it("clamps a date in the past to 0", () => {
    expect(parseRetryAfter("Sat, 05 Nov 1994 08:49:37 GMT", NOW)).toBe(0);
  });

  it("caps long waits", () => {
    expect(parseRetryAfter("999999999999", NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("Fri, 01 Jan 2100 00:00:00 GMT", NOW)).toBe(MAX_RETRY_AFTER_MS);
  });

  it("is undefined for a missing header", () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter("", NOW)).toBeUndefined();
  });

  it.each([
    "-5",
    "1.5",
    "5s",
    "soon",
    "0x10",
    "1e3",
    "Sun, 06 Nov 1994 08:49:37 CET",
    "Sun, 31 Feb 1994 08:49:37 GMT",
    "Sun, 06 Nov 1994 24:00:00 GMT",
    "2026-01-01T00:00:00Z",
    "Sun, 06 Foo 1994 08:49:37 GMT",
  ])("is undefined for garbage %j", (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });

  it("places a two-digit year within 50 years of now", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseRetryAfter("Thursday, 01-Jan-26 00:00:05 GMT", now)).toBe(5_000);
    // 2077 would be more than 50 years ahead, so "77" is 1977: long past.
    expect(parseRetryAfter("Thursday, 01-Jan-77 00:00:05 GMT", now)).toBe(0);
  });
});
