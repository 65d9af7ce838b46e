// axe-core finds nothing on any page (those for unknown and malformed addresses too), in the light
// and the dark theme (the app follows the system's), and each page is saved as a screenshot for a
// person to look at.
import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import { expectNoAxeViolations, THEMES } from "./axe-check";
import { openTasks, renderedRows, ROW_START } from "./task-grid";

async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
  await expectNoAxeViolations(page, name);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    // Five pages, each analysed by axe: more than the default minute on a busy two-core machine.
    test.describe.configure({ timeout: 180_000 });

    test("sign-in page", async ({ page }, testInfo) => {
      await page.goto(dashboardUrl("/sign-in"));
      await checkPage(page, testInfo, `sign-in-${theme}`);
    });

    test("tasks, the drawer, a task page and locations", async ({ page }, testInfo) => {
      await signedIn(page);
      await openTasks(page, "range=30d");
      await expect(renderedRows(page).first()).toBeVisible();
      await checkPage(page, testInfo, `tasks-${theme}`);

      await renderedRows(page).first().click({ position: ROW_START });
      await expect(page.getByTestId("task-drawer")).toBeVisible();
      await checkPage(page, testInfo, `task-drawer-${theme}`);
      await expect(page).toHaveURL(/\/tasks\/[^/?]+/);
      const url = new URL(page.url());

      await page.goto(dashboardUrl(url.pathname));
      await expect(page.getByTestId("task-detail")).toBeVisible();
      await checkPage(page, testInfo, `task-page-${theme}`);

      await page.goto(dashboardUrl("/locations"));
      await expect(page.getByRole("table")).toBeVisible();
      await checkPage(page, testInfo, `locations-${theme}`);

      await openTasks(page, "mva=no-such-mva");
      await expect(page.getByTestId("empty-state")).toBeVisible();
      await checkPage(page, testInfo, `tasks-empty-${theme}`);
    });

    test("the pages for unknown and malformed addresses", async ({ page }, testInfo) => {
      await signedIn(page);
      for (const [name, path] of [
        ["not-found", "/nope"],
        ["task-not-found", "/tasks/no-such-task-0"],
        ["address-not-valid", "/tasks/%ZZ"],
      ] as const) {
        await page.goto(dashboardUrl(path));
        await expect(page.getByTestId("status-page")).toBeVisible();
        await checkPage(page, testInfo, `${name}-${theme}`);
      }
    });
  });
}
