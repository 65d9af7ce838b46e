// A list only the task mirror answers, on a dashboard whose mirror is on but cannot answer (its
// store cannot be opened, so every such request is 503 mirror_not_ready, as while a mirror fills):
// the page offers to show what can be answered live, and that offer drops what waits for the
// mirror. The offer's code loads only when it shows (table-status.tsx), so this is its check.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/api-contract";
import { startOwnDashboard } from "../support/own-dashboard";
import { signInLandingOn } from "../support/session";

test("a list waiting for the mirror offers what can be answered live, and shows it", async ({ page }) => {
  const dashboard = await startOwnDashboard("live-instead", (dir) => {
    // A file where the mirror's directory should be: the mirror fails to open and the dashboard
    // answers everything else live (logged at start), a fault a restart with a good path mends.
    const notADirectory = join(dir, "not-a-directory");
    writeFileSync(notADirectory, "");
    return { MIRROR: "on", MIRROR_DATA_DIR: join(notADirectory, "mirror") };
  });
  try {
    // A status and a sort by MVA: both only the mirror answers. The sign-in lands on that list.
    await signInLandingOn(page, dashboard.url, "/tasks?status=completed&sort=mva&order=asc");
    const offer = page.getByTestId("live-instead");
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("row-count")).not.toHaveAttribute("data-loaded", /.*/);

    await offer.click();
    // Every status, Started order: the live path answers it, and the last 7 days hold tasks.
    await expect(page).toHaveURL((url) => !url.searchParams.has("status") && !url.searchParams.has("sort"));
    await expect(page.getByTestId("row-count")).toHaveAttribute("data-loaded", /^[1-9]\d*$/, {
      timeout: 30_000,
    });
    await expect(offer).toBeHidden();
  } finally {
    await dashboard.stop();
  }
});
