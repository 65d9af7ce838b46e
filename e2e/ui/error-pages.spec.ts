// Addresses the dashboard has no page for: the branded page with the way back into the app, and
// the status a crawler, a link checker or a proxy log reads (404 unknown, 400 malformed).
import { type Page } from "@playwright/test";
import type { TaskPage } from "@/lib/client/api-types";
import { expect, test } from "../support/api-contract";
import { cookieHeader, dashboardUrl, signedIn } from "../support/session";

/** The raw path goes out as written: fetch keeps percent-encoding, even a malformed one. */
async function get(path: string, cookie: string) {
  const response = await fetch(dashboardUrl(path), { headers: { cookie }, redirect: "manual" });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

async function expectBrandedPage(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("link", { name: "Fleet Task Dashboard" })).toBeVisible();
  const tasks = page.getByRole("main").getByRole("link", { name: /tasks/i }).first();
  await expect(tasks).toHaveAttribute("href", /^\/tasks/);
  await expect(page.getByRole("main").getByRole("link", { name: /locations/i })).toHaveAttribute(
    "href",
    "/locations",
  );
}

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

test("an unknown page is a branded 404", async ({ page }) => {
  const answer = await page.goto(dashboardUrl("/nope"));
  expect(answer?.status()).toBe(404);
  await expectBrandedPage(page, /not found/i);
  await page.getByRole("main").getByRole("link", { name: /tasks/i }).first().click();
  await expect(page).toHaveURL(/\/tasks/);
});

test("an unknown task's page is a 404; a known task's page is a 200", async ({ page }) => {
  // A task the dashboard lists: one of the last week's, which the task list opens on.
  const week = `from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&to=${new Date().toISOString()}`;
  const listed = await page.request.get(dashboardUrl(`/api/tasks?${week}&limit=1`));
  expect(listed.status()).toBe(200);
  const [task] = ((await listed.json()) as TaskPage).data;
  if (!task) throw new Error("the dashboard lists no task of the last week");
  const known = task.id;
  const cookie = await cookieHeader(page);
  expect((await get(`/tasks/${encodeURIComponent(known)}`, cookie)).status).toBe(200);
  expect((await get("/tasks/no-such-task-0", cookie)).status).toBe(404);
  // Not a task id's shape at all: no such task either, and never sent to the service.
  expect((await get("/tasks/a%20b%2F..", cookie)).status).toBe(404);

  const answer = await page.goto(dashboardUrl("/tasks/no-such-task-0"));
  expect(answer?.status()).toBe(404);
  await expectBrandedPage(page, /no task/i);
  await expect(page.getByTestId("signed-in-user")).toBeVisible();
});

test("a malformed address is a branded 400 page", async ({ page }) => {
  const cookie = await cookieHeader(page);
  for (const path of ["/tasks/%ZZ", "/tasks/%FF", "/%"]) {
    const answer = await get(path, cookie);
    expect(answer.status, path).toBe(400);
    expect(answer.type, path).toMatch(/^text\/html/);
    expect(answer.text, path).toContain("Fleet Task Dashboard");
  }
  const answer = await page.goto(dashboardUrl("/tasks/%ZZ"));
  expect(answer?.status()).toBe(400);
  await expectBrandedPage(page, /not valid/i);
});
