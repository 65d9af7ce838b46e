import { expect, it } from "vitest";
import { calendarDaysBetween } from "@/lib/time/calendar-days";

it("counts the days between the dates shown in a zone, not whole 24-hour periods", () => {
  // Due 22:00 on 4 January in New York, asked at 20:00 the next evening: 22 hours, one day.
  const due = new Date("2026-01-05T03:00:00Z");
  const asked = new Date("2026-01-06T01:00:00Z");
  expect(calendarDaysBetween(due, asked, "America/New_York")).toBe(1);
  // In UTC both fall on other dates, a day apart as well; in Tokyo, the 5th and the 6th.
  expect(calendarDaysBetween(due, asked, "UTC")).toBe(1);
  // Due this morning and asked tonight: the same day.
  expect(calendarDaysBetween(new Date("2026-01-05T13:00:00Z"), asked, "America/New_York")).toBe(0);
  // Across a change of the clocks, days stay days.
  expect(
    calendarDaysBetween(
      new Date("2026-03-07T17:00:00Z"),
      new Date("2026-03-09T16:00:00Z"),
      "America/New_York",
    ),
  ).toBe(2);
});
