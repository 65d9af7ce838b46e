// Both exports, read back as a spreadsheet would: RFC 4180, a BOM, the table's columns for the
// visible rows, every matching task for "all", and no formula a spreadsheet would run.
import { type Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { signedIn } from "../support/session";
import { parseCsv } from "../../test/bff/support/csv";
import { HOSTILE_TASK } from "./hostile-task";
import { downloaded, expectSheetShows, tasksSheet } from "./export-files";
import { paceExportStream } from "./slow-export-stream";
import {
  columnLabels,
  columnTexts,
  grid,
  openTasks,
  recordTaskPages,
  rowCount,
  LOAD_TIMEOUT,
  scrollUntilLoaded,
} from "./task-grid";

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

/** Excel reads a CSV as UTF-8 only when it starts with these bytes. */
const UTF8_BOM_BYTES = [0xef, 0xbb, 0xbf];

test("both exports name and order their columns alike, and Started names its zone", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d&tz=location");
  const loaded = await scrollUntilLoaded(page, 200);

  const visible = await downloaded(page, () =>
    page.getByRole("button", { name: /^Export visible rows/ }).click(),
  );
  expect(visible.file.suggestedFilename()).toMatch(
    /^tasks_visible_.*_exported-\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/,
  );
  expect([...visible.bytes.subarray(0, 3)]).toEqual(UTF8_BOM_BYTES);
  const all = await downloaded(page, () => page.getByRole("button", { name: "Export all matching" }).click());
  const [header = [], ...rows] = parseCsv(visible.text.slice(1));
  const [allHeader = []] = parseCsv(all.text.slice(1));
  // Every column shown: the two files have the same columns, named and ordered alike.
  expect(header).toEqual(allHeader);
  expect(header).toContain("Started (location time)");
  expect(header).toContain("Started (UTC)");
  expect(rows).toHaveLength(loaded);

  const tasks = (await record.read()).pages.flat();
  const column = (label: string) => header.indexOf(label);
  rows.forEach((row, index) => {
    const task = tasks[index];
    expect(row[column("Task ID")]).toBe(task?.id);
    expect(row[column("MVA")]).toBe(task?.mva);
    expect(row[column("Location")]).toBe(task?.location.name);
    expect(row[column("Started (UTC)")]).toBe(task?.started_at);
    expect(new Date(row[column("Started (location time)")] ?? "").toISOString()).toBe(task?.started_at);
  });

  // Fewer columns, in another order and zone: the same names, in the files' one order.
  await openTasks(page, "range=30d&tz=utc&cols=mva,started_at,location");
  expect(await columnLabels(page)).toEqual(["MVA", "Started (UTC)", "Location"]);
  const narrow = await downloaded(page, () =>
    page.getByRole("button", { name: /^Export visible rows/ }).click(),
  );
  const [narrowHeader] = parseCsv(narrow.text.slice(1));
  expect(narrowHeader).toEqual(["Started (UTC)", "MVA", "Location ID", "Location", "Time zone"]);
  expect(allHeader.filter((label) => narrowHeader?.includes(label))).toEqual(narrowHeader);
});

test("export visible rows as XLSX holds the cells the table shows, dates in its zone, under a frozen header", async ({
  page,
}) => {
  await openTasks(page, "range=30d&tz=location&cols=started_at,task_type,status,mva,location,odometer_miles");
  const loaded = await scrollUntilLoaded(page, 1);
  await page.getByLabel("Export format").selectOption("xlsx");
  const { file, bytes } = await downloaded(page, () =>
    page.getByRole("button", { name: /^Export visible rows/ }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^tasks_visible_.*_exported-\d{4}-\d{2}-\d{2}T\d{4}Z\.xlsx$/);
  const sheet = await tasksSheet(bytes);
  const labels = await columnLabels(page);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(labels);
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  expect(sheet.rowCount).toBe(loaded + 1);

  // The rows the grid has drawn (it is virtual), from the first, cell by cell.
  const shown = await Promise.all(labels.map((label) => columnTexts(page, label)));
  const drawn = shown[0]?.length ?? 0;
  expect(drawn).toBeGreaterThan(5);
  const rowsShown = Array.from({ length: drawn }, (_, row) => shown.map((texts) => texts[row] ?? ""));
  expectSheetShows(sheet, labels, rowsShown);
});

test("a hostile value is neutralised in both exports", async ({ page }) => {
  await openTasks(page, `range=24h&mva=${HOSTILE_TASK.mva}`);
  await expect(rowCount(page)).toHaveAttribute("data-loaded", "1");
  const visible = await downloaded(page, () =>
    page.getByRole("button", { name: /^Export visible rows/ }).click(),
  );
  const all = await downloaded(page, () => page.getByRole("button", { name: "Export all matching" }).click());
  for (const { text } of [visible, all]) {
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const cells = parseCsv(text.slice(1)).flat();
    expect(cells).toContain(`'${HOSTILE_TASK.task_type}`);
  }
});

test("export all matching streams every matching task, with progress", async ({ page }) => {
  const record = recordTaskPages(page);
  await openTasks(page, "range=30d&task_type=oil_change");
  const loaded = await scrollUntilLoaded(page, 10_000);
  await expect(rowCount(page)).toHaveAttribute("data-complete", "true");

  const { file, bytes, text } = await downloaded(page, () =>
    page.getByRole("button", { name: "Export all matching" }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^tasks_oil_change_.*\.csv$/);
  expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM_BYTES);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header?.[0]).toBe("Task ID");
  expect(header).toContain("Started (UTC)");
  expect(rows).toHaveLength(loaded);
  const ids = new Set((await record.read()).pages.flat().map((task) => task.id));
  for (const row of rows) expect(ids.has(row[0] ?? "")).toBe(true);
  await expect(
    page.getByRole("status").filter({ hasText: `Exported ${loaded.toLocaleString("en-US")} rows` }),
  ).toBeVisible();
});

test("export all matching shows how far it is, an estimate, and when it waits, without moving the table", async ({
  page,
}) => {
  await paceExportStream(page, { pieceBytes: 4_096, pauseMs: 250, stallAfterPiece: 3, stallMs: 4_000 });
  // The progress bar is the live path's: an export of a list the mirror answers is written at once.
  // The sandbox lies wholly inside the mirror's horizon, so the list is made to read as live.
  await page.route(/\/api\/tasks\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, source: "live", total: null } });
  });
  // The list is chosen in the page, so the browser asks for its first page (the server sends the
  // first page of a list opened by its address with the page) and the rewrite above applies to it.
  await openTasks(page, "range=7d");
  await Promise.all([
    page.waitForResponse((response) => /\/api\/tasks\?/.test(response.url())),
    page.getByRole("combobox", { name: "Range" }).selectOption({ label: "Last 30 days" }),
  ]);
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  const tableTop = async () => (await grid(page).boundingBox())?.y;
  const before = await tableTop();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all matching" }).click();

  const bar = page.getByRole("progressbar", { name: /^Export progress/ });
  await expect(bar).toBeVisible();
  expect(await tableTop()).toBe(before);
  // Determinate as soon as a row tells how far through the time window the export is.
  await expect(bar).toHaveAttribute("value", /^0\.\d+$/);
  await expect(page.getByTestId("export-estimate")).toHaveText(
    /^Time left: (about \d+ (s|min)|a few seconds) \(estimate, \d+% of the time window done\)$/,
  );
  // The paced stream stalls for 4 s: the panel says it waits (for what depends on the budget).
  const waiting = page.getByTestId("export-waiting");
  await expect(waiting).toHaveText(/^No new rows for \d+ s: waiting for the /, { timeout: 10_000 });
  // The wait ends when rows come again.
  await expect(waiting).toBeHidden();
  expect(await tableTop()).toBe(before);

  await expectHeadersUncovered(page);

  await download;
  await expect(page.getByRole("status").filter({ hasText: /^Exported [\d,]+ rows/ })).toBeVisible();
  expect(await tableTop()).toBe(before);
  // The finished report stays until dismissed: it must not hide what the table's columns are.
  await expectHeadersUncovered(page);
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByTestId("export-panel")).toBeHidden();
});

/** The export's panel leaves the table's header row in view. */
async function expectHeadersUncovered(page: Page): Promise<void> {
  const panel = await page.getByTestId("export-panel").boundingBox();
  const header = await grid(page).locator("[role=row][aria-rowindex='1']").boundingBox();
  expect(panel && header, "the panel and the header row are on screen").toBeTruthy();
  if (!panel || !header) return;
  const overlaps =
    panel.x < header.x + header.width &&
    header.x < panel.x + panel.width &&
    panel.y < header.y + header.height &&
    header.y < panel.y + panel.height;
  expect(overlaps, "the export panel covers the table's header row").toBe(false);
}
