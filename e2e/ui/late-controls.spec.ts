// What the tasks page loads after its first-load scripts (its controls, the header's links, the
// grid) may come late on a slow line. Until it does, the server's HTML must stay on screen while
// the rows arrive (React drops a boundary's HTML when an update reaches it before it hydrates), and
// no part may hydrate differently from what the server drew (React's #418).
import { expect, test } from "../support/api-contract";
import { cookieHeader, dashboardUrl, signedIn } from "../support/session";
import { rowCount } from "./task-grid";

const PAGE = "/tasks?range=30d";

test("the page's controls stay drawn while their code is late, and work once it comes", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signedIn(page);
  const html = await (
    await fetch(dashboardUrl(PAGE), { headers: { cookie: await cookieHeader(page) } })
  ).text();
  const firstLoad = new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]));
  let release = () => {};
  const late = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) {
      held += 1;
      await late;
    }
    await route.continue();
  });

  // Not until "load": the late chunks start loading while the page hydrates, and a script the
  // page asked for before its load event holds that event back until the script comes.
  await page.goto(dashboardUrl(PAGE), { waitUntil: "domcontentloaded" });
  const filters = page.getByRole("search", { name: "Filter tasks" });
  const zone = page.getByLabel("Times shown in");
  await expect(filters).toBeVisible();
  // The list's first page is in (it does not wait for the late code): an update of the whole view.
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/);
  await expect(filters).toBeVisible();
  await expect(zone).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Tasks",
    "Due",
    "Locations",
  ]);

  // The page did ask for code beyond its first load, and it is still held: the premise of the above.
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(filters).toBeVisible();
  await expect(zone).toBeVisible();
  release();
  // A choice made before the code has hydrated the select is lost, as before any script has run.
  await expect(async () => {
    await zone.selectOption("utc");
    await expect(page).toHaveURL(/[?&]tz=utc/, { timeout: 1_000 });
  }).toPass();
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test("a part streamed out of line and revealed late is rendered once, not again beside its hidden copy", async ({
  page,
}) => {
  await signedIn(page);
  // React streams a part out of line, hidden, once the page's HTML passes about 12 kB (the grid
  // with its rows is always one), and its reveal script moves it into place a frame later. Here the
  // reveal runs 3 s late, so the page's own code hydrates first: an update reaching the grid before
  // its reveal made React render a second grid beside the hidden one (a test saw two empty states).
  const reveal = "$RV=function(a){";
  let rewritten = false;
  await page.route(
    (url) => url.pathname === "/tasks",
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      rewritten = html.includes(reveal);
      await route.fulfill({
        response,
        body: html.replace(
          reveal,
          "$RV=function(a){setTimeout(function(){$RVlate(a)},3000)};$RVlate=function(a){",
        ),
      });
    },
  );
  await page.goto(dashboardUrl(PAGE));
  expect(rewritten, "React's reveal script, as this test rewrites it, is in the page").toBe(true);
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/);
  const grids = page.locator('[role="grid"][aria-label="Tasks"]');
  await expect(grids.first()).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  // Counted at once, not retried: the late reveal removes a hidden copy, so it would pass later.
  expect(await grids.count(), "grids in the page when the grid has hydrated").toBe(1);
  expect(await page.locator("div[hidden][id^='S:']").count(), "streamed parts still hidden").toBe(0);
});
