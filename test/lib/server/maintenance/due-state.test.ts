// One vehicle's standing on one program at a given moment.
import { describe, expect, it } from "vitest";
import { dueStanding, type DueStanding } from "@/lib/server/maintenance";

const DAY_MS = 86_400_000;
const now = new Date("2026-06-01T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

/** A vehicle driving `perDay` miles a day since 100 days ago, last read `readDaysAgo` days ago. */
function standing(
  program: Parameters<typeof dueStanding>[0],
  doneDaysAgo: number,
  options: { perDay?: number; readDaysAgo?: number; bookedInDays?: number; inProgress?: boolean } = {},
): DueStanding {
  const perDay = options.perDay ?? 40;
  const read = options.readDaysAgo ?? 0;
  const milesAt = (days: number) => 10_000 + (100 - days) * perDay;
  return dueStanding(
    program,
    {
      lastDone: { at: daysAgo(doneDaysAgo), miles: milesAt(doneDaysAgo) },
      firstReading: { at: daysAgo(100), miles: milesAt(100) },
      latestReading: { at: daysAgo(read), miles: milesAt(read) },
      booked:
        options.bookedInDays === undefined
          ? null
          : {
              at: new Date(now.getTime() + options.bookedInDays * DAY_MS),
              inProgress: options.inProgress ?? false,
            },
    },
    now,
  );
}

describe("dueStanding", () => {
  const days = { interval_days: 90, interval_miles: null, due_soon_share: 0.1 };
  const both = { interval_days: 90, interval_miles: 5_000, due_soon_share: 0.1 };

  it("is ok, due soon and overdue by days as the interval runs out", () => {
    expect(standing(days, 30)).toMatchObject({ state: "ok", due_by: "days", overdue_days: null });
    expect(standing(days, 85)).toMatchObject({ state: "due_soon" });
    expect(standing(days, 95)).toMatchObject({ state: "overdue", overdue_days: 5, overdue_miles: null });
  });

  it("is due soon within the program's own share of the interval", () => {
    // 70 of 90 days: 20 left, past a 0.25 share (22.5 days) but not the default 0.1 (9 days).
    expect(standing(days, 70).state).toBe("ok");
    expect(standing({ ...days, due_soon_share: 0.25 }, 70).state).toBe("due_soon");
  });

  it("is due by miles when the vehicle drives enough to get there first", () => {
    // 100 miles a day: 5,000 miles in 50 days, before 90 days.
    const result = standing(both, 40, { perDay: 100 });
    expect(result).toMatchObject({ state: "ok", due_by: "miles", miles_per_day: 100 });
    expect(Date.parse(result.forecast_at!)).toBe(daysAgo(40).getTime() + 50 * DAY_MS);
    expect(standing(both, 55, { perDay: 100 })).toMatchObject({
      state: "overdue",
      overdue_miles: 500,
      overdue_days: 5,
    });
  });

  it("projects the odometer from the latest reading to now", () => {
    const result = standing(both, 45, { perDay: 100, readDaysAgo: 10 });
    expect(result.projected_odometer).toBe(10_000 + 100 * 100);
    expect(result.state).toBe("due_soon");
  });

  it("says scheduled when a job is booked in time or under way, unless it is already overdue", () => {
    expect(standing(days, 85, { bookedInDays: 3 }).state).toBe("scheduled");
    expect(standing(days, 95, { bookedInDays: 3 }).state).toBe("overdue");
    expect(standing(days, 85, { bookedInDays: -1, inProgress: true }).state).toBe("scheduled");
    // Booked for a few hours ago and not yet marked under way: still the plan.
    expect(standing(days, 85, { bookedInDays: -0.1 }).state).toBe("scheduled");
    // A booking a day past, or that comes after the job is due, is no plan to rest on.
    expect(standing(days, 85, { bookedInDays: -2 }).state).toBe("due_soon");
    expect(standing(days, 85, { bookedInDays: 10 }).state).toBe("due_soon");
  });

  it("has no due date for miles alone without a rate, and is overdue only once a reading passes them", () => {
    const miles = { interval_days: null, interval_miles: 5_000, due_soon_share: 0.1 };
    const still = (readMiles: number) =>
      dueStanding(
        miles,
        {
          lastDone: { at: daysAgo(30), miles: 10_000 },
          firstReading: { at: daysAgo(30), miles: 10_000 },
          latestReading: { at: daysAgo(27), miles: readMiles },
          booked: null,
        },
        now,
      );
    expect(still(12_000)).toMatchObject({
      state: "ok",
      forecast_at: null,
      due_date: null,
      overdue_days: null,
    });
    // Overdue by miles alone: no date it was due, so no days overdue, and due by miles.
    expect(still(15_500)).toMatchObject({
      state: "overdue",
      overdue_miles: 500,
      overdue_days: null,
      due_by: "miles",
    });
  });

  it("gives no forecast for a vehicle that would take decades to get there", () => {
    const result = standing({ interval_days: null, interval_miles: 5_000_000, due_soon_share: 0.1 }, 10, {
      perDay: 20,
    });
    expect(result).toMatchObject({ forecast_at: null, state: "ok" });
  });

  it("forecasts nothing without readings far enough apart", () => {
    const result = dueStanding(
      both,
      {
        lastDone: { at: daysAgo(2), miles: 1_000 },
        firstReading: { at: daysAgo(2), miles: 1_000 },
        latestReading: { at: daysAgo(1), miles: 1_100 },
        booked: null,
      },
      now,
    );
    expect(result).toMatchObject({ miles_per_day: null, forecast_at: null, due_by: "days", state: "ok" });
  });
});
