// Picking rows of the tasks table (click, Shift-click, keys, every loaded row, every matching
// task) and "Export selected" as CSV and XLSX, held against the rows the table shows. One walk
// through a page: each step builds on the picks of the one before.
import { expect, type Page } from "@playwright/test";
import { test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import { parseCsv } from "../../test/bff/support/csv";
import { checkEachTheme } from "./axe-check";
import { downloaded, expectSheetShows, tasksSheet } from "./export-files";
import { mirrorFilled } from "./planted-stack";
import {
  columnLabels,
  grid,
  LOAD_TIMEOUT,
  openTasks,
  renderedRows,
  rowCount,
  scrollUntilLoaded,
} from "./task-grid";

// Three exports, an axe pass in two themes, a list scrolled through, and at a dashboard's start
// the wait for its mirror: more than a minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

const status = (page: Page) => page.getByTestId("selection-status");
const exportSelected = (page: Page) => page.getByRole("button", { name: /^Export selected rows/ });
const box = (page: Page, index: number) => renderedRows(page).nth(index).getByRole("checkbox");
const headerBox = (page: Page) => page.getByRole("checkbox", { name: "Select all loaded rows" });

/** The indexes of the rows drawn as picked, from the rows' own state. */
const pickedIndexes = (page: Page) =>
  grid(page)
    .locator("[role=row][aria-selected=true]")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-index"))));

/** The picked rows' cells as the table shows them, in the table's order. */
const pickedTexts = (page: Page) =>
  grid(page)
    .locator("[role=row][aria-selected=true]")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("[role=gridcell]")].map((cell) => cell.textContent ?? "")),
    );

test("rows are picked by click, Shift-click and keys, exported as CSV and XLSX, every matching task too, until the list changes", async ({
  page,
}, testInfo) => {
  await signedIn(page);
  // The list is counted ("of 431") and XLSX written from the mirror: it must hold the window.
  await mirrorFilled(page.request, new URL(dashboardUrl("/")).origin);
  const listQueries: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/tasks") listQueries.push(url.searchParams);
  });
  // On a phone the three exports and the format stay on one line above the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await openTasks(page, "range=30d&tz=location");
  const exportTops = await page
    .getByRole("button", { name: /^Export (visible|selected|all)/ })
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(exportTops).toHaveLength(3);
  expect(new Set(exportTops).size, "the export buttons on one line").toBe(1);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Nothing picked: the export says why it waits.
  await expect(exportSelected(page)).toHaveAttribute("aria-disabled", "true");
  await expect(exportSelected(page)).toHaveAttribute("title", /^Nothing selected/);
  const ids = await renderedRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute("data-task-id")),
  );
  await expect(box(page, 0)).toHaveAccessibleName(`Select task ${ids[0]}`);

  // A click picks a row without opening it; Shift-click picks the rows up to another.
  await box(page, 0).click();
  await expect(status(page)).toHaveText("1 selected");
  await expect(page.getByTestId("task-drawer")).toHaveCount(0);
  await box(page, 3).click({ modifiers: ["Shift"] });
  await expect(status(page)).toHaveText("4 selected");
  expect(await pickedIndexes(page)).toEqual([0, 1, 2, 3]);
  await expect(headerBox(page)).toHaveJSProperty("indeterminate", true);

  // The clicked row is the current one: Space flips the row the arrows reach, Shift+↓ picks the
  // next, Shift+Space the rows from the last one touched; Enter still opens the task.
  await expect(renderedRows(page).nth(3)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(status(page)).toHaveText("5 selected");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(status(page)).toHaveText("6 selected");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Shift+Space");
  await expect(status(page)).toHaveText("8 selected");
  await page.keyboard.press("Space");
  await expect(status(page)).toHaveText("7 selected");
  expect(await pickedIndexes(page)).toEqual([0, 1, 2, 3, 5, 6, 7]);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("task-detail")).toHaveAttribute("data-task-id", ids[8] ?? "");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("task-drawer")).toHaveCount(0);
  await expect(status(page)).toHaveText("7 selected");
  const picked = [0, 1, 2, 3, 5, 6, 7].map((index) => ids[index]);

  // Export selected: those rows alone, in the table's order, as CSV and as the table shows them in XLSX.
  await expect(exportSelected(page)).toHaveText(/\(7\)$/);
  const csv = await downloaded(page, () => exportSelected(page).click());
  expect(csv.file.suggestedFilename()).toMatch(/^tasks_selected_.*\.csv$/);
  const [header = [], ...csvRows] = parseCsv(csv.text.slice(1));
  expect(csvRows.map((row) => row[header.indexOf("Task ID")])).toEqual(picked);

  await page.getByLabel("Export format").selectOption("xlsx");
  const xlsx = await downloaded(page, () => exportSelected(page).click());
  expect(xlsx.file.suggestedFilename()).toMatch(/^tasks_selected_.*\.xlsx$/);
  const sheet = await tasksSheet(xlsx.bytes);
  const labels = await columnLabels(page);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(labels);
  expect(sheet.rowCount).toBe(picked.length + 1);
  const shown = await pickedTexts(page);
  expect(shown).toHaveLength(picked.length);
  expectSheetShows(sheet, labels, shown);

  // Loading more rows keeps the picks. Ctrl+A on a row picks every loaded row, the header's box
  // then drops them all and picks them again; as more match, every matching task is offered.
  const loaded = await scrollUntilLoaded(page, 200);
  await expect(status(page)).toHaveText("7 selected");
  const loadedWords = loaded.toLocaleString("en-US");
  await renderedRows(page).first().focus();
  await page.keyboard.press("ControlOrMeta+a");
  await expect(status(page)).toHaveText(`All ${loadedWords} loaded rows selected.`);
  await expect(headerBox(page)).toBeChecked();
  await headerBox(page).click();
  await expect(grid(page).locator("[role=row][aria-selected=true]")).toHaveCount(0);
  await expect(exportSelected(page)).toHaveAttribute("aria-disabled", "true");
  await headerBox(page).click();
  await expect(status(page)).toHaveText(`All ${loadedWords} loaded rows selected.`);
  await expect(exportSelected(page)).toHaveText(new RegExp(`\\(${loadedWords}\\)$`));
  const total = Number(await rowCount(page).getAttribute("data-total"));
  expect(total).toBeGreaterThan(loaded);
  const matching = `${total.toLocaleString("en-US")} matching tasks`;
  await checkEachTheme(page, testInfo, "tasks-selected");
  const offer = page.getByRole("button", { name: `Select all ${matching}` });
  await expect(offer).toBeVisible();
  await offer.click();
  await expect(status(page)).toHaveText(`All ${matching} selected.`);
  await expect(page.getByRole("button", { name: "Clear selection" })).toBeFocused();

  // Then Export selected is the export of every matching task, of the same filters and sort.
  await page.getByLabel("Export format").selectOption("csv");
  const [request, all] = await Promise.all([
    page.waitForRequest((asked) => new URL(asked.url()).pathname === "/api/export", {
      timeout: LOAD_TIMEOUT,
    }),
    downloaded(page, () => exportSelected(page).click()),
  ]);
  const listQuery = listQueries.at(-1);
  expect(listQuery, "a page of the list was asked for while scrolling").toBeDefined();
  expect(queryOf(new URL(request.url()).searchParams, ["format"])).toEqual(
    queryOf(listQuery!, ["cursor", "limit"]),
  );
  expect(parseCsv(all.text.slice(1))).toHaveLength(total + 1);

  // Another time window is another list: the picks go, and the page says so.
  await page.getByRole("combobox", { name: "Range" }).selectOption({ label: "Last 7 days" });
  await expect(status(page)).toHaveText("Selection cleared: the list changed.");
  await expect(grid(page).locator("[role=row][aria-selected=true]")).toHaveCount(0);
  await expect(exportSelected(page)).toHaveAttribute("aria-disabled", "true");
});

/** A query's parameters but `without`, in one order. */
function queryOf(params: URLSearchParams, without: string[]): string[] {
  return [...params]
    .filter(([name]) => !without.includes(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort();
}
