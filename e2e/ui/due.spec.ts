// The due page against a fleet whose oil changes the spec planted: twelve vehicles changed every 45
// days, three of them now overdue, three due soon, three due soon but booked, three fine. The page
// learns the 45 days from that history, states each vehicle as planted, narrows by search, state
// and sort as the URL says, links each row to its vehicle, and passes axe in both themes.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { checkEachTheme } from "./axe-check";
import {
  mirrorFilled,
  signInAt,
  startPlantedStack,
  type PlantedStack,
  type PlantedTask,
} from "./planted-stack";

const DAY = 86_400_000;
const EVERY_DAYS = 45;
const MILES_PER_DAY = 50;
// An hour back: every planted gap and due date is whole days from it, and the page's "overdue by"
// counts whole days from the due moment, so it reads the same for the next 23 hours.
const BASE = Date.now() - 3_600_000;

/** Days since each vehicle's last oil change, and whether its next one is booked. */
const FLEET = [
  ...[0, 1, 2].map(() => ({ lastDaysAgo: 50, booked: false, state: "overdue" })),
  ...[0, 1, 2].map(() => ({ lastDaysAgo: 43, booked: false, state: "due_soon" })),
  ...[0, 1, 2].map(() => ({ lastDaysAgo: 43, booked: true, state: "scheduled" })),
  ...[0, 1, 2].map(() => ({ lastDaysAgo: 10, booked: false, state: "ok" })),
].map((vehicle, index) => ({
  ...vehicle,
  id: `veh_e2e_due_${String(index).padStart(2, "0")}`,
  mva: `990000${String(index).padStart(2, "0")}`,
}));

function planted(): PlantedTask[] {
  return FLEET.flatMap((vehicle, index) => {
    const job = (n: string, daysAgo: number, status: string): PlantedTask => ({
      id: `tsk_e2edue${String(index).padStart(2, "0")}${n}`,
      vehicle_id: vehicle.id,
      mva: vehicle.mva,
      vin: null,
      task_type: "oil_change",
      status,
      location_id: "loc_lax_airport",
      started_at: new Date(BASE - daysAgo * DAY).toISOString(),
      odometer_miles: 20_000 - daysAgo * MILES_PER_DAY,
    });
    const jobs = [0, 1, 2, 3].map((n) => job(String(n), vehicle.lastDaysAgo + n * EVERY_DAYS, "completed"));
    if (vehicle.booked) jobs.push(job("b", -1, "scheduled"));
    return jobs;
  });
}

let stack: PlantedStack | undefined;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startPlantedStack("due", planted(), { back: 190, ahead: 7 });
});

test.afterAll(async () => {
  await stack?.stop();
});

function base(): string {
  if (!stack) throw new Error("the stack did not start");
  return stack.baseUrl;
}

const rowsShown = (page: Page) =>
  page
    .getByTestId("due-table")
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [row.getAttribute("data-vehicle-id"), row.getAttribute("data-state")]),
    );

test("learns the program, states each planted vehicle, and narrows by search, state and sort", async ({
  page,
}) => {
  await signInAt(page, base());
  await mirrorFilled(page.request, base());

  await page.goto(`${base()}/due`);
  await expect(page.getByTestId("programs-line")).toContainText(`Oil change every ${EVERY_DAYS} days`);

  await page.getByLabel("Vehicle").fill("990000");
  await expect(page).toHaveURL(/[?&]q=990000/);
  await expect(page.getByTestId("due-total")).toContainText(`${FLEET.length} rows`);
  const shown = new Map((await rowsShown(page)).map(([id, state]) => [id, state]));
  expect(Object.fromEntries(shown)).toEqual(
    Object.fromEntries(FLEET.map((vehicle) => [vehicle.id, vehicle.state])),
  );

  // The counts are every state's rows under the search; each one filters.
  for (const state of ["overdue", "due_soon", "scheduled", "ok"]) {
    await expect(page.getByTestId(`count-${state}`)).toHaveText("3");
  }
  const overdue = page.getByRole("button", { name: /^Overdue/ });
  await overdue.click();
  await expect(overdue).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]state=overdue/);
  await expect(page.getByTestId("due-total")).toContainText("3 rows");
  expect((await rowsShown(page)).map(([, state]) => state)).toEqual(["overdue", "overdue", "overdue"]);
  await expect(page.getByTestId("due-table").getByText("5 days").first()).toBeVisible();

  // Sorted by vehicle, newest MVA first on the second click; the header says how it is sorted.
  await overdue.click();
  await expect(page).not.toHaveURL(/state=/);
  const vehicleHeader = page.getByRole("columnheader", { name: /Vehicle/ });
  await vehicleHeader.getByRole("button").click();
  await expect(vehicleHeader).toHaveAttribute("aria-sort", "ascending");
  await vehicleHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=mva&order=desc/);
  await expect(vehicleHeader).toHaveAttribute("aria-sort", "descending");
  await expect
    .poll(async () => (await rowsShown(page)).map(([id]) => id))
    .toEqual(FLEET.map((vehicle) => vehicle.id).reverse());

  // A row's vehicle opens its page.
  await page.getByRole("link", { name: FLEET[0]!.mva }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${FLEET[0]!.id}$`));
});

test("axe finds nothing on the due page, in each theme", async ({ page }, testInfo) => {
  await signInAt(page, base());
  await page.goto(`${base()}/due?q=990000`);
  await expect(page.getByTestId("due-total")).toContainText(`${FLEET.length} rows`);
  await checkEachTheme(page, testInfo, "due");
});
