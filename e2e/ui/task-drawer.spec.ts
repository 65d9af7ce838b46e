// The task drawer from the keyboard: one Esc closes it whatever led to the list (the skip link
// among it), focus goes back to the row it was opened from with the list where it was, and Tab and
// Shift+Tab stay inside the drawer while it is open.
import { type Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { signedIn } from "../support/session";
import { grid, openTasks, renderedRows } from "./task-grid";

const drawer = (page: Page) => page.getByTestId("task-drawer");
const focusedRow = (page: Page) => page.locator("[role=row][data-index]:focus");

/** Where a row sits in the window, and how far the grid is scrolled. */
async function rowPlace(page: Page, id: string) {
  const row = grid(page).locator(`[role=row][data-task-id="${id}"]`);
  const box = await row.boundingBox();
  return { top: box?.y, scrollTop: await grid(page).evaluate((element) => element.scrollTop) };
}

async function focusInsideDrawer(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.activeElement?.closest("[data-testid=task-drawer]") !== null && document.hasFocus(),
  );
}

test.beforeEach(async ({ page }) => {
  await signedIn(page);
  await openTasks(page, "range=30d");
});

test("skip link, j, Enter and one Esc leave the list unmoved, then a Ctrl-clicked id opens a new tab, then Tab and Shift+Tab cycle inside the drawer", async ({
  page,
  context,
}) => {
  await test.step("skip link, j, Enter, then one Esc closes the drawer, back on the same row, the list unmoved", async () => {
    await page.getByRole("button", { name: "Sign out" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to the tasks table" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(focusedRow(page)).toHaveAttribute("data-index", "0");
    await page.keyboard.press("j");
    await expect(focusedRow(page)).toHaveAttribute("data-index", "1");
    const id = (await focusedRow(page).getAttribute("data-task-id")) ?? "";
    const before = await rowPlace(page, id);

    await page.keyboard.press("Enter");
    await expect(drawer(page).getByTestId("task-detail")).toHaveAttribute("data-task-id", id);
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/tasks\?range=30d$/);
    await expect(focusedRow(page)).toHaveAttribute("data-task-id", id);
    expect(await rowPlace(page, id)).toEqual(before);
  });

  await test.step("a task id clicked with Ctrl or Cmd opens in a new tab, and leaves this one's list as it was", async () => {
    const row = renderedRows(page).first();
    const id = (await row.getAttribute("data-task-id")) ?? "";
    const [opened] = await Promise.all([
      context.waitForEvent("page"),
      row.getByRole("link", { name: id, exact: true }).click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await expect(opened).toHaveURL(new RegExp(`/tasks/${id}`));
    await opened.close();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/tasks\?range=30d$/);
  });

  await test.step("Tab and Shift+Tab cycle inside the open drawer", async () => {
    await renderedRows(page).first().focus();
    await page.keyboard.press("Enter");
    await expect(drawer(page).getByTestId("task-detail")).toBeVisible();
    await expect(drawer(page).getByRole("heading", { level: 2 })).toBeFocused();
    const stops = new Set<string>();
    for (const key of ["Tab", "Shift+Tab"]) {
      await drawer(page).getByRole("heading", { level: 2 }).focus();
      // More presses than the drawer has stops, so each direction wraps around at least once.
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press(key);
        expect(await focusInsideDrawer(page), `${key} press ${press + 1} left the drawer`).toBe(true);
        stops.add(await page.evaluate(() => document.activeElement?.textContent ?? ""));
      }
    }
    expect(stops.size, "the stops visited").toBeGreaterThanOrEqual(4);
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toHaveCount(0);
  });
});
