// The grid itself: infinite loading without duplicates, keyboard use, the drawer and the deep
// link showing the same task, column choices (pinned columns among them) that are remembered, and
// saved views that keep them.
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import { checkEachTheme } from "./axe-check";
import {
  columnLabels,
  columnTexts,
  LOAD_TIMEOUT,
  grid,
  listShown,
  openTasks,
  recordTaskPages,
  renderedRows,
  rowCount,
  scrollUntilLoaded,
  ROW_START,
} from "./task-grid";
import { multiFilter, toggleValues } from "./table-controls";

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

const VIEW_NAME_PREFIX = "Oil changes, oldest first ";

test("at 1280 x 800 all columns fit, then scrolling loads at least three pages, with no task twice", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Recording from before the load: the first page comes with the document.
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d");

  await test.step("at 1280 x 800 all columns fit, and the table ends inside the window", async () => {
    const fits = await grid(page).evaluate((element) => ({
      sideways: element.scrollWidth - element.clientWidth,
      bottom: element.getBoundingClientRect().bottom,
      page: document.documentElement.scrollHeight - window.innerHeight,
    }));
    expect(fits.sideways, "the grid scrolls sideways").toBeLessThanOrEqual(0);
    expect(fits.bottom).toBeLessThanOrEqual(800);
    expect(fits.page, "the page scrolls as well as the grid").toBeLessThanOrEqual(0);
  });

  await test.step("scrolling loads at least three pages, with no task twice", async () => {
    const loaded = await scrollUntilLoaded(page, 300);
    expect(loaded).toBeGreaterThanOrEqual(300);
    expect((await record.read()).urls.length).toBeGreaterThanOrEqual(3);
    const cursors = (await record.read()).urls.map((url) => url.searchParams.has("cursor"));
    expect(cursors, (await record.read()).urls.map((url) => url.search).join("\n")).toEqual([
      false,
      ...cursors.slice(1).map(() => true),
    ]);
    const ids = (await record.read()).pages.flat().map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(loaded);
    await expect(rowCount(page)).toHaveAttribute("data-complete", /^(true|false)$/);
    // Only what is in view is in the DOM.
    expect(await renderedRows(page).count()).toBeLessThan(80);
    await expect(grid(page)).toHaveAttribute("aria-rowcount", /^-1$|^\d+$/);
    await expect(renderedRows(page).last()).toHaveAttribute("aria-rowindex", /\d+/);
  });
});

test("the skip link reaches the current row, then j/k and arrows move it, Enter opens and Esc closes, then one Esc closes after several rows were opened", async ({
  page,
}) => {
  await openTasks(page, "range=30d");

  await test.step("the first stop after the header skips the filters to the table's current row", async () => {
    await expect(renderedRows(page).first()).toBeVisible({ timeout: LOAD_TIMEOUT });
    await page.getByRole("button", { name: "Sign out" }).focus();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to the tasks table" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("[role=row][data-index]:focus")).toHaveAttribute("data-index", "0");
  });

  await test.step("arrow keys and j/k move the row focus, Enter opens the task, Esc closes it", async () => {
    const rows = renderedRows(page);
    await rows.first().focus();
    await page.keyboard.press("j");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("k");
    const focused = page.locator("[role=row][data-index]:focus");
    await expect(focused).toHaveAttribute("data-index", "1");
    const id = await focused.getAttribute("data-task-id");

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/tasks/${id}\\?range=30d`));
    const drawer = page.getByTestId("task-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("task-detail")).toHaveAttribute("data-task-id", id ?? "");

    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/tasks\?range=30d$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.locator("[role=row][data-index]:focus")).toHaveAttribute("data-task-id", id ?? "");
  });

  // Esc went back over the drawer's history entry; the first row opened below pushes one in its
  // place, so the one Esc there still has exactly one entry to go back over.
  await test.step("Esc closes the drawer after several rows were opened from the table", async () => {
    const rows = renderedRows(page);
    const drawer = page.getByTestId("task-drawer");
    for (const index of [0, 1, 2]) {
      const id = await rows.nth(index).getAttribute("data-task-id");
      await rows.nth(index).click({ position: ROW_START });
      await expect(drawer.getByTestId("task-detail")).toHaveAttribute("data-task-id", id ?? "");
    }
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/tasks\?range=30d$/);
    await expect(drawer).toHaveCount(0);
  });
});

test("after a wheel scroll far down the skip link and Tab reach a row in view, then the next list's grey rows pulse unless less motion is asked for", async ({
  page,
}) => {
  await openTasks(page, "range=30d");

  await test.step("after a wheel scroll far down, the skip link and Tab still reach the table, at a row in view", async () => {
    await expect(renderedRows(page).first()).toBeVisible({ timeout: LOAD_TIMEOUT });
    // Row 0, the active one, leaves the DOM (only rows near the view are rendered).
    const box = (await grid(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 3_000);
    await expect.poll(() => grid(page).evaluate((element) => element.scrollTop)).toBeGreaterThan(2_500);
    await expect(grid(page).locator('[role=row][data-index="0"]')).toHaveCount(0);
    const scrolled = await grid(page).evaluate((element) => element.scrollTop);
    const focusedRow = page.locator("[role=row][data-index]:focus");

    await page.getByRole("button", { name: "Sign out" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to the tasks table" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(focusedRow).toBeInViewport();
    expect(Number(await focusedRow.getAttribute("data-index"))).toBeGreaterThan(50);
    // The focus came to where the person had scrolled; it did not take the list back up.
    expect(await grid(page).evaluate((element) => element.scrollTop)).toBe(scrolled);
    const reached = await focusedRow.getAttribute("data-index");

    // Tab from the header's last control reaches the same row: the grid's one stop is still there.
    await page.getByTestId("resize-id").focus();
    await page.keyboard.press("Tab");
    await expect(focusedRow).toHaveAttribute("data-index", reached ?? "");
  });

  // A filter change starts the next list at the top, so its grey rows are in view however far
  // this one was scrolled.
  await test.step("a list's grey rows pulse while it loads, and hold still where less motion is asked for", async () => {
    // The next list's requests are never answered, so its grey rows stay for as long as the checks take.
    await page.route("**/api/tasks?**", () => {});
    await toggleValues(page, "task_type", ["Oil change"]);
    const placeholder = page.getByTestId("skeleton-rows").locator("div > div").first();
    await expect(placeholder).toBeVisible();
    // The tests' browser asks for less motion (playwright.config.ts), as a person's may.
    await expect(placeholder).toHaveCSS("animation-name", "none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await expect(placeholder).toHaveCSS("animation-name", "pulse");
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});

test("a column dragged past its limits stops at them, and its link keeps the width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTasks(page, "range=30d");
  const header = (label: string) => grid(page).getByRole("columnheader", { name: new RegExp(`^${label}`) });
  const drawn = async (label: string) => Math.round((await header(label).boundingBox())!.width);
  // A column never resized says the width it is drawn at, not the table's default size.
  await expect
    .poll(async () => page.getByTestId("resize-vin").getAttribute("aria-valuenow"))
    .toBe(String(await drawn("VIN")));

  const dragTo = async (column: string, x: number) => {
    const handle = (await page.getByTestId(`resize-${column}`).boundingBox())!;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(handle.x + handle.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(x, y, { steps: 8 });
    await page.mouse.up();
  };
  // Far to the left of MVA's own left edge, and far past 800 px to the right of Started's.
  await dragTo("mva", 10);
  await expect(page).toHaveURL(/[?&]widths=mva%3A48(&|$)/);
  await expect(page.getByTestId("resize-mva")).toHaveAttribute("aria-valuenow", "48");
  expect(await drawn("MVA")).toBe(48);
  await dragTo("started_at", 1_270);
  await expect(page).toHaveURL(/[?&]widths=mva%3A48%2Cstarted_at%3A800(&|$)/);

  // The link reads them back as they were set, rather than dropping them for the defaults.
  await page.reload();
  await listShown(page);
  await expect.poll(() => drawn("MVA")).toBe(48);
  expect(await drawn("Started")).toBe(800);
});

test("the drawer and the deep link show the same task; previous and next walk the loaded rows", async ({
  page,
  context,
}) => {
  await openTasks(page, "range=30d");
  const third = renderedRows(page).nth(2);
  const id = (await third.getAttribute("data-task-id")) ?? "";
  await third.click({ position: ROW_START });
  const drawer = page.getByTestId("task-drawer");
  await expect(drawer.getByTestId("task-detail")).toHaveAttribute("data-task-id", id);
  await expect(drawer.getByText("Address")).toBeVisible();
  await expect(drawer.getByText("Time zone")).toBeVisible();
  await expect(drawer.getByText(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)).toBeVisible();
  const drawerFacts = (await drawer.locator("dl").textContent()) ?? "";

  await expect(drawer.getByRole("link", { name: "← Back to the tasks" })).toHaveCount(0);

  const deep = await context.newPage();
  await deep.goto(dashboardUrl(`/tasks/${id}?range=30d`));
  await expect(deep.getByTestId("task-drawer")).toHaveCount(0);
  await expect(deep.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(deep.locator("dl")).toHaveText(drawerFacts);
  await deep.getByText("Raw JSON").click();
  expect((JSON.parse((await deep.getByTestId("raw-json").textContent()) ?? "{}") as { id?: string }).id).toBe(
    id,
  );
  // A shared link has no list behind it: the page leads back to the list it was shared from.
  await deep.getByRole("link", { name: "← Back to the tasks" }).click();
  await expect(deep).toHaveURL(/\/tasks\?range=30d$/);
  await deep.close();

  await drawer.getByRole("link", { name: "Next task →" }).click();
  // The row after this task as the table shows it now, not the fourth row: the list may have been
  // answered again since the third row was read (a full run once saw the rows move by then).
  const shown = await renderedRows(page).evaluateAll((rows) => rows.map((row) => row.dataset.taskId));
  expect(shown, "the task is still on screen").toContain(id);
  const nextId = shown[shown.indexOf(id) + 1];
  await expect(drawer.getByTestId("task-detail")).toHaveAttribute("data-task-id", nextId ?? "");
  await drawer.getByRole("link", { name: "← Previous task" }).click();
  await expect(drawer.getByTestId("task-detail")).toHaveAttribute("data-task-id", id);

  await drawer.getByRole("link", { name: "Other tasks for this vehicle" }).click();
  await expect(page).toHaveURL(/vehicle_id=/);
  await expect(page.getByTestId("task-drawer")).toHaveCount(0);
});

test("column visibility, order, zone and time order are in the URL and remembered", async ({ page }) => {
  await openTasks(page, "range=30d");
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("checkbox", { name: "VIN column" }).uncheck();
  await page.getByRole("button", { name: "Move the MVA column left" }).click();
  await expect(page).toHaveURL(/cols=/);
  const labels = await columnLabels(page);
  expect(labels).not.toContain("VIN");
  expect(labels.indexOf("MVA")).toBeLessThan(labels.indexOf("Status"));

  await page.getByLabel("Times shown in").selectOption({ label: "UTC" });
  await expect(page).toHaveURL(/tz=utc/);
  await expect(renderedRows(page).first().getByRole("gridcell").first()).toContainText("UTC");

  await page.getByRole("button", { name: /^Started/ }).click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(grid(page).getByRole("columnheader", { name: /Started/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  // A new visit without those parameters gets the remembered view.
  // The server draws the default view (the memory is the browser's); the remembered one follows
  // once the grid has hydrated.
  await openTasks(page);
  // The Started header names the remembered zone.
  await expect
    .poll(() => columnLabels(page))
    .toEqual(labels.map((label) => (label.startsWith("Started") ? "Started (UTC)" : label)));
  await expect(page.getByLabel("Times shown in")).toHaveValue("utc");
});

test("shift-click adds a sort key: the URL lists both, the headers number them, the rows follow", async ({
  page,
}) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d&sort=status&order=asc");
  const header = (label: string) => grid(page).getByRole("columnheader", { name: new RegExp(`^${label}`) });
  const odometer = header("Odometer").getByRole("button");
  await odometer.click({ modifiers: ["Shift"] });
  await expect(page).toHaveURL(/[?&]sort=status%2Codometer_miles&order=asc(&|$)/);
  // Shift+Enter on a key turns it the other way: one direction per key then.
  await odometer.press("Shift+Enter");
  await expect(page).toHaveURL(/[?&]sort=status%2Codometer_miles&order=asc%2Cdesc(&|$)/);

  await expect(page.getByTestId("sort-badge-status")).toHaveText(" ▲1");
  await expect(page.getByTestId("sort-badge-odometer_miles")).toHaveText(" ▼2");
  await expect(header("Status")).toHaveAttribute("aria-sort", "ascending");
  await expect(header("Odometer")).not.toHaveAttribute("aria-sort");
  await expect(odometer).toHaveAccessibleDescription("Sort key 2 of 2, descending");

  // The rows shown are the API's first page of that sort, which is by status, then most miles.
  const firstPage = async () => {
    const { urls, pages } = await record.read();
    const index = urls.findLastIndex(
      (url) => url.searchParams.get("order") === "asc,desc" && !url.searchParams.has("cursor"),
    );
    return pages[index] ?? [];
  };
  await expect.poll(async () => (await firstPage()).length).toBeGreaterThan(10);
  const tasks = await firstPage();
  const inOrder = tasks.every((task, i) => {
    const before = tasks[i - 1];
    if (!before || before.status < task.status) return true;
    return before.status === task.status && before.odometer_miles >= task.odometer_miles;
  });
  expect(inOrder).toBe(true);
  const shown = tasks.slice(0, 10).map((task) => task.id);
  const renderedIds = () =>
    renderedRows(page).evaluateAll((rows) =>
      rows
        .map((row) => [Number(row.getAttribute("data-index")), row.getAttribute("data-task-id")] as const)
        .sort(([a], [b]) => a - b)
        .map(([, id]) => id),
    );
  await expect.poll(async () => (await renderedIds()).slice(0, 10)).toEqual(shown);

  // Enter alone on a header sorts by that column alone, and opens no row.
  await odometer.press("Enter");
  await expect(page).toHaveURL(/[?&]sort=odometer_miles&order=asc(&|$)/);
  await expect(page.getByTestId("task-drawer")).toHaveCount(0);
});

test("the column menu closes like a menu, and its arrows point the way the column moves", async ({
  page,
}) => {
  await openTasks(page, "range=30d");
  const button = page.getByText("Columns", { exact: true });
  const menu = page.getByRole("list", { name: "Columns" });
  await button.click();
  await expect(menu).toBeVisible();
  const left = page.getByRole("button", { name: "Move the MVA column left" });
  await expect(left).toHaveText("←");
  await expect(page.getByRole("button", { name: "Move the MVA column right" })).toHaveText("→");
  const before = await columnLabels(page);
  await left.click();
  await expect.poll(() => columnLabels(page)).not.toEqual(before);
  expect((await columnLabels(page)).indexOf("MVA")).toBe(before.indexOf("MVA") - 1);

  await page.getByRole("checkbox", { name: "VIN column" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(menu).toBeVisible();
  await rowCount(page).click();
  await expect(menu).toBeHidden();

  // Esc closes the innermost thing: the menu, not the task drawer beside it.
  await renderedRows(page).first().click({ position: ROW_START });
  await expect(page.getByTestId("task-drawer")).toBeVisible();
  await button.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByTestId("task-drawer")).toBeVisible();
});

test("a pinned column keeps its place while the grid scrolls sideways, in the URL and after a reload", async ({
  page,
}) => {
  // Narrower than the default columns' 1,224 px, so the grid scrolls sideways.
  await page.setViewportSize({ width: 900, height: 800 });
  await openTasks(page, "range=30d");
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("button", { name: "Pin the MVA column" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]pin=mva(&|$)/);
  await expect(page.getByRole("button", { name: "Unpin the MVA column" })).toBeVisible();
  await page.keyboard.press("Escape");

  const header = (label: string) => grid(page).getByRole("columnheader", { name: new RegExp(`^${label}`) });
  const left = async () => ({
    mva: (await header("MVA").boundingBox())!.x,
    mvaCell: (await renderedRows(page).first().getByRole("gridcell").first().boundingBox())!.x,
    location: (await header("Location").boundingBox())!.x,
  });
  const scrolledKeepsMva = async () => {
    expect((await columnLabels(page))[0]).toBe("MVA");
    await grid(page).evaluate((element) => element.scrollTo({ left: 0 }));
    const before = await left();
    await grid(page).evaluate((element) => element.scrollTo({ left: 250 }));
    await expect.poll(async () => (await left()).location).toBeLessThan(before.location - 200);
    const after = await left();
    expect(Math.abs(after.mva - before.mva), "the MVA header moved").toBeLessThanOrEqual(1);
    expect(Math.abs(after.mvaCell - before.mvaCell), "the row's MVA cell moved").toBeLessThanOrEqual(1);
  };
  await scrolledKeepsMva();

  await page.reload();
  await listShown(page);
  await expect(page).toHaveURL(/[?&]pin=mva(&|$)/);
  await scrolledKeepsMva();
});

test.describe("saved views", () => {
  // The shared dashboard keeps its views between runs: whatever a run (even a failed one) saved
  // under this prefix is deleted after it, so they never pile up toward the 100 a member may keep.
  test.afterEach(async ({ page }) => {
    const answer = await page.request.get(dashboardUrl("/api/views"));
    const { data } = (await answer.json()) as { data: { id: string; name: string; mine: boolean }[] };
    for (const view of data.filter((one) => one.mine && one.name.startsWith(VIEW_NAME_PREFIX)))
      await page.request.delete(dashboardUrl(`/api/views/${view.id}`));
  });

  test("a saved view keeps filters, order, columns and summary; its link opens it until it is deleted", async ({
    page,
  }, testInfo) => {
    // A view opened from its link is drawn by the server as the view; the browser must agree (no
    // React hydration-mismatch error).
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const name = `${VIEW_NAME_PREFIX}${testInfo.workerIndex}-${Date.now()}`;
    // Filters the service answers itself, so the test does not wait for the mirror to fill.
    const saved =
      "range=30d&task_type=oil_change&order=asc&tz=utc&cols=started_at,mva,task_type,location&summary=open";
    await openTasks(page, saved);
    const menuButton = page.getByText("Views", { exact: true });
    await menuButton.click();
    await page.getByLabel("Save the current view as").fill(name);
    await page.getByLabel(/^Share with everyone/).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(`Saved “${name}”.`)).toBeVisible();
    await page.getByRole("button", { name: `Copy link to “${name}”` }).click();
    const link = await page.getByLabel(`Link to “${name}”`).inputValue();
    expect(link).toMatch(/\/tasks\?view=[0-9a-f-]{36}$/);
    await checkEachTheme(page, testInfo, "views-menu");

    // A rename asked in place: Esc cancels it and leaves the menu open; either answer puts the focus
    // back on the button that asked.
    const rename = page.getByRole("button", { name: `Rename “${name}”` });
    await rename.click();
    await expect(page.getByLabel("New name")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("New name")).toHaveCount(0);
    await expect(page.getByLabel("Save the current view as")).toBeVisible();
    await expect(rename).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByLabel("New name").press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Renamed to “${name}”.` })).toBeVisible();
    await expect(rename).toBeFocused();

    const expectSaved = async () => {
      for (const part of saved.split("&"))
        await expect(page).toHaveURL(new RegExp(`[?&]${part.replaceAll(",", "(,|%2C)")}(&|$)`));
      await expect.poll(() => columnLabels(page)).toEqual(["Started (UTC)", "MVA", "Task type", "Location"]);
      await expect(page.getByRole("button", { name: "Summary" })).toHaveAttribute("aria-expanded", "true");
    };
    await page.keyboard.press("Escape");
    await openTasks(page, "range=7d");
    await menuButton.click();
    await page.getByRole("button", { name: `Open the view ${name}` }).click();
    await expectSaved();

    await page.goto(link);
    await expectSaved();
    await expect(page).not.toHaveURL(/view=/);

    await menuButton.click();
    const remove = page.getByRole("button", { name: `Delete “${name}”` });
    await remove.click();
    await expect(page.getByRole("button", { name: "Keep" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(remove).toBeFocused();
    await remove.click();
    await page
      .getByRole("group", { name: `Delete “${name}”?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText(`Deleted “${name}”.`)).toBeVisible();
    await page.goto(link);
    await expect(page.getByTestId("view-notice")).toContainText("No saved view");
    await expect(page).toHaveURL(/\/tasks$/);
    expect(errors).toEqual([]);
  });
});

test("a location's ID, time zone and local time each stay on one line, then locations list the local time and open their tasks", async ({
  page,
}) => {
  await page.goto(dashboardUrl("/locations"));
  const table = page.getByRole("table");

  await test.step("a location's ID, time zone and local time each stay on one line", async () => {
    await expect(table.getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+$/,
    );
    // Rendered lines of each cell's text: one box per line it occupies.
    const lines = await table.locator("tbody tr").evaluateAll((rows) =>
      rows.flatMap((row) =>
        [1, 3, 4].map((column) => {
          const cell = row.children[column];
          const range = document.createRange();
          if (cell) range.selectNodeContents(cell);
          return { text: cell?.textContent ?? "", lines: range.getClientRects().length };
        }),
      ),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((cell) => cell.lines !== 1)).toEqual([]);
  });

  await test.step("locations list the local time and open their tasks", async () => {
    await expect(table.getByRole("row")).not.toHaveCount(1);
    await expect(table.getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} /,
    );
    const link = table.getByRole("link").first();
    const name = (await link.textContent()) ?? "";
    await link.click();
    await expect(page).toHaveURL(/\/tasks\?location_id=/);
    await expect(multiFilter(page, "location_id").locator("summary")).toHaveAttribute("title", name);
  });
});

test("a signed-in page's first Tab stop skips the header, then a click anywhere on a location's row opens its tasks, and a middle-click in a new tab", async ({
  page,
}) => {
  await test.step("a signed-in page's first Tab stop skips the header: to the tasks table's skip, or into the page", async () => {
    await openTasks(page, "range=30d");
    await expect(renderedRows(page).first()).toBeVisible({ timeout: LOAD_TIMEOUT });
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#content")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to the tasks table" })).toBeFocused();

    await page.goto(dashboardUrl("/locations"));
    await expect(page.getByRole("table")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // The header's links come before #content, so a stop inside it has passed them all.
    await expect(page.locator("#content :focus")).toHaveCount(1);
  });

  // Still on /locations: the focus the keys left inside the page is no part of what a click does.
  await test.step("a click anywhere on a location's row opens its tasks, and a middle-click opens them in a new tab", async () => {
    const row = page.getByRole("row").filter({ hasText: "loc_lax_airport" });
    const address = row.getByRole("cell").nth(2);
    // Below the fold on a shorter screen: bring it into view first, as a person would scroll to it.
    await address.scrollIntoViewIfNeeded();
    // A person clicks the cell, wherever the link's own box ends: the mouse, not an element handle.
    const box = await address.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    const newTab = page.context().waitForEvent("page");
    await page.mouse.click(middle.x, middle.y, { button: "middle" });
    await expect(await newTab).toHaveURL(/\/tasks\?location_id=loc_lax_airport$/);
    await expect(page).toHaveURL(/\/locations$/);

    await page.mouse.click(middle.x, middle.y);
    await expect(page).toHaveURL(/\/tasks\?location_id=loc_lax_airport$/);
    await expect(multiFilter(page, "location_id").locator("summary")).toHaveAttribute(
      "title",
      "Los Angeles International Airport (LAX)",
    );
  });
});

test("in location time the rows read in true time order: the header says so and each time shows its offset", async ({
  page,
}) => {
  await openTasks(page, "range=30d&tz=location");
  await expect(grid(page).getByRole("columnheader").first()).toHaveText(/^Started \(location time\)/);
  await expect(page.getByTestId("time-order-note")).toContainText("true time order");
  const texts = await columnTexts(page, "Started (location time)");
  expect(texts.length).toBeGreaterThan(10);
  const shown = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC([+-]\d{2}:\d{2})$/;
  const instants = texts.map((text) => {
    const [, day, time, offset] = shown.exec(text) ?? [];
    expect(offset, `"${text}" shows its UTC offset`).toBeDefined();
    return Date.parse(`${day}T${time}:00${offset}`);
  });
  // Newest first, read as a person would: each wall time with its offset.
  instants.slice(1).forEach((instant, index) => expect(instant).toBeLessThanOrEqual(instants[index] ?? 0));
  expect(new Set(texts.map((text) => text.slice(-9))).size, "rows from several zones").toBeGreaterThan(1);
});
