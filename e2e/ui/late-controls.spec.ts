// What the tasks page loads after its first-load scripts (its controls, the header's links, the
// grid) may come late on a slow line. Until it does, the server's HTML must stay on screen while
// the rows arrive (React drops a boundary's HTML when an update reaches it before it hydrates), and
// no part may hydrate differently from what the server drew (React's #418).
import { expect, test } from "../support/api-contract";
import { cookieHeader, dashboardUrl } from "../support/session";
import { rowCount, signedInAtTasks } from "./task-grid";

const PAGE = "/tasks?range=30d";

test("the page's controls stay drawn while their code is late, and work once it comes", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signedInAtTasks(page);
  const html = await (
    await fetch(dashboardUrl(PAGE), { headers: { cookie: await cookieHeader(page) } })
  ).text();
  const firstLoad = new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]));
  let release = () => {};
  const late = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    if (!firstLoad.has(new URL(route.request().url()).pathname)) await late;
    await route.continue();
  });

  await page.goto(dashboardUrl(PAGE));
  const filters = page.getByRole("search", { name: "Filter tasks" });
  const zone = page.getByLabel("Times shown in");
  await expect(filters).toBeVisible();
  // The list's first page is in (it does not wait for the late code): an update of the whole view.
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/);
  await expect(filters).toBeVisible();
  await expect(zone).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(2);

  release();
  // A choice made before the code has hydrated the select is lost, as before any script has run.
  await expect(async () => {
    await zone.selectOption("utc");
    await expect(page).toHaveURL(/[?&]tz=utc/, { timeout: 1_000 });
  }).toPass();
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});
