// axe-core finds nothing on any page (those for unknown and malformed addresses too), in the light
// and the dark theme (the app follows the system's); E2E_SCREENSHOTS=1 saves each page in each
// theme for a person to look at.
import { expect, test } from "../support/api-contract";
import { mainLink } from "../support/main-menu";
import { dashboardUrl, signedIn } from "../support/session";
import { checkEachTheme } from "./axe-check";
import { listShown, openTasks, renderedRows, ROW_START, textFilter } from "./task-grid";

// Several pages, each analysed by axe in two themes: more than the default minute on a busy
// two-core machine.
test.describe.configure({ timeout: 180_000 });

test("sign-in page", async ({ page }, testInfo) => {
  await page.goto(dashboardUrl("/sign-in"));
  await checkEachTheme(page, testInfo, "sign-in");
});

test("tasks, the drawer, a task page and locations", async ({ page }, testInfo) => {
  await signedIn(page);
  await openTasks(page, "range=30d");
  await expect(renderedRows(page).first()).toBeVisible();
  await checkEachTheme(page, testInfo, "tasks");

  await renderedRows(page).first().click({ position: ROW_START });
  await expect(page.getByTestId("task-drawer")).toBeVisible();
  await checkEachTheme(page, testInfo, "task-drawer");
  await expect(page).toHaveURL(/\/tasks\/[^/?]+/);
  const url = new URL(page.url());

  await page.goto(dashboardUrl(url.pathname));
  await expect(page.getByTestId("task-detail")).toBeVisible();
  await checkEachTheme(page, testInfo, "task-page");

  // The header's links and the MVA filter lead where an address would, and axe sees the same page.
  await mainLink(page, "Locations").click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole("table")).toBeVisible();
  await checkEachTheme(page, testInfo, "locations");

  await mainLink(page, "Tasks").click();
  await expect(page).toHaveURL(/\/tasks$/);
  await listShown(page);
  await textFilter(page, "MVA").fill("no-such-mva");
  await expect(page).toHaveURL(/[?&]mva=no-such-mva(&|$)/);
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await listShown(page);
  await checkEachTheme(page, testInfo, "tasks-empty");
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
    await checkEachTheme(page, testInfo, name);
  }
});
