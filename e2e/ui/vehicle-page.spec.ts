// The vehicle page against a vehicle whose history the spec planted in the service: it lists
// exactly the vehicle's tasks (as the service itself answers them), draws one point per odometer
// reading, flags the planted anomalies (an odometer reading below an earlier one, a task type
// twice within a day) and nothing else, answers 404 for an unknown vehicle, and passes axe in
// both themes. Beside it, on the same stack, a fleet whose oil changes the spec planted for the
// due page: twelve vehicles changed every 45 days, three of them now overdue, three due soon,
// three due soon but booked, three fine. The page learns the 45 days from that history, states
// each vehicle as planted, narrows by search, state and sort as the URL says, links each row to
// its vehicle (whose Maintenance section says the same), and passes axe in both themes. A second
// fleet, longer than a page of the due list and all overdue, is read to its end by scrolling.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { mainLink } from "../support/main-menu";
import { checkEachTheme } from "./axe-check";
import {
  mirrorFilled,
  serviceTasks,
  keptSessionAt,
  startPlantedStack,
  type PlantedStack,
  type PlantedTask,
} from "./planted-stack";

const DAY = 86_400_000;
// Planted times count from twelve hours before the file loaded, not from a UTC midnight: the page
// reads "days since" (at(-2, 20), 40 h before the load) at render, the spec later, and counted
// from midnight the value flipped at 20:00 UTC, between the two for a spec run then. Now it is 1
// for the first 8 hours after the load. The tasks' gaps are the same from any base.
const BASE = Date.now() - 12 * 3_600_000;
const at = (days: number, hours: number) => new Date(BASE + days * DAY + hours * 3_600_000).toISOString();
const VEHICLE = "veh_e2e_history";
const vehicleTask = (
  id: string,
  task_type: string,
  status: string,
  started_at: string,
  odometer_miles: number,
): PlantedTask => ({
  id,
  vehicle_id: VEHICLE,
  mva: "99990042",
  vin: "1HGCM82633A004352",
  task_type,
  status,
  location_id: "loc_lax_airport",
  started_at,
  odometer_miles,
});

const PLANTED = [
  vehicleTask("tsk_e2e_h1", "oil_change", "completed", at(-6, 9), 10_000),
  vehicleTask("tsk_e2e_h2", "tire_rotation", "completed", at(-5, 9), 10_400),
  // Below the 10,400 read the day before: the odometer flag.
  vehicleTask("tsk_e2e_h3", "inspection", "completed", at(-4, 9), 10_150),
  // Cancelled: no reading, and no part of a repeat.
  vehicleTask("tsk_e2e_h4", "car_wash", "cancelled", at(-3, 9), 9_000),
  vehicleTask("tsk_e2e_h5", "oil_change", "completed", at(-2, 8), 10_600),
  // Twelve hours after the one before: the repeat flag.
  vehicleTask("tsk_e2e_h6", "oil_change", "completed", at(-2, 20), 10_620),
  vehicleTask("tsk_e2e_h7", "brake_check", "in_progress", at(-1, 10), 10_700),
  // Scheduled: a guess of the mileage, not a reading.
  vehicleTask("tsk_e2e_h8", "oil_change", "scheduled", at(1, 10), 10_700),
];
const EVERY_DAYS = 45;
const LATE_BY_DAYS = 15;
const FLEET_MILES_PER_DAY = 50;
// An hour back, but not before today began (UTC, the tests' zone): every planted gap and due date
// is whole days from it, and the page's "overdue by" counts the calendar days from the due date to
// today, so it reads the same until midnight.
const DUE_BASE = Math.max(Date.now() - 3_600_000, new Date().setUTCHours(0, 0, 0, 0));

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

/**
 * More vehicles than one page of the due list holds (100), every one overdue, at a location of
 * their own (compliance is checked at Los Angeles) and with MVAs no search above matches.
 */
const LONG_FLEET = Array.from({ length: 105 }, (_, index) => ({
  id: `veh_e2e_long_${String(index).padStart(3, "0")}`,
  mva: `99100${String(index).padStart(3, "0")}`,
}));

function longFleetTasks(): PlantedTask[] {
  return LONG_FLEET.flatMap((vehicle, index) =>
    [0, 1, 2, 3].map((n) => {
      const daysAgo = 50 + n * EVERY_DAYS;
      return {
        id: `tsk_e2elong${String(index).padStart(3, "0")}${n}`,
        vehicle_id: vehicle.id,
        mva: vehicle.mva,
        vin: null,
        task_type: "oil_change",
        status: "completed",
        location_id: "loc_den_airport",
        started_at: new Date(DUE_BASE - daysAgo * DAY).toISOString(),
        odometer_miles: 30_000 - daysAgo * FLEET_MILES_PER_DAY,
      };
    }),
  );
}

function dueFleetTasks(): PlantedTask[] {
  return FLEET.flatMap((vehicle, index) => {
    const job = (n: string, daysAgo: number, status: string): PlantedTask => ({
      id: `tsk_e2edue${String(index).padStart(2, "0")}${n}`,
      vehicle_id: vehicle.id,
      mva: vehicle.mva,
      vin: null,
      task_type: "oil_change",
      status,
      location_id: "loc_lax_airport",
      started_at: new Date(DUE_BASE - daysAgo * DAY).toISOString(),
      odometer_miles: 20_000 - daysAgo * FLEET_MILES_PER_DAY,
    });
    // The last vehicle's latest oil change came 15 days late (60 after the one before, past 45 + 10%).
    const lateBy = index === FLEET.length - 1 ? LATE_BY_DAYS : 0;
    const jobs = [0, 1, 2, 3].map((n) =>
      job(String(n), vehicle.lastDaysAgo + n * EVERY_DAYS + (n > 0 ? lateBy : 0), "completed"),
    );
    if (vehicle.booked) jobs.push(job("b", -1, "scheduled"));
    return jobs;
  });
}

const READINGS = PLANTED.filter((task) => task.status === "completed" || task.status === "in_progress");

let stack: PlantedStack | undefined;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // A horizon long enough for the fleet's four oil changes 45 days apart.
  stack = await startPlantedStack("vehicle", [...PLANTED, ...dueFleetTasks(), ...longFleetTasks()], {
    back: 190,
    ahead: 7,
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

/** The day an instant falls on in Los Angeles, the planted fleet's location, as a day count. */
function laDayNumber(instant: number): number {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" })
    .format(new Date(instant))
    .split("-")
    .map(Number);
  return Date.UTC(year!, month! - 1, day) / DAY;
}

const signedIn = keptSessionAt(base);

function base(): string {
  if (!stack) throw new Error("the stack did not start");
  return stack.baseUrl;
}

test("the header states how fresh the oldest data on the vehicle page is, and names it, then axe finds nothing on the page in each theme, then it lists exactly the vehicle's tasks, one chart point per reading, and flags the planted anomalies", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());

  await test.step("the header states how fresh the oldest data on the page is, and names it", async () => {
    // The history (rendered with the page, the locations' zones included) and its Maintenance
    // section are the page's data: the older of their as_of is what the header must state. A page
    // open before (the list a sign-in lands on) asked for data of its own, which no longer counts
    // once its page is gone.
    const maintenance = page.waitForResponse((response) => response.url().includes("/api/maintenance/due"));
    await page.goto(`${base()}/vehicles/${VEHICLE}`);
    const historyAsOf = (await page.getByTestId("vehicle-as-of").getAttribute("datetime"))!;
    const maintenanceAsOf = ((await (await maintenance).json()) as { as_of: string }).as_of;
    const [part, asOf] =
      Date.parse(maintenanceAsOf) < Date.parse(historyAsOf)
        ? ["Maintenance", maintenanceAsOf]
        : ["Vehicle history", historyAsOf];
    await expect(page.getByTestId("vehicle-maintenance").locator("tbody tr").first()).toBeVisible();
    const button = page.getByTestId("mirror-freshness").getByRole("button");
    await expect(button).toHaveText(/^Task data: Data as of \d+ (s|min) ago$/);
    await button.click();
    const minute = `(${asOf.slice(0, 16).replace("T", " ")} UTC)`;
    await expect(page.getByTestId("oldest-shown")).toHaveText(
      new RegExp(`^${part}, as of \\d+ (s|min) ago ${minute.replace(/[()]/g, "\\$&")}$`),
    );
    // Closed again: axe and the history's checks below see the page as it loaded.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("mirror-details")).toBeHidden();
  });

  await test.step("axe finds nothing on the vehicle page, in each theme", async () => {
    await expect(page.getByTestId("odometer-chart")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("odometer-chart").focus();
    await page.keyboard.press("End");
    await checkEachTheme(page, testInfo, "vehicle");
    // Back to the browser's own theme, in which the history's checks ran on a page of their own.
    await page.emulateMedia({ colorScheme: "light" });
  });

  await test.step("lists exactly the vehicle's tasks, one chart point per reading, and flags the planted anomalies", async () => {
    // The service's own answer for the vehicle over the mirror's horizon is the truth.
    const mirror = (await (await page.request.get(`${base()}/api/mirror`)).json()) as {
      horizon: { from: string; to: string };
    };
    const truth = await serviceTasks(stack!.serviceUrl, mirror.horizon, { vehicle_id: VEHICLE });
    expect(truth.map((task) => task.id).sort()).toEqual(PLANTED.map((task) => task.id).sort());
    const newestFirst = truth
      .toSorted((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at))
      .map((task) => task.id);

    await expect(page.getByTestId("vehicle-page")).toBeVisible();
    const listed = await page
      .getByTestId("timeline-task")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-task-id")));
    expect(listed).toEqual(newestFirst);

    await expect(page.getByTestId("vehicle-mva")).toHaveText("99990042");
    await expect(page.getByText("1HGCM82633A004352")).toBeVisible();
    await expect(page.getByText("10,700 mi").first()).toBeVisible();

    // One point per reading, in the chart itself and in its table.
    const chart = page.getByTestId("odometer-chart");
    await expect(chart).toHaveAttribute("data-ready", "true");
    await expect(chart).toHaveAttribute("data-point-count", String(READINGS.length));
    await expect(page.getByTestId("odometer-row")).toHaveCount(READINGS.length);

    const drops = page.getByTestId("flag-odometer-drop");
    await expect(drops).toHaveCount(1);
    await expect(drops).toHaveAttribute("data-task-id", "tsk_e2e_h3");
    const repeats = page.getByTestId("flag-repeated-task");
    await expect(repeats).toHaveCount(1);
    await expect(repeats).toHaveAttribute("data-task-ids", "tsk_e2e_h5,tsk_e2e_h6");

    // Last oil change: the 10,620 reading, 80 mi below the latest 10,700.
    const oil = page.locator('[data-testid="last-done"] tr[data-task-type="oil_change"]');
    await expect(oil.getByTestId("miles-since")).toHaveText("80");
    // Calendar days in Los Angeles, where the page dates the task.
    const days = laDayNumber(Date.now()) - laDayNumber(Date.parse(at(-2, 20)));
    await expect(oil.getByTestId("days-since")).toHaveText(String(days));

    // The keyboard reaches every reading: End is the latest, and Enter opens its task.
    await chart.focus();
    await page.keyboard.press("End");
    await expect(page.getByTestId("odometer-chart-reading")).toContainText("tsk_e2e_h7");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("odometer-chart-reading")).toContainText("tsk_e2e_h6");
    // A pointer over the chart shows a reading's task too.
    // The plotting area (uPlot's overlay) spans the first to the last reading's time.
    const box = (await chart.locator(".u-over").boundingBox())!;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect(page.getByTestId("odometer-chart-reading")).toContainText("tsk_e2e_h7");
    await chart.focus();
    await page.keyboard.press("Home");
    await expect(page.getByTestId("odometer-chart-reading")).toContainText("tsk_e2e_h1");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tasks\/tsk_e2e_h1$/);
    await expect(page.getByTestId("task-detail")).toBeVisible();

    // And the task's detail leads back to the vehicle.
    await page.getByRole("link", { name: "This vehicle's history" }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${VEHICLE}$`));
    await page.getByTestId("timeline-task").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/tasks\/tsk_e2e_h8$/);
    await expect(page.getByTestId("task-detail")).toHaveAttribute("data-task-id", "tsk_e2e_h8");
  });
});

test("prints the history on A4 and on Letter: every task, the flags, the last-done table and the drawn chart", async ({
  page,
}) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());
  // A window too short to show the chart, which is then drawn only when scrolled to.
  await page.setViewportSize({ width: 1280, height: 320 });
  await page.goto(`${base()}/vehicles/${VEHICLE}`);
  const chart = page.getByTestId("odometer-chart");
  // The button draws the chart first, then opens the dialog (which a test cannot press: the
  // browser's print is replaced here by a note of whether the chart was drawn by then).
  await page.evaluate(() => {
    const noted = window as Window & { chartAtPrint?: boolean[] };
    noted.chartAtPrint = [];
    window.print = () => {
      noted.chartAtPrint!.push(document.querySelector('[data-testid="odometer-chart"] canvas') !== null);
    };
  });
  await expect(chart).toHaveAttribute("data-ready", "false");
  await page.getByTestId("print-history").click();
  await expect
    .poll(() => page.evaluate(() => (window as Window & { chartAtPrint?: boolean[] }).chartAtPrint))
    .toEqual([true]);
  await expect(chart).toHaveAttribute("data-point-count", String(READINGS.length));

  for (const format of ["A4", "Letter"] as const) {
    const printed = await printedPdf(await page.pdf({ format, printBackground: false }));
    expect(printed.size, format).toEqual(format === "A4" ? [595, 842] : [612, 792]);
    for (const task of PLANTED) expect(printed.text, `${format}: ${task.id}`).toContain(task.id);
    expect(printed.text).toContain("MVA 99990042");
    expect(printed.text).toContain("To check");
    expect(printed.text).toContain("Last done");
    expect(printed.text).toContain("Fleet Task Dashboard · vehicle history");
    // The screen's header, links and button stay off the paper; the chart is on it as an image.
    expect(printed.text).not.toContain("Sign out");
    expect(printed.text).not.toContain("Print history");
    expect(printed.images, format).toBeGreaterThanOrEqual(1);
  }
});

/** A PDF's page size (points, of its first page), its text run together, and its drawn images. */
async function printedPdf(bytes: Buffer): Promise<{ size: number[]; text: string; images: number }> {
  const { getDocument, OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  let text = "";
  let images = 0;
  let size: number[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const pdfPage = await pdf.getPage(number);
    if (number === 1) size = pdfPage.view.slice(2).map(Math.floor);
    const content = await pdfPage.getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join("") + "\n";
    const operators = await pdfPage.getOperatorList();
    images += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  await pdf.destroy();
  return { size, text, images };
}

test("a vehicle no task has gets the not-found page, with a 404, then axe finds nothing on it in each theme", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());
  await test.step("a vehicle no task has gets the not-found page, with a 404", async () => {
    const response = await page.goto(`${base()}/vehicles/veh_no_such_vehicle`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No vehicle has this id" })).toBeVisible();
  });
  await test.step("axe finds nothing on the vehicle's not-found page, in each theme", async () => {
    await checkEachTheme(page, testInfo, "vehicle-not-found");
  });
});

const rowsShown = (page: Page) =>
  page
    .getByTestId("due-table")
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [row.getAttribute("data-vehicle-id"), row.getAttribute("data-state")]),
    );

test("the due page learns the program, states each planted vehicle, and narrows by search, state and sort", async ({
  page,
}) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());

  // A document load has the programs, counts and first rows in its HTML: the server read them.
  const html = await (await page.request.get(`${base()}/due?q=990000`)).text();
  expect(html).toContain(`Oil change every ${EVERY_DAYS} days`);
  for (const vehicle of FLEET) expect(html).toContain(vehicle.mva);

  await page.goto(`${base()}/due`);
  await expect(page.getByTestId("programs-line")).toContainText(`Oil change every ${EVERY_DAYS} days`);

  await page.getByLabel("Vehicle").fill("990000");
  await expect(page).toHaveURL(/[?&]q=990000/);
  await expect(page.getByTestId("due-total")).toContainText(`${FLEET.length} rows`);
  const shown = new Map((await rowsShown(page)).map(([id, state]) => [id, state]));
  expect(Object.fromEntries(shown)).toEqual(
    Object.fromEntries(FLEET.map((vehicle) => [vehicle.id, vehicle.state])),
  );

  // Due within 7 days: the overdue (already due) and the six due in two days; the export takes the same.
  const within = page.getByLabel("Due", { exact: true });
  await within.selectOption("7");
  await expect(page).toHaveURL(/[?&]within=7/);
  await expect(page.getByTestId("due-total")).toContainText("9 rows");
  await expect(page.getByTestId("due-export")).toHaveAttribute(
    "href",
    /^\/api\/maintenance\/due\/export\?q=990000&due_before=[^&]+&sort=state$/,
  );
  await within.selectOption("");
  await expect(page.getByTestId("due-total")).toContainText(`${FLEET.length} rows`);

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
  // Whose page states the same in its Maintenance section.
  await expect(
    page.getByTestId("vehicle-maintenance").locator('tr[data-task-type="oil_change"]'),
  ).toHaveAttribute("data-state", FLEET[0]!.state);
});

test("the due list loads its next page as it is scrolled to its end: each row of a longer fleet once", async ({
  page,
}) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());
  await page.goto(`${base()}/due?q=99100`);
  await expect(page.getByTestId("due-total")).toContainText(`${LONG_FLEET.length} rows`);
  const rows = page.getByTestId("due-table").locator("tbody tr");
  await expect(rows).toHaveCount(100);
  await page.getByText(`Showing 100 of ${LONG_FLEET.length}`).scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(LONG_FLEET.length);
  await expect(page.getByText(`Showing ${LONG_FLEET.length} of ${LONG_FLEET.length}`)).toBeVisible();
  const shown = await rowsShown(page);
  expect(shown.map(([id]) => id).sort()).toEqual(LONG_FLEET.map((vehicle) => vehicle.id));
  expect(new Set(shown.map(([, state]) => state))).toEqual(new Set(["overdue"]));
});

/** YYYY-MM of an instant in Los Angeles, the planted fleet's location. */
const laMonth = (instant: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "2-digit",
  }).format(new Date(instant));

test("compliance names the planted late oil change in its month and location, and passes axe", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());
  const late = FLEET.at(-1)!;
  const lateId = `tsk_e2edue${String(FLEET.length - 1).padStart(2, "0")}0`;
  const month = laMonth(DUE_BASE - late.lastDaysAgo * DAY);
  await page.goto(`${base()}/compliance?month=${month}`);
  const lax = page.getByTestId("compliance-by-location").locator('tr[data-key="loc_lax_airport"]');
  await expect(lax.locator("td").nth(2)).toHaveText("1");
  const [completed] = await lax.locator("td").nth(1).allTextContents();
  const share = ((Number(completed!.replace(/,/g, "")) - 1) / Number(completed!.replace(/,/g, ""))) * 100;
  await expect(lax.getByTestId("on-time-share")).toHaveText(`${share.toFixed(1)}%`);
  await expect(page.getByTestId("late-jobs").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("late-jobs").locator(`tr[data-task-id="${lateId}"]`)).toContainText(
    "60 days",
  );
  // A location's row narrows the late jobs to it, and says so in the URL.
  await lax.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]location_id=loc_lax_airport/);
  await expect(lax.getByRole("button")).toHaveAttribute("aria-pressed", "true");
  await checkEachTheme(page, testInfo, "compliance");
});

test("the vehicles list finds the planted fleet, counts each one's overdue programs, sorts, and passes axe", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());
  await page.goto(`${base()}/vehicles`);
  await page.getByLabel("Search vehicles").fill("990000");
  await expect(page).toHaveURL(/[?&]q=990000/);
  await expect(page.getByTestId("vehicles-total")).toHaveText(`${FLEET.length} vehicles`);
  const overdueHeader = page.getByRole("columnheader", { name: /Overdue/ });
  await overdueHeader.getByRole("button").click();
  await expect(overdueHeader).toHaveAttribute("aria-sort", "ascending");
  await overdueHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=overdue&order=desc/);
  await expect(overdueHeader).toHaveAttribute("aria-sort", "descending");
  // The three overdue vehicles first, one overdue program each, then the rest with none.
  await expect
    .poll(() => page.getByTestId("vehicle-overdue").allTextContents())
    .toEqual(FLEET.map((vehicle) => (vehicle.state === "overdue" ? "1" : "0")));
  await checkEachTheme(page, testInfo, "vehicles");
  await page.getByTestId("vehicle-table").getByRole("link", { name: FLEET[0]!.mva, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${FLEET[0]!.id}$`));
});

test("staff set their own oil change schedule on the programs page, the due page follows, and back to learned restores it, then the due page passes axe in each theme, filters and sorts by keyboard, exports the rows it lists, and its search follows the URL", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  await mirrorFilled(page.request, base());

  await test.step("staff set their own oil change schedule on the programs page, the due page follows, and back to learned restores it", async () => {
    await page.goto(`${base()}/due?q=990000`);
    await expect(page.getByTestId("count-overdue")).toHaveText("3");
    await page.getByRole("link", { name: "Change programs" }).click();
    await expect(page).toHaveURL(/\/due\/programs$/);
    const oil = page.getByTestId("program-oil_change");
    await expect(oil).toContainText(`Every ${EVERY_DAYS} days`);
    await checkEachTheme(page, testInfo, "programs");

    await page.getByRole("button", { name: "Change Oil change" }).click();
    const form = page.getByRole("form", { name: "Program for Oil change" });
    await form.getByLabel("Our own").check();
    await form.getByLabel("Interval in days").fill("200");
    await form.getByLabel("Interval in miles").fill("");
    await form.getByLabel("Due soon, percent of the interval").fill("5");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    await expect(oil).toContainText("Every 200 days; due soon in the last 5%");
    await expect(oil).toContainText("@");

    // Two hundred days after jobs 45 days apart: nothing is overdue, nothing due soon. Back in the
    // browser's history, the list it showed before is asked for again: a save drops what the page
    // held of the due list, and the counts held (3 overdue) are not the ones expected.
    await page.goBack();
    await expect(page).toHaveURL(/\/due\?q=990000$/);
    await expect(page.getByTestId("programs-line")).toContainText("Oil change every 200 days");
    await expect(page.getByTestId("count-overdue")).toHaveText("0");
    await expect(page.getByTestId("count-due_soon")).toHaveText("0");

    // A threshold past half the interval, or our own schedule with no interval, is not sent.
    await page.getByRole("link", { name: "Change programs" }).click();
    await expect(page).toHaveURL(/\/due\/programs$/);
    await page.getByRole("button", { name: "Change Oil change" }).click();
    const dueSoon = form.getByLabel("Due soon, percent of the interval");
    await dueSoon.fill("90");
    await form.getByRole("button", { name: "Save" }).click();
    expect(await dueSoon.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    await dueSoon.fill("");
    await form.getByLabel("Interval in days").fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("alert")).toHaveText("Give the interval in days, in miles or both.");
    await expect(oil).toContainText("Every 200 days");
    await form.getByRole("button", { name: "Back to learned" }).click();
    await expect(oil).toContainText(`Every ${EVERY_DAYS} days`);
    await expect(oil).toContainText("Learned");
    // Loaded afresh this time: the server draws the due list under the program changed back.
    await page.goto(`${base()}/due?q=990000`);
    await expect(page.getByTestId("count-overdue")).toHaveText("3");
  });

  // The programs are the learned ones again, and the page is the fleet's due list under its search.
  await test.step("the due page passes axe in each theme, filters and sorts by keyboard, exports the rows it lists, and its search follows the URL", async () => {
    await expect(page.getByTestId("due-total")).toContainText(`${FLEET.length} rows`);
    await checkEachTheme(page, testInfo, "due");

    // By keyboard: a state's count filters, a column's name sorts.
    const overdue = page.getByRole("button", { name: /^Overdue/ });
    await overdue.focus();
    await page.keyboard.press("Space");
    await expect(overdue).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("due-total")).toContainText("3 rows");
    await overdue.press("Enter");
    await expect(page.getByTestId("due-total")).toContainText(`${FLEET.length} rows`);
    const vehicleHeader = page.getByRole("columnheader", { name: /Vehicle/ });
    await vehicleHeader.getByRole("button").press("Enter");
    await expect(vehicleHeader).toHaveAttribute("aria-sort", "ascending");

    // The export is every row the list reached, in its order, one vehicle and program a line.
    const download = page.waitForEvent("download");
    await page.getByTestId("due-export").click();
    const csv = readFileSync(await (await download).path(), "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^MVA,Vehicle ID,VIN,Program,State,/);
    expect(lines.slice(1).map((line) => line.split(",")[1])).toEqual(
      (await rowsShown(page)).map(([id]) => id),
    );
    expect(lines).toHaveLength(FLEET.length + 1);

    // The menu's Due link is the same page without the search: the box follows the URL.
    await expect(page.getByLabel("Vehicle")).toHaveValue("990000");
    await mainLink(page, "Due").click();
    await expect(page).toHaveURL(/\/due$/);
    await expect(page.getByLabel("Vehicle")).toHaveValue("");
  });
});
