// The summary panel on /tasks: opened from its button (and kept in the URL), its charts filter the
// table when clicked, to exactly the count they showed; axe finds nothing with it open in either
// theme, and each state is saved as a screenshot for a person to look at.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { signedIn } from "../support/session";
import { checkEachTheme } from "./axe-check";
import { LOAD_TIMEOUT, expectEveryRow, openTasks, rowCount } from "./task-grid";

/** The summary needs the task mirror, which fills at the dashboard's start: give it that time. */
const MIRROR_TIMEOUT = 180_000;

const DAY_MS = 86_400_000;

const figure = (page: Page, testId: string) => page.getByTestId(testId);

/**
 * The 30 days to this minute as a window of its own, in UTC. A preset's window moves with the
 * minute, so a click landing in the next minute would read the table over another window than the
 * chart counted; this one holds still.
 */
function lastThirtyDays(): string {
  const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  return `from=${new Date(to.getTime() - 30 * DAY_MS).toISOString()}&to=${to.toISOString()}&tz=utc`;
}

/** Opens /tasks with `query` and the panel by its button, then waits for the charts. */
async function openSummary(page: Page, query: string): Promise<void> {
  await openTasks(page, query);
  await openPanel(page);
}

/** Opens the panel of the list shown by its button, then waits for the charts. */
async function openPanel(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: "Summary" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page).toHaveURL(/summary=open/);
  await expect(page.getByTestId("summary-charts")).toBeVisible({ timeout: MIRROR_TIMEOUT });
  await expect(figure(page, "summary-days").locator("canvas").first()).toBeVisible();
}

/** The table shows "1–100 of N" for the filters now in the URL, N the count a chart showed. */
async function expectTableTotal(page: Page, count: number): Promise<void> {
  await expect(rowCount(page)).toHaveAttribute("data-total", String(count), { timeout: LOAD_TIMEOUT });
  await expect(rowCount(page)).toContainText(`of ${count.toLocaleString("en-US")}`);
}

/** The count a bar's button announces ("Car wash: 75 tasks. Show them"). */
async function announcedCount(button: Locator): Promise<number> {
  const label = (await button.getAttribute("aria-label")) ?? "";
  return Number(/: ([\d,]+) tasks/.exec(label)?.[1]?.replace(/,/g, "") ?? "NaN");
}

/** The scripts the page receives that hold uPlot, from the moment this is called. */
function uplotScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    void response
      .text()
      .then((text) => {
        // uPlot's own class names: a script that holds them holds uPlot.
        if (text.includes("u-cursor-pt")) scripts.push(response.url());
      })
      .catch(() => {});
  });
  return scripts;
}

/** Points at the chart from left to right until the readout names a day with tasks. */
async function pointAtBusyBar(
  page: Page,
  over: Locator,
): Promise<{ day: string; count: number; x: number; y: number }> {
  const box = await over.boundingBox();
  if (!box) throw new Error("the chart has no plotting area");
  const readout = page.getByTestId("day-chart-readout");
  for (const fraction of [0.5, 0.3, 0.7, 0.1, 0.9]) {
    const x = box.x + box.width * fraction;
    const y = box.y + box.height - 2;
    await page.mouse.move(x, y);
    const text = (await readout.textContent()) ?? "";
    const match = /^(\d{4}-\d{2}-\d{2}): ([\d,]+) tasks/.exec(text);
    const count = Number(match?.[2]?.replace(/,/g, "") ?? "0");
    if (match?.[1] && count > 0) return { day: match[1], count, x, y };
  }
  throw new Error("no bar with tasks under the pointer");
}

test.describe("summary panel", () => {
  test.describe.configure({ timeout: MIRROR_TIMEOUT + 60_000 });

  test.beforeEach(async ({ page }) => {
    await signedIn(page);
  });

  test("a bar's click filters the table to the count the bar showed", async ({ page }) => {
    await openSummary(page, "range=30d&tz=utc");
    const days = figure(page, "summary-days");
    const bar = await pointAtBusyBar(page, days.locator(".u-over"));

    await page.mouse.click(bar.x, bar.y);
    // The window is the day in the chart's zone (UTC here): a day inside the 30 days, all of it.
    const next = new Date(Date.parse(`${bar.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await expect(page).toHaveURL(
      new RegExp(`from=${bar.day}T00%3A00%3A00.000Z&to=${next}T00%3A00%3A00.000Z`),
    );
    await expectTableTotal(page, bar.count);
    // The panel follows the table's filters: the same tasks, counted again.
    await expect(figure(page, "summary-status").getByRole("heading")).toHaveText(
      `Tasks by status (${bar.count.toLocaleString("en-US")} in all)`,
      { timeout: LOAD_TIMEOUT },
    );
    await expect(page).toHaveURL(/summary=open/);
  });

  test("a task type's bar filters the table by its raw code; its label is readable", async ({ page }) => {
    await openSummary(page, lastThirtyDays());
    const first = figure(page, "summary-task-types").getByRole("listitem").first().getByRole("button");
    const code = (await first.getAttribute("title")) ?? "";
    expect(code, "the tooltip holds the raw code").toMatch(/^[a-z_]+$/);
    // Known codes read as words ("oil_change" is "Oil change"), never as the code.
    const label = (await first.locator("span span").first().textContent()) ?? "";
    expect(label).not.toContain("_");
    const count = await announcedCount(first);

    await first.click();
    await expect(page).toHaveURL(new RegExp(`task_type=${code}(&|$)`));
    await expectTableTotal(page, count);
    await expectEveryRow(page, "Task type", label);
  });

  test("a status's and a location's bar each filter the table to their count", async ({ page }) => {
    await openSummary(page, lastThirtyDays());
    const completed = figure(page, "summary-status").getByRole("button", { name: /^Completed: / });
    const count = await announcedCount(completed);
    await completed.click();
    await expect(page).toHaveURL(/status=completed(&|$)/);
    await expectTableTotal(page, count);

    // Within the completed tasks now: the busiest location's bar.
    const location = figure(page, "summary-locations").getByRole("listitem").first().getByRole("button");
    await expect(figure(page, "summary-status").getByRole("heading")).toHaveText(
      `Tasks by status (${count.toLocaleString("en-US")} in all)`,
      { timeout: LOAD_TIMEOUT },
    );
    const atLocation = await announcedCount(location);
    await location.click();
    await expect(page).toHaveURL(/location_id=[^&]+/);
    await expect(page).toHaveURL(/status=completed(&|$)/);
    await expectTableTotal(page, atLocation);
  });

  test("the day chart's table alternative lists each day and picks it from the keyboard", async ({
    page,
  }) => {
    // The table's days are those its window touches. Pinned to the minute (stable-window.ts), a
    // rolling 7 days touches 8 calendar days, but 7 when resolved in the minute after midnight.
    // The window is the one the page asks its summaries for: the panel's query may be answered
    // from the filter bar's (the same query), and the last one asked is this page's (not one late
    // from the page before the navigation), whose summaries all share the list's window.
    const asked: URLSearchParams[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/tasks/summary") asked.push(url.searchParams);
    });
    await openSummary(page, "range=7d&tz=utc");
    const days = figure(page, "summary-days");
    await days.getByRole("button", { name: "Show as table" }).click();
    const rows = days.getByRole("table").locator("tbody tr");
    const summaryQuery = asked.at(-1);
    expect(summaryQuery?.get("tz")).toBe("UTC");
    const [fromMs, toMs] = [
      Date.parse(summaryQuery?.get("from") ?? ""),
      Date.parse(summaryQuery?.get("to") ?? ""),
    ];
    expect(toMs - fromMs, "the last 7 days").toBe(7 * DAY_MS);
    const touched: string[] = [];
    for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day < toMs; day += DAY_MS)
      touched.push(new Date(day).toISOString().slice(0, 10));
    await expect(rows).toHaveCount(touched.length);
    await expect(rows.getByRole("button")).toHaveText(touched);
    // The latest day with tasks: just after midnight UTC, today's row may have none yet, and an
    // empty list says "No matching tasks" rather than a count (a CI run at 00:10 met that).
    const labels = await rows
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
    const picked = labels.findLastIndex((text) => !/Show the 0 tasks/.test(text));
    const [, count, day] = /Show the (\d+) tasks of (\S+)/.exec(labels[picked] ?? "") ?? [];
    const lastDay = rows.nth(picked).getByRole("button");
    await lastDay.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`from=${day}T`));
    await expectTableTotal(page, Number(count));
  });

  test("the URL opens the panel, and uPlot with it", async ({ page }) => {
    const uplot = uplotScripts(page);
    await openTasks(page, "range=7d&summary=open");
    await expect(page.getByTestId("summary-charts")).toBeVisible({ timeout: MIRROR_TIMEOUT });
    await expect(figure(page, "summary-days").locator("canvas").first()).toBeVisible();
    await expect.poll(() => uplot.length, "opening the panel loads uPlot").toBe(1);
  });
});

test("closed, the panel keeps uPlot out of the page, then the header names the counts shown while newer ones are counted, at their own age", async ({
  page,
}) => {
  test.setTimeout(MIRROR_TIMEOUT + 60_000);
  await signedIn(page);
  // Counts two hours old, so they are the oldest on the page; those of the next window wait. Set
  // before the list's load, whose filter bar asks for counts too.
  const old = new Date(Date.now() - 2 * 3_600_000).toISOString();
  let release: (() => void) | undefined;
  await page.route(/\/api\/tasks\/summary\?/, async (route) => {
    const asked = new URL(route.request().url()).searchParams;
    const days = (Date.parse(asked.get("to") ?? "") - Date.parse(asked.get("from") ?? "")) / DAY_MS;
    if (days > 7) await new Promise<void>((resolve) => (release = resolve));
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...((await response.json()) as object), as_of: old },
      headers: { ...response.headers(), "x-data-fetched-at": old },
    });
  });
  const uplot = uplotScripts(page);

  await test.step("closed, it keeps uPlot out of the page", async () => {
    await openTasks(page, "range=7d");
    await expect(page.getByRole("button", { name: "Summary" })).toHaveAttribute("aria-expanded", "false");
    expect(uplot, "uPlot is not loaded while the panel is closed").toEqual([]);
  });

  await test.step("the header names the counts shown while newer ones are counted, at their own age", async () => {
    await openPanel(page);
    const freshness = page.getByTestId("mirror-freshness").getByRole("button");
    await freshness.click();
    await expect(page.getByTestId("oldest-shown")).toHaveText(/^Counts, as of 2 h ago/);

    // Another window: every summary on the page is asked for again, and the panel keeps the counts
    // of the window before on the screen while it waits, and so their age in the header.
    await page.getByLabel("Range").selectOption({ label: "Last 30 days" });
    await expect.poll(() => release !== undefined).toBe(true);
    await expect(page.getByTestId("summary-charts")).toHaveAttribute("aria-busy", "true");
    // A choice from a list is no click elsewhere: the details may still be open.
    if ((await freshness.getAttribute("aria-expanded")) !== "true") await freshness.click();
    await expect(page.getByTestId("oldest-shown")).toHaveText(/^Counts, as of 2 h ago/);
    release!();
    await expect(page.getByTestId("summary-charts")).toHaveAttribute("aria-busy", "false");
  });
});

test.describe("summary panel in each theme", () => {
  test.describe.configure({ timeout: MIRROR_TIMEOUT + 120_000 });

  test("axe finds nothing with the panel open, as charts and as tables", async ({ page }, testInfo) => {
    await signedIn(page);
    await openSummary(page, "range=30d");
    await checkEachTheme(page, testInfo, "summary");

    for (const testId of ["summary-status", "summary-task-types", "summary-days", "summary-locations"]) {
      await figure(page, testId).getByRole("button", { name: "Show as table" }).click();
    }
    await expect(figure(page, "summary-days").getByRole("table")).toBeVisible();
    await checkEachTheme(page, testInfo, "summary-tables");
  });
});
