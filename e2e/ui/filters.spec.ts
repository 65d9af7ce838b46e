// Each filter narrows the rows to matching ones and is written into the URL; back and forward
// walk through the views; a window longer than the service allows is refused in words.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import {
  expectEveryRow,
  LOAD_TIMEOUT,
  grid,
  loadedCount,
  openTasks,
  recordTaskPages,
  renderedRows,
  rowCount,
  textFilter,
} from "./task-grid";
import { multiFilter, toggleValues, valueBox } from "./table-controls";

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

test("location, MVA, vehicle and task type each narrow the rows and land in the URL", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d");
  const first = (await record.read()).pages[0]?.[0];
  expect(first, "the sandbox has tasks in the last 30 days").toBeDefined();
  if (!first) return;

  await toggleValues(page, "location_id", [first.location.name]);
  await expect(page).toHaveURL(new RegExp(`location_id=${first.location.id}`));
  await expectEveryRow(page, "Location", first.location.name);

  await toggleValues(page, "location_id", [first.location.name]);
  await expect(page).not.toHaveURL(/location_id=/);
  await textFilter(page, "MVA").fill(first.mva);
  await expect(page).toHaveURL(new RegExp(`mva=${first.mva}`));
  await expectEveryRow(page, "MVA", first.mva);

  await textFilter(page, "MVA").fill("");
  await textFilter(page, "Vehicle").fill(first.vehicle_id);
  await expect(page).toHaveURL(new RegExp(`vehicle_id=${first.vehicle_id}`));
  await expect(page).not.toHaveURL(/mva=/);
  await expectEveryRow(page, "Vehicle", first.vehicle_id);

  await textFilter(page, "Vehicle").fill("");
  await expect(page).not.toHaveURL(/vehicle_id=/);
  await toggleValues(page, "task_type", ["Oil change"]);
  await expect(page).toHaveURL(/task_type=oil_change/);
  await expectEveryRow(page, "Task type", "Oil change");

  // What the browser asked for carried the filters; nothing else came back.
  const lastQuery = (await record.read()).urls.at(-1);
  expect(lastQuery?.searchParams.get("task_type")).toBe("oil_change");
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  for (const task of (await record.read()).pages.at(-1) ?? []) expect(task.task_type).toBe("oil_change");
});

test("a preset range stays relative in the URL and bounds the rows", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page);
  await page.getByLabel("Range").selectOption({ label: "Last 24 hours" });
  await expect(page).toHaveURL(/range=24h/);
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  const since = Date.now() - 24 * 3_600_000 - 120_000;
  for (const task of (await record.read()).pages.at(-1) ?? [])
    expect(Date.parse(task.started_at)).toBeGreaterThan(since);
  await expect(page.getByTestId("picker-zone")).toContainText("Times in");
});

test("a preset chosen again, or Refresh, moves the window to end now", async ({ page }) => {
  await page.clock.install();
  const record = recordTaskPages(page);
  await openTasks(page, "range=24h");
  // How far the latest first page (no cursor) of a 24-hour list ends after the first one.
  const firstPageEnds = async () =>
    (await record.read()).urls
      .filter((url) => !url.searchParams.has("cursor"))
      .filter((url) => {
        const span =
          Date.parse(url.searchParams.get("to") ?? "") - Date.parse(url.searchParams.get("from") ?? "");
        return span === 24 * 3_600_000;
      })
      .map((url) => Date.parse(url.searchParams.get("to") ?? ""));
  const firstTo = Math.max(...(await firstPageEnds()));
  const latestShift = async () => Math.max(...(await firstPageEnds())) - firstTo;

  // Three hours in an open tab, then the same preset chosen again: it ends now, not three hours ago.
  await page.clock.fastForward("03:00:00");
  await page.getByLabel("Range").selectOption({ label: "Last 7 days" });
  await expect(page).not.toHaveURL(/range=24h/);
  await page.getByLabel("Range").selectOption({ label: "Last 24 hours" });
  await expect.poll(latestShift, { timeout: LOAD_TIMEOUT }).toBeGreaterThanOrEqual(3 * 3_600_000 - 60_000);

  // An hour later, Refresh moves the same list to end now; the URL stays relative.
  await page.clock.fastForward("01:00:00");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect.poll(latestShift, { timeout: LOAD_TIMEOUT }).toBeGreaterThanOrEqual(4 * 3_600_000 - 60_000);
  await expect(page).toHaveURL(/range=24h$/);
});

test("an MVA the service would refuse is explained beside the field and not sent", async ({ page }) => {
  await page.clock.install();
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d");
  const before = (await record.read()).urls.length;
  await textFilter(page, "MVA").fill("123 456");
  await expect(page.getByRole("alert").filter({ hasText: "An MVA is letters, digits" })).toBeVisible();
  await expect(textFilter(page, "MVA")).toHaveAttribute("aria-invalid", "true");
  // Past the debounce at once; then a list asked for afterwards carries whatever the field committed.
  await page.clock.runFor(1_000);
  await page.getByLabel("Range").selectOption({ label: "Last 7 days" });
  await expect(page).not.toHaveURL(/range=30d/);
  await expect
    .poll(async () => (await record.read()).urls.length, { timeout: LOAD_TIMEOUT })
    .toBeGreaterThan(before);
  const sent = (await record.read()).urls.slice(before);
  expect(sent.filter((url) => url.searchParams.has("mva"))).toEqual([]);
  await expect(page).not.toHaveURL(/mva=/);
});

test("a partial task type that matches nothing offers the full ones", async ({ page }) => {
  await openTasks(page, "range=30d&task_type=Oil%20change");
  const empty = page.getByTestId("empty-state");
  await expect(empty).toHaveAttribute("data-hydrated", "true", { timeout: LOAD_TIMEOUT });
  await empty.getByRole("button", { name: "oil_change" }).click();
  await expect(page).toHaveURL(/task_type=oil_change/);
  await expectEveryRow(page, "Task type", "Oil change");
});

test("a window over the service's limit is refused with a clear message and no request", async ({ page }) => {
  const record = recordTaskPages(page);
  await page.goto(dashboardUrl("/tasks?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z"));
  await expect(page.getByText(/The window may span at most 92 days/)).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  expect((await record.read()).urls).toHaveLength(0);
});

test("back and forward restore the filters, the rows and the scroll position without refetching", async ({
  page,
}) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d");
  const firstPageCount = await loadedCount(page);
  await grid(page).evaluate((element) => element.scrollTo({ top: 1200 }));
  // Near the end of the first page, the next is fetched ahead of need. The scroll is handled a
  // frame later, so the network being quiet now says nothing: wait for that page itself.
  await expect.poll(() => loadedCount(page), { timeout: LOAD_TIMEOUT }).toBeGreaterThan(firstPageCount);
  await expect(grid(page)).toHaveAttribute("aria-busy", "false");
  const firstShown = await renderedRows(page).first().getAttribute("data-task-id");
  const countBefore = await loadedCount(page);

  await toggleValues(page, "task_type", ["Brake inspection"]);
  await expect(page).toHaveURL(/task_type=brake_inspection/);
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  expect(await grid(page).evaluate((element) => element.scrollTop)).toBe(0);
  const requestsBeforeBack = (await record.read()).urls.length;

  await page.goBack();
  await expect(page).not.toHaveURL(/task_type=/);
  await expect(multiFilter(page, "task_type").locator("summary")).toHaveText(/Any task type/);
  expect(await loadedCount(page)).toBe(countBefore);
  await expect.poll(() => grid(page).evaluate((element) => Math.round(element.scrollTop))).toBe(1200);
  await expect(renderedRows(page).first()).toHaveAttribute("data-task-id", firstShown ?? "");

  await page.goForward();
  await expect(page).toHaveURL(/task_type=brake_inspection/);
  await expect(multiFilter(page, "task_type").locator("summary")).toHaveAttribute(
    "title",
    "Brake inspection",
  );
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  expect((await record.read()).urls.length, "cached pages are not asked for again").toBe(requestsBeforeBack);
});

test("a long location list narrows to what is typed in its search box, then is in name order and names the chosen one in full", async ({
  page,
}) => {
  await openTasks(page);
  const filter = multiFilter(page, "location_id");

  await test.step("a long location list narrows to what is typed in its search box", async () => {
    await filter.locator("summary").click();
    await expect(filter.locator("label").first()).toBeVisible();
    const all = await filter.locator("label").count();
    await filter.getByRole("searchbox", { name: "Find a location" }).fill("Los Angeles");
    await expect(filter.locator("label")).toHaveCount(2);
    await filter.getByRole("searchbox", { name: "Find a location" }).fill("Zürich");
    await expect(filter.locator("label")).toHaveCount(1);
    await filter.getByRole("searchbox", { name: "Find a location" }).fill("");
    await expect(filter.locator("label")).toHaveCount(all);
  });

  // The list is still open, its search emptied: every location shows, as on opening it.
  await test.step("the location list is in name order and names the chosen one in full", async () => {
    await expect(filter.locator("label").first()).toBeVisible();
    const names = await filter
      .locator("label")
      .evaluateAll((labels) => labels.map((label) => label.querySelector("span")?.textContent ?? ""));
    expect(names.length).toBeGreaterThan(1);
    expect(names[0]).toBe("Atlanta, Midtown");
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));

    const longName = "Los Angeles International Airport (LAX)";
    await valueBox(page, "location_id", longName).click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/location_id=loc_lax_airport/);
    await expect(filter.locator("summary")).toHaveAttribute("title", longName);
  });
});

test("bad filter values in a link are named with what is shown instead, and the link is corrected", async ({
  page,
}) => {
  const cases = [
    {
      query: "from=garbage&to=2026-11-01T00:00:00Z",
      says: /"from" in the link \(garbage\) is not a date and time; showing Last 7 days instead/,
      gone: /from=/,
    },
    {
      query: "from=2026-11-01T00:00:00Z",
      says: /The link has a "from" but no "to"; showing Last 7 days instead/,
      gone: /from=/,
    },
    {
      query: "range=999d",
      says: /"range" in the link \(999d\) is not one of Today, Yesterday, This week, Last week, This month, Last month, Last 24 hours, Last 7 days, Last 30 days; showing Last 7 days instead/,
      gone: /range=/,
    },
    {
      query: "range=30d&mva=10000001&mva=10000002",
      says: /The link gives "mva" 2 times \(10000001, 10000002\); showing MVA 10000001 only/,
      gone: /mva=10000002/,
    },
  ];
  for (const { query, says, gone } of cases) {
    await page.goto(dashboardUrl(`/tasks?${query}`));
    await expect(page.getByTestId("link-problems")).toContainText(says, { timeout: LOAD_TIMEOUT });
    // The address now says what is shown, so a copied link shows the same.
    await expect(page).not.toHaveURL(gone);
    await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  }
  await expect(page).toHaveURL(/mva=10000001/);
  // The next choice a person makes puts the note away.
  await page.getByLabel("Range").selectOption({ label: "Last 24 hours" });
  await expect(page.getByTestId("link-problems")).toHaveCount(0);
});

test("an MVA in a link that the service would refuse is reported once and never sent", async ({ page }) => {
  const record = recordTaskPages(page);
  await page.goto(dashboardUrl("/tasks?range=30d&mva=123%20456"));
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  await expect(page.getByTestId("link-problems")).toContainText(
    /"mva" in the link \(123 456\) is not an MVA.*showing every MVA instead/,
  );
  await expect(page.getByTestId("list-error")).toHaveCount(0);
  await expect(textFilter(page, "MVA")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: /MVA/ })).toHaveCount(0);
  for (const url of (await record.read()).urls) expect(url.searchParams.has("mva")).toBe(false);
});

test("at 390 px the filters fold behind a toggle that sums them up, so the table shows many rows", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTasks(page, "range=30d&task_type=oil_change");
  const toggle = page.getByRole("button", { name: /^Filters/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).toContainText("Last 30 days");
  await expect(toggle).toContainText("oil_change");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("search", { name: "Filter tasks" })).toBeHidden();
  await expect(renderedRows(page).first()).toBeVisible();
  const wholeRows = await grid(page).evaluate((element) => {
    const header = element.querySelector("[aria-rowindex='1']")?.getBoundingClientRect();
    const bottom = Math.min(element.getBoundingClientRect().bottom, window.innerHeight);
    return [...element.querySelectorAll("[role=row][data-index]")].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= (header?.bottom ?? 0) - 1 && box.bottom <= bottom + 1;
    }).length;
  });
  expect(wholeRows, "rows wholly in view at 390 x 844").toBeGreaterThanOrEqual(10);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Range")).toBeVisible();
  await page.getByLabel("Range").selectOption({ label: "Last 7 days" });
  await expect(page).not.toHaveURL(/range=30d/);
});

/** Whatever of the filters and the table's header a window's width cuts, in words. */
async function whatIsCut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) =>
      element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
    const form = document.querySelector("form[role=search]");
    if (form && getComputedStyle(form).display !== "none") {
      for (const child of form.children)
        if (child.getBoundingClientRect().right > document.documentElement.clientWidth)
          problems.push(`"${name(child)}" reaches past the window's edge`);
      for (const summary of form.querySelectorAll("summary")) {
        const line = parseFloat(getComputedStyle(summary).lineHeight);
        const padding = parseFloat(getComputedStyle(summary).paddingTop) * 2 + 2;
        if (summary.getBoundingClientRect().height > line + padding + 1)
          problems.push(`"${name(summary)}" takes two lines`);
      }
      const measure = document.createElement("canvas").getContext("2d")!;
      for (const input of form.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
        const style = getComputedStyle(input);
        measure.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (measure.measureText(input.placeholder).width > room)
          problems.push(`the placeholder "${input.placeholder}" is cut`);
      }
    }
    for (const header of document.querySelectorAll("[role=columnheader]")) {
      const label = header.querySelector("button, span");
      if (label && label.scrollWidth > label.clientWidth) problems.push(`the header "${name(label)}" is cut`);
    }
    return problems;
  });
}

// One load at the wide width, then the window narrowed: the filters fold by CSS alone (sm:hidden,
// sm:flex), and the grid's columns follow the width as it changes, so nothing is read of the width
// only at load.
test("at 1280 px, then at 390 px, no filter, placeholder or column header is cut, with a long location chosen", async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await test.step(`at ${width} px no filter, placeholder or column header is cut, with a long location chosen`, async () => {
      await page.setViewportSize({ width, height: 800 });
      // Sorted by the odometer, whose header then carries the sort's arrow too.
      if (width === 1280)
        await openTasks(page, "range=30d&location_id=loc_lax_airport&sort=odometer_miles&order=desc");
      await expect(page.locator('[role=columnheader][data-column="odometer_miles"]')).toHaveAttribute(
        "aria-sort",
        "descending",
      );
      await expect(multiFilter(page, "location_id").locator("summary")).toHaveAttribute(
        "title",
        "Los Angeles International Airport (LAX)",
      );
      // At 390 px the filters fold behind their toggle.
      if (width === 390) await page.getByRole("button", { name: /^Filters/ }).click();
      expect(await whatIsCut(page), `cut at ${width} px`).toEqual([]);
    });
  }
});
