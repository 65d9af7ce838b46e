// The first page of /tasks comes with the page: the server reads it (the same read as GET
// /api/tasks), its rows are in the HTML, and the browser's query cache starts with them, so the
// browser does not ask /api/tasks for that page again.
import type { Page, Request, Response } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { cookieHeader, dashboardUrl, signedIn } from "../support/session";
import { grid, LOAD_TIMEOUT, renderedRows, rowCount } from "./task-grid";

// Not the server's zone (the test processes run in UTC): server and browser write times differently.
test.use({ timezoneId: "America/Chicago" });

/** Requests for a first page of /api/tasks (no cursor) from the moment this is called. */
function firstPageRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/tasks" && !url.searchParams.has("cursor")) seen.push(url);
  });
  return seen;
}

/** Uncaught errors and console errors (React's hydration errors #418 and #423 are both). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

test("the first page's rows are in the server's HTML, and nothing secret is", async ({ page }) => {
  const cookie = await cookieHeader(page);
  const response = await fetch(dashboardUrl("/tasks?range=30d"), { headers: { cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const ids = [...html.matchAll(/data-task-id="([^"]+)"/g)].map((match) => match[1]);
  expect(ids.length).toBeGreaterThanOrEqual(10);
  expect(html).toContain('data-loaded="100"');
  // The session, the service's client secret and any bearer token stay out of the page.
  for (const part of cookie.split("; ")) expect(html).not.toContain(part.slice(part.indexOf("=") + 1));
  expect(html).not.toContain(process.env.E2E_CLIENT_SECRET ?? "no secret in the environment");
  expect(html).not.toMatch(/access_token|Bearer /i);
});

type Zone = "location" | "local" | "utc";

const hydratedList = (zone: Zone) =>
  `a hydrated list (times in ${zone}) asks /api/tasks for no first page and logs no error`;
const BROTLI = "the first load's scripts arrive as brotli, compressed when the dashboard was built";
const FILTER_IN_PAGE =
  "a filter chosen in the page is asked of /api/tasks by the browser, not read again by the server";

/** The page's first load of the list in `zone`'s times hydrates it without asking again or erring. */
async function expectHydratedFirstLoad(page: Page, zone: Zone): Promise<void> {
  const requests = firstPageRequests(page);
  const errors = pageErrors(page);
  await page.goto(dashboardUrl(`/tasks?range=7d&tz=${zone}`));
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^[1-9]\d*$/, { timeout: LOAD_TIMEOUT });
  await expect(grid(page)).toHaveAttribute("data-hydrated", "true", { timeout: LOAD_TIMEOUT });
  // Past hydration, the moment a refetch on mount would have gone out.
  await page.waitForLoadState("networkidle");
  expect(requests.map((url) => url.search)).toEqual([]);
  expect(errors).toEqual([]);
}

/** The grid is live: a row opens its task. */
async function expectRowOpensItsTask(page: Page): Promise<void> {
  const first = renderedRows(page).first();
  const id = await first.getAttribute("data-task-id");
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}\\?`));
}

/** The dashboard's scripts the page receives, with their encoding, until `stop` is called. */
function scriptsReceived(page: Page): {
  scripts: { url: string; encoding: string | undefined }[];
  stop: () => void;
} {
  const scripts: { url: string; encoding: string | undefined }[] = [];
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/_next/static/") && response.url().endsWith(".js"))
      scripts.push({ url: response.url(), encoding: response.headers()["content-encoding"] });
  };
  page.on("response", onResponse);
  return { scripts, stop: () => page.off("response", onResponse) };
}

test(`${hydratedList("location")}, and ${BROTLI}`, async ({ page }) => {
  const received = scriptsReceived(page);
  await test.step(hydratedList("location"), async () => {
    await expectHydratedFirstLoad(page, "location");
    // The scripts a row's task brings are not the first load's.
    received.stop();
    await expectRowOpensItsTask(page);
  });
  await test.step(BROTLI, async () => {
    expect(received.scripts.length).toBeGreaterThan(5);
    expect(received.scripts.filter((script) => script.encoding !== "br")).toEqual([]);
  });
});

test(hydratedList("local"), async ({ page }) => {
  await expectHydratedFirstLoad(page, "local");
  await expectRowOpensItsTask(page);
});

test(`${hydratedList("utc")}, then ${FILTER_IN_PAGE}`, async ({ page }) => {
  await test.step(hydratedList("utc"), async () => {
    await expectHydratedFirstLoad(page, "utc");
    await expectRowOpensItsTask(page);
  });
  await test.step(FILTER_IN_PAGE, async () => {
    // Esc closes the task, back to the list the first load showed. The drawer hears it once shown.
    const drawer = page.getByTestId("task-drawer");
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/tasks\?range=7d&tz=utc$/);
    await expect(grid(page)).toHaveAttribute("data-hydrated", "true", { timeout: LOAD_TIMEOUT });
    const requests = firstPageRequests(page);
    const navigations: string[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname === "/tasks" && response.request().headers()["rsc"] === "1")
        navigations.push(response.url());
    });
    // A calendar period in UTC is a list the server could read; on a navigation it must not.
    await page.getByRole("combobox", { name: "Range" }).selectOption({ label: "Last month" });
    await expect(page).toHaveURL(/range=last_month/);
    await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]?.searchParams.get("from")).toMatch(/T00:00:00\.000Z$/);
    expect(navigations.length, "the change went through the router").toBeGreaterThan(0);
  });
});

test("a list the server cannot resolve for the browser (a calendar period in the browser's zone) loads as before", async ({
  page,
}) => {
  const requests = firstPageRequests(page);
  const errors = pageErrors(page);
  await page.goto(dashboardUrl("/tasks?range=last_month&tz=location"));
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  await expect(grid(page)).toHaveAttribute("data-hydrated", "true", { timeout: LOAD_TIMEOUT });
  expect(requests).toHaveLength(1);
  expect(errors).toEqual([]);
});

test("a visitor without a session gets the sign-in redirect and no rows", async () => {
  const response = await fetch(dashboardUrl("/tasks?range=30d"), { redirect: "manual" });
  expect(response.status).toBe(307);
  expect(response.headers.get("location")).toContain("/sign-in");
  expect(await response.text()).not.toContain("data-task-id");
});
