// The task table, against the shared dashboard once its mirror is full: the count is every
// matching task (scrolling to the end reaches exactly it), each status, location and task type
// chosen, each column sorted and the quick search narrow or order the rows as their URL says, and
// back and forward walk through them; calendar presets; remembered column widths; vehicle links.
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import { checkEachTheme } from "./axe-check";
import { columnTexts, grid, openTasks, recordTaskPages, renderedRows, rowCount } from "./task-grid";
import {
  MIRROR_FILL_TIMEOUT,
  mirrorSynced,
  mirrorTotal,
  multiFilter,
  scrollToEnd,
  sortButton,
  toggleValues,
} from "./table-controls";

test.describe.configure({ timeout: MIRROR_FILL_TIMEOUT + 120_000 });

test.beforeEach(async ({ page }) => {
  await signedIn(page);
  await mirrorSynced(page);
});

test("the count is every matching task: scrolling to the end reaches exactly it", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d&status=completed,cancelled");
  const total = await mirrorTotal(page);
  expect(total, "the sandbox has more than a page of them in 30 days").toBeGreaterThan(100);
  await expect(rowCount(page)).toHaveText(`1–100 of ${total.toLocaleString("en-US")}`);
  expect(await scrollToEnd(page)).toBe(total);
  await expect(rowCount(page)).toHaveText(
    `1–${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  );
  const ids = (await record.read()).pages.flat().map((task) => task.id);
  expect(new Set(ids).size).toBe(total);
  for (const task of (await record.read()).pages.flat())
    expect(["completed", "cancelled"]).toContain(task.status);
});

test("status, location and task type each narrow the rows as the URL says, back and forward too", async ({
  page,
}) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d");
  const all = await mirrorTotal(page);

  await toggleValues(page, "status", ["Completed"]);
  await expect(page).toHaveURL(/[?&]status=completed(&|$)/);
  await expect(rowCount(page)).not.toHaveText(new RegExp(`of ${all.toLocaleString("en-US")}$`));
  const completed = await mirrorTotal(page);
  expect(completed).toBeLessThan(all);
  await expect.poll(async () => new Set(await columnTexts(page, "Status"))).toEqual(new Set(["completed"]));

  await toggleValues(page, "status", ["Cancelled"]);
  await expect(page).toHaveURL(/[?&]status=completed%2Ccancelled(&|$)/);
  await expect.poll(() => mirrorTotal(page)).toBeGreaterThan(completed);
  const either = await mirrorTotal(page);
  for (const text of await columnTexts(page, "Status")) expect(["completed", "cancelled"]).toContain(text);

  await toggleValues(page, "task_type", ["Oil change"]);
  await expect(page).toHaveURL(/[?&]task_type=oil_change(&|$)/);
  await expect
    .poll(async () => new Set(await columnTexts(page, "Task type")))
    .toEqual(new Set(["Oil change"]));
  // The readable name shows; the code is the cell's tooltip.
  await expect(renderedRows(page).first().locator("[title=oil_change]")).toHaveText("Oil change");
  const oil = await mirrorTotal(page);
  expect(oil).toBeLessThan(either);

  const names = (await record.read()).pages.at(-1)?.map((task) => task.location.name) ?? [];
  const [first, second] = [...new Set(names)];
  expect(second, "oil changes at two locations or more").toBeDefined();
  await toggleValues(page, "location_id", [first!, second!]);
  await expect(page).toHaveURL(/[?&]location_id=[^&]+%2C[^&]+(&|$)/);
  await expect
    .poll(async () =>
      (await columnTexts(page, "Location")).every((name) => name === first || name === second),
    )
    .toBe(true);
  const two = await mirrorTotal(page);
  expect(two).toBeLessThan(oil);

  // What the browser asked for is what the URL says, and the count is the API's.
  const asked = (await record.read()).urls.at(-1);
  expect(asked?.searchParams.get("status")).toBe("completed,cancelled");
  expect(asked?.searchParams.get("task_type")).toBe("oil_change");
  const answer = await page.request.get(dashboardUrl(`/api/tasks?${asked?.searchParams.toString()}`));
  expect(((await answer.json()) as { total: number }).total).toBe(two);

  // Back out of the locations: a view for each value ticked, or one for ticks in quick succession.
  await page.goBack();
  if (/location_id=/.test(page.url())) await page.goBack();
  await expect(page).not.toHaveURL(/location_id=/);
  await expect(rowCount(page)).toHaveAttribute("data-total", String(oil));
  await page.goBack();
  await expect(page).not.toHaveURL(/task_type=/);
  await expect(rowCount(page)).toHaveAttribute("data-total", String(either));
  await expect(multiFilter(page, "task_type").locator("summary")).toHaveText(/Any task type/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]status=completed(&|$)/);
  await expect(rowCount(page)).toHaveAttribute("data-total", String(completed));
  await expect(multiFilter(page, "status").locator("summary")).toHaveText(/Completed/);
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/task_type=oil_change/);
  await expect(page).not.toHaveURL(/location_id=/);
  await expect(rowCount(page)).toHaveAttribute("data-total", String(oil));
});

test("every sortable header sorts on the server, as the URL says, back and forward too", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=7d");
  const total = await mirrorTotal(page);

  await sortButton(page, "Odometer").click();
  await expect(page).toHaveURL(/sort=odometer_miles&order=asc|order=asc.*sort=odometer_miles/);
  await expect(grid(page).getByRole("columnheader", { name: /Odometer/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const ascending = async () => {
    const page1 = (await record.read()).pages.at(-1) ?? [];
    return page1.map((task) => task.odometer_miles);
  };
  await expect.poll(async () => isSorted(await ascending(), (a, b) => a - b)).toBe(true);
  // The first rows are the least miles of every matching task, not of the rows loaded before.
  const firstPage = new URL(
    (await record.read()).urls.filter((url) => !url.searchParams.has("cursor")).at(-1)!,
  );
  const least = await page.request.get(dashboardUrl(`/api/tasks?${firstPage.searchParams.toString()}`));
  const smallest = ((await least.json()) as { data: { odometer_miles: number }[] }).data[0]?.odometer_miles;
  await expect(renderedRows(page).first()).toContainText((smallest ?? -1).toLocaleString("en-US"));
  await expect(rowCount(page)).toHaveAttribute("data-total", String(total));

  await sortButton(page, "Odometer").click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(async () => isSorted(await ascending(), (a, b) => b - a)).toBe(true);

  await sortButton(page, "MVA").click();
  await expect(page).toHaveURL(/sort=mva/);
  await expect(page).toHaveURL(/order=asc/);
  await expect
    .poll(async () => isSorted(await columnTexts(page, "MVA"), (a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    .toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/sort=odometer_miles/);
  await expect(page).toHaveURL(/order=desc/);
  await expect(grid(page).getByRole("columnheader", { name: /Odometer/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await page.goForward();
  await expect(page).toHaveURL(/sort=mva/);
  await expect(grid(page).getByRole("columnheader", { name: /MVA/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
});

test("the quick search narrows the rows after typing pauses, and offers the vehicle it names", async ({
  page,
}) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d");
  await mirrorTotal(page);
  const first = (await record.read()).pages[0]?.[0];
  expect(first).toBeDefined();
  const before = (await record.read()).urls.length;
  await page.getByLabel("Search", { exact: true }).pressSequentially(first!.vehicle_id, { delay: 20 });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${first!.vehicle_id}(&|$)`));
  await expect
    .poll(async () => new Set(await columnTexts(page, "Vehicle")))
    .toEqual(new Set([first!.vehicle_id]));
  const asked = (await record.read()).urls.slice(before).filter((url) => !url.searchParams.has("cursor"));
  expect(
    asked.map((url) => url.searchParams.get("q")),
    "one request, after the pause",
  ).toEqual([first!.vehicle_id]);
  const link = page.getByTestId("search-vehicle-link");
  await expect(link).toHaveAttribute("href", `/vehicles/${first!.vehicle_id}`);
  // The MVA and Vehicle cells lead to the vehicle's page too.
  await expect(renderedRows(page).first().getByRole("link", { name: first!.mva })).toHaveAttribute(
    "href",
    `/vehicles/${first!.vehicle_id}`,
  );
});

test("calendar presets ask for whole days, weeks and months in the chosen zone", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page, "tz=utc");
  const range = page.getByRole("combobox", { name: "Range" });
  for (const [label, value, days] of [
    ["Yesterday", "yesterday", [1]],
    ["Last week", "last_week", [7]],
    ["Last month", "last_month", [28, 29, 30, 31]],
  ] as const) {
    const asked = (await record.read()).urls.length;
    await range.selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`range=${value}`));
    await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/);
    // The list's first request after the choice: its window is the preset's.
    await expect.poll(async () => (await record.read()).urls.slice(asked).length).toBeGreaterThan(0);
    const url = (await record.read()).urls
      .slice(asked)
      .find((candidate) => !candidate.searchParams.has("cursor"))!;
    const from = new Date(url.searchParams.get("from")!);
    const to = new Date(url.searchParams.get("to")!);
    expect(from.toISOString(), `${label} starts at midnight UTC`).toMatch(/T00:00:00\.000Z$/);
    expect(to.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(days as readonly number[]).toContain((to.getTime() - from.getTime()) / 86_400_000);
    expect(to.getTime()).toBeLessThanOrEqual(Date.now());
    // Every row lies in it.
    for (const task of (await record.read()).pages.slice(asked).flat()) {
      expect(Date.parse(task.started_at)).toBeGreaterThanOrEqual(from.getTime());
      expect(Date.parse(task.started_at)).toBeLessThan(to.getTime());
    }
  }
  await expect(page).toHaveURL(/range=last_month/);
});

test("a column's width follows a drag, and is remembered for the next visit", async ({ page }) => {
  await openTasks(page, "range=7d");
  const header = grid(page).getByRole("columnheader", { name: /Location/ });
  const before = (await header.boundingBox())!.width;
  const handle = page.getByTestId("resize-location");
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(/widths=location%3A\d+/);
  const after = (await header.boundingBox())!.width;
  expect(Math.abs(after - (before + 60))).toBeLessThanOrEqual(2);

  // The server's rows come before the grid has hydrated (and taken the remembered widths).
  await openTasks(page);
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(after));
  // Keys move the edge too, a step at a time.
  await page.getByTestId("resize-location").focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(after) - 16);
});

function isSorted<T>(values: readonly T[], compare: (a: T, b: T) => number): boolean {
  return (
    values.length > 1 &&
    values.every((value, index) => index === 0 || compare(values[index - 1]!, value) <= 0)
  );
}

test("the table's count, filters and sort headers pass axe in each theme", async ({ page }, testInfo) => {
  await openTasks(page, "range=30d&status=completed,cancelled&sort=location&order=asc&q=a");
  await mirrorTotal(page);
  await expect(renderedRows(page).first()).toBeVisible();
  await checkEachTheme(page, testInfo, "table");
  await multiFilter(page, "task_type").locator("summary").click();
  await expect(multiFilter(page, "task_type").getByRole("checkbox").first()).toBeVisible();
  await checkEachTheme(page, testInfo, "table-filter-open");
});
