// The header's word on the data: "Data as of … ago" for what the page shows (or how far a fill is),
// its details disclosed by a button and closed with Esc; "Live" on a dashboard with MIRROR=off,
// where /locations says its counts need the mirror.
import { expect, test } from "../support/api-contract";
import { startOwnDashboard } from "../support/own-dashboard";
import { mainLink } from "../support/main-menu";
import { dashboardUrl, signedIn, signInLandingOn } from "../support/session";
import { checkEachTheme } from "./axe-check";

interface MirrorState {
  enabled: boolean;
  windows: { synced: number; total: number };
  rows: number;
  leader: { instance: string } | null;
}

test("the header says how fresh the mirror is and discloses its details", async ({ page }, testInfo) => {
  await signedIn(page);
  await page.goto(dashboardUrl("/locations"));
  const button = page.getByTestId("mirror-freshness").getByRole("button");
  await expect(button).toHaveText(
    /^Task data: ((Data as of|Synced) \d+ (s|min|h|d) ago|Syncing \d+\/\d+|Not synced yet)$/,
  );
  const state = (await (await page.request.get(dashboardUrl("/api/mirror"))).json()) as MirrorState;
  expect(state.enabled).toBe(true);

  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const details = page.getByTestId("mirror-details");
  await expect(details).toBeVisible();
  await expect(details).toContainText(`of ${state.windows.total.toLocaleString("en-US")}`);
  if (state.leader) await expect(details).toContainText(state.leader.instance);
  await expect(details).toContainText("Last error");
  await expect(details).toContainText("How changes arrive");
  await checkEachTheme(page, testInfo, "mirror-details");

  // Esc closes it and hands focus back to its button.
  await details.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(button).toBeFocused();
  // A click elsewhere closes it too.
  await button.click();
  await expect(details).toBeVisible();
  await page.mouse.click(20, 700);
  await expect(details).toBeHidden();
});

test("with MIRROR=off the header says Live", async ({ page }) => {
  const dashboard = await startOwnDashboard("mirror-off", () => ({ MIRROR: "off" }));
  try {
    await signInLandingOn(page, dashboard.url, "/tasks");
    const button = page.getByTestId("mirror-freshness").getByRole("button");
    await expect(button).toHaveText("Task data: Live");
    await button.click();
    await expect(page.getByTestId("mirror-off")).toContainText("reads every page live");
    // And /locations says its counts need the mirror rather than failing. Reached by the header's
    // link, a navigation within the page already open.
    await mainLink(page, "Locations").click();
    await expect(page).toHaveURL(`${dashboard.url}/locations`);
    await expect(page.getByTestId("counts-off")).toBeVisible();
  } finally {
    await dashboard.stop();
  }
});
