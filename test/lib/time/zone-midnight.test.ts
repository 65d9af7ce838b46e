import { expect, it } from "vitest";
import { zoneMidnight } from "@/lib/time/zone-midnight";

it("starts a day at the zone's midnight, also on the days clocks change", () => {
  expect(zoneMidnight(2026, 11, 26, "America/Denver").toISOString()).toBe("2026-11-26T07:00:00.000Z");
  expect(zoneMidnight(2026, 3, 8, "America/Denver").toISOString()).toBe("2026-03-08T07:00:00.000Z");
  expect(zoneMidnight(2026, 3, 9, "America/Denver").toISOString()).toBe("2026-03-09T06:00:00.000Z");
  expect(zoneMidnight(2026, 11, 26, "Asia/Kolkata").toISOString()).toBe("2026-11-25T18:30:00.000Z");
});

it("starts a day whose midnight the zone skips at its first wall-clock time", () => {
  // Chile springs forward at midnight: 6 September 2026 begins at 01:00 (-03:00).
  expect(zoneMidnight(2026, 9, 6, "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
});

it("starts a day whose midnight the zone shows twice at the first", () => {
  // Cuba turns 01:00 back to 00:00 on 1 November 2026: the day begins at the first midnight (-04:00).
  expect(zoneMidnight(2026, 11, 1, "America/Havana").toISOString()).toBe("2026-11-01T04:00:00.000Z");
});

it("reads a day or month out of range as the calendar would", () => {
  expect(zoneMidnight(2026, 13, 0, "UTC").toISOString()).toBe("2026-12-31T00:00:00.000Z");
});
