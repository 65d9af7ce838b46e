// Staff browse from zones other than the server's. The server renders each page in its own zone;
// the browser must take over without a hydration error (React's #418) and show its own zone and
// times, not the server's.
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";
import { openTasks } from "./task-grid";

// Neither is the zone or locale of the server that renders the page (the test processes run in UTC).
test.use({ timezoneId: "America/New_York", locale: "de-DE" });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("pages hydrate without errors in a browser whose zone is not the server's", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signedIn(page);
  await openTasks(page, "range=30d");
  await expect(page.getByTestId("picker-zone")).toContainText("Times in America/New_York");
  // The From field shows New York's wall time of the window's start, not the server's.
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  const to = await page.getByLabel("To", { exact: true }).inputValue();
  const span = Date.parse(`${to}:00Z`) - Date.parse(`${from}:00Z`);
  expect(Math.round(span / 86_400_000)).toBe(30);
  const toInNewYork = new Date(Date.now()).toLocaleString("sv-SE", { timeZone: "America/New_York" });
  expect(
    Math.abs(Date.parse(`${to}:00Z`) - Date.parse(`${toInNewYork.replace(" ", "T").slice(0, 16)}:00Z`)),
  ).toBeLessThan(5 * 60_000);
  await page.goto(dashboardUrl("/locations"));
  await expect(page.getByRole("heading", { name: "Locations" })).toBeVisible();
  // The due list comes with its first page and the instant it was evaluated at, shown in New York
  // (to the hour: the page was evaluated a moment before this reads the clock).
  await page.goto(dashboardUrl("/due"));
  const newYorkHour = (ms: number) =>
    new Date(ms)
      .toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" })
      .replace(/:\d\d (AM|PM)$/, "");
  const hours = [...new Set([newYorkHour(Date.now() - 60_000), newYorkHour(Date.now())])];
  await expect(page.getByTestId("due-total")).toContainText(new RegExp(hours.map(escapeRegExp).join("|")));
  await page.waitForTimeout(1_000);
  expect(errors).toEqual([]);
});
