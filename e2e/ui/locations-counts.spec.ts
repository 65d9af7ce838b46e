// /locations' task counts (today and the last 7 days in each location's own days, in progress
// now) against the service's own tasks, counted here from scratch; and axe in both themes.
import { expect, test } from "../support/api-contract";
import { checkEachTheme } from "./axe-check";
import {
  keptSessionAt,
  mirrorFilled,
  serviceTasks,
  startPlantedStack,
  type PlantedStack,
} from "./planted-stack";

const DAY = 86_400_000;
const NOW = Date.now();
const planted = (id: string, status: string, minutesAgo: number) => ({
  id,
  vehicle_id: `veh_e2e_${id}`,
  mva: "99990077",
  vin: null,
  task_type: "oil_change",
  status,
  location_id: "loc_lax_airport",
  started_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
  odometer_miles: 1000,
});
/** How far ahead of NOW the planted appointments start: longer than the spec can take to count. */
const AHEAD_MINUTES = 20;
// Two tasks minutes before NOW and two appointments minutes after it (a negative "minutes ago"),
// so LAX has two tasks today whichever side of Los Angeles' midnight the spec's own "now" lands:
// a midnight between NOW - 3 min and "now" may make the first two yesterday's but leaves the
// appointments today's, and one after "now" leaves the first two today's. The appointments are
// scheduled, so the in-progress counts are untouched. And one task in progress for days.
const PLANTED = [
  planted("tsk_e2e_c1", "completed", 2),
  planted("tsk_e2e_c2", "in_progress", 3),
  planted("tsk_e2e_c3", "in_progress", 3 * 24 * 60),
  planted("tsk_e2e_c4", "scheduled", -AHEAD_MINUTES),
  planted("tsk_e2e_c5", "scheduled", -AHEAD_MINUTES - 1),
];

/** "2026-11-26": the calendar date of an instant in a zone. */
function zoneDate(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** The zone's last `days` dates, today included. */
function lastDates(now: number, timeZone: string, days: number): Set<string> {
  const [year, month, day] = zoneDate(now, timeZone).split("-").map(Number) as [number, number, number];
  return new Set(
    Array.from({ length: days }, (_, back) =>
      new Date(Date.UTC(year, month - 1, day - back)).toISOString().slice(0, 10),
    ),
  );
}

let stack: PlantedStack | undefined;
const signedIn = keptSessionAt(() => stack!.baseUrl);

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startPlantedStack("locations", PLANTED);
});

test.afterAll(async () => {
  await stack?.stop();
});

test("each location's counts are the service's tasks counted in its own days, then axe finds nothing on /locations with its counts, in each theme", async ({
  page,
}, testInfo) => {
  const base = stack!.baseUrl;
  await signedIn(page);

  await test.step("each location's counts are the service's tasks counted in its own days", async () => {
    const locations = (
      (await (await page.request.get(`${base}/api/locations`)).json()) as {
        data: { id: string; timezone: string }[];
      }
    ).data;
    const zones = [...new Set(locations.map((location) => location.timezone))];
    const mirrorHorizon = async () =>
      (
        (await (await page.request.get(`${base}/api/mirror`)).json()) as {
          horizon: { from: string; to: string };
        }
      ).horizon;
    // The page fixes its "now" when it first renders, somewhere between `before` and `after`, and
    // reads the mirror's horizon then too. When no zone's date and not the horizon (re-aligned after
    // 00:00 UTC) changed between the two, the page's days are those of `after`, so the counts below
    // use it; otherwise a midnight fell while the page opened, and it opens again. Zones are whole
    // hours apart, so a second opening of a few minutes crosses no other midnight; three are room.
    let now = 0;
    let mirror: { horizon: { from: string; to: string } } | undefined;
    for (let opening = 1; mirror === undefined; opening++) {
      expect(opening, "a zone's midnight fell during every opening of /locations").toBeLessThanOrEqual(3);
      await mirrorFilled(page.request, base);
      const before = Date.now();
      const horizonBefore = await mirrorHorizon();
      await page.goto(`${base}/locations`);
      await expect(page.getByTestId("counts-as-of")).toBeVisible({ timeout: 60_000 });
      const after = Date.now();
      const horizonAfter = await mirrorHorizon();
      const sameDays = zones.every((zone) => zoneDate(before, zone) === zoneDate(after, zone));
      if (sameDays && JSON.stringify(horizonBefore) === JSON.stringify(horizonAfter)) {
        now = after;
        mirror = { horizon: horizonAfter };
      }
    }
    const tasks = await serviceTasks(stack!.serviceUrl, mirror.horizon);
    const progressFrom = Math.max(now - 30 * DAY, Date.parse(mirror.horizon.from));
    const progressTo = Math.min(now + DAY, Date.parse(mirror.horizon.to));
    const expected = Object.fromEntries(
      locations.map(({ id, timezone }) => {
        const here = tasks.filter((task) => task.location.id === id);
        const today = zoneDate(now, timezone);
        const week = lastDates(now, timezone, 7);
        const started = (task: (typeof here)[number]) => Date.parse(task.started_at);
        return [
          id,
          [
            here.filter((task) => zoneDate(started(task), timezone) === today).length,
            here.filter((task) => week.has(zoneDate(started(task), timezone))).length,
            here.filter(
              (task) =>
                task.status === "in_progress" && started(task) >= progressFrom && started(task) < progressTo,
            ).length,
          ].map((count) => count.toLocaleString("en-US")),
        ];
      }),
    );
    // The planted tasks make LAX's counts more than zeros; two of them are today there only while
    // "now" is before the appointments start (see PLANTED), which the spec's timeouts keep it.
    expect(now, "the spec counted before the planted appointments began").toBeLessThan(
      NOW + AHEAD_MINUTES * 60_000,
    );
    expect(Number(expected.loc_lax_airport?.[0])).toBeGreaterThanOrEqual(2);
    expect(Number(expected.loc_lax_airport?.[2])).toBeGreaterThanOrEqual(2);

    const shown = await page
      .locator("tr[data-location-id]")
      .evaluateAll((rows): Record<string, string[]> =>
        Object.fromEntries(
          rows.map((row): [string, string[]] => [
            row.getAttribute("data-location-id") ?? "",
            ["count-today", "count-week", "count-inProgress"].map(
              (id) => row.querySelector(`[data-testid="${id}"]`)?.textContent ?? "",
            ),
          ]),
        ),
      );
    expect(shown).toEqual(expected);
  });

  // The counts page as the step above left it: read, never changed.
  await test.step("axe finds nothing on /locations with its counts, in each theme", async () => {
    await expect(page.getByTestId("counts-as-of")).toBeVisible({ timeout: 60_000 });
    await checkEachTheme(page, testInfo, "locations-counts");
  });
});
