import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../../contract/query/day";
import {
  LocalDayOffsets,
  isValidTimeZone,
  noonOffsetMs,
  utcOffsetMs,
  wallTimeToUtc,
} from "../../src/sandbox/local-time";

const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const localDay = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) / DAY_MS;

describe("utcOffsetMs", () => {
  it("reads standard and daylight offsets", () => {
    expect(utcOffsetMs("America/New_York", Date.parse("2024-01-15T12:00:00Z"))).toBe(-5 * HOUR);
    expect(utcOffsetMs("America/New_York", Date.parse("2024-07-15T12:00:00Z"))).toBe(-4 * HOUR);
    expect(utcOffsetMs("America/Phoenix", Date.parse("2024-07-15T12:00:00Z"))).toBe(-7 * HOUR);
    expect(utcOffsetMs("Asia/Tokyo", Date.parse("2024-07-15T12:00:00Z"))).toBe(9 * HOUR);
    expect(utcOffsetMs("Australia/Sydney", Date.parse("2024-01-15T12:00:00Z"))).toBe(11 * HOUR);
    expect(utcOffsetMs("Australia/Sydney", Date.parse("2024-07-15T12:00:00Z"))).toBe(10 * HOUR);
    expect(utcOffsetMs("Asia/Kolkata", Date.parse("2024-07-15T12:00:34.567Z"))).toBe(5.5 * HOUR);
  });
});

describe("wallTimeToUtc", () => {
  it("converts across the US spring-forward and fall-back days", () => {
    expect(iso(wallTimeToUtc("America/New_York", Date.UTC(2024, 2, 9, 9, 0)))).toBe(
      "2024-03-09T14:00:00.000Z",
    );
    expect(iso(wallTimeToUtc("America/New_York", Date.UTC(2024, 2, 10, 9, 0)))).toBe(
      "2024-03-10T13:00:00.000Z",
    );
    expect(iso(wallTimeToUtc("America/New_York", Date.UTC(2024, 10, 2, 9, 0)))).toBe(
      "2024-11-02T13:00:00.000Z",
    );
    expect(iso(wallTimeToUtc("America/New_York", Date.UTC(2024, 10, 3, 9, 0)))).toBe(
      "2024-11-03T14:00:00.000Z",
    );
  });

  it("converts across European and southern-hemisphere switches", () => {
    expect(iso(wallTimeToUtc("Europe/London", Date.UTC(2024, 2, 31, 9, 0)))).toBe("2024-03-31T08:00:00.000Z");
    expect(iso(wallTimeToUtc("Europe/Zurich", Date.UTC(2024, 9, 27, 9, 0)))).toBe("2024-10-27T08:00:00.000Z");
    expect(iso(wallTimeToUtc("Australia/Sydney", Date.UTC(2024, 3, 7, 9, 0)))).toBe(
      "2024-04-06T23:00:00.000Z",
    );
    expect(iso(wallTimeToUtc("Australia/Sydney", Date.UTC(2024, 9, 6, 9, 0)))).toBe(
      "2024-10-05T22:00:00.000Z",
    );
  });

  it("resolves repeated times to the earlier instant and skipped times forward", () => {
    expect(iso(wallTimeToUtc("America/New_York", Date.UTC(2024, 10, 3, 1, 30)))).toBe(
      "2024-11-03T05:30:00.000Z",
    );
    expect(iso(wallTimeToUtc("America/New_York", Date.UTC(2024, 2, 10, 2, 30)))).toBe(
      "2024-03-10T07:30:00.000Z",
    );
  });

  it("keeps milliseconds", () => {
    expect(iso(wallTimeToUtc("Asia/Tokyo", Date.UTC(2024, 0, 1, 10, 0, 0, 123)))).toBe(
      "2024-01-01T01:00:00.123Z",
    );
  });
});

describe("noonOffsetMs and LocalDayOffsets", () => {
  it("uses the offset in force during the day, also on switch days", () => {
    expect(noonOffsetMs("America/Los_Angeles", localDay(2024, 3, 10))).toBe(-7 * HOUR);
    expect(noonOffsetMs("America/Los_Angeles", localDay(2024, 3, 9))).toBe(-8 * HOUR);
    expect(noonOffsetMs("Pacific/Honolulu", localDay(2024, 3, 10))).toBe(-10 * HOUR);
    expect(noonOffsetMs("Asia/Tokyo", localDay(2024, 3, 10))).toBe(9 * HOUR);
  });

  it("converts local business times like wallTimeToUtc does", () => {
    const zones = [
      "America/Chicago",
      "America/Anchorage",
      "Australia/Sydney",
      "Europe/Berlin",
      "America/Sao_Paulo",
    ];
    for (const zone of zones) {
      const first = localDay(2024, 1, 1);
      const offsets = new LocalDayOffsets(zone, first, first + 365);
      for (let day = first; day <= first + 365; day += 3) {
        for (const hour of [7, 12, 18]) {
          const local = hour * HOUR + 59 * 60_000;
          expect(offsets.toUtc(day, local)).toBe(wallTimeToUtc(zone, day * DAY_MS + local));
          expect(offsets.localDayOf(offsets.toUtc(day, local))).toBe(day);
        }
      }
    }
  });

  it("still answers for days outside its cached range", () => {
    const offsets = new LocalDayOffsets("Europe/London", 100, 110);
    expect(offsets.offsetMs(localDay(2024, 7, 1))).toBe(HOUR);
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names and rejects unknown ones", () => {
    expect(isValidTimeZone("America/Los_Angeles")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
