// With a service that allows only a few calls a window, the table says it is waiting for the
// shared budget, counts down, and fills in by itself once the window frees: no raw 429 ever.
import { type Page } from "@playwright/test";
import { expect, test } from "../support/api-contract";
import { keptSessionAt, OWN_STACK_START_TIMEOUT_MS, startOwnStack, type OwnStack } from "./own-stack";

/**
 * bff/task-data.ts's interactive budget wait (a server-only module): a request whose slot frees
 * sooner waits for it on the server, and the page arrives with its data and no notice to show.
 */
const SERVER_WAIT_SECONDS = 15;

/**
 * The service's rate-limit window here, and the dashboard's idea of it: short, so a spent budget
 * frees in seconds rather than a minute, yet well past the server's wait and the budget meter's
 * refresh, so the waits seen here are the ones a minute's window shows.
 */
const WINDOW_SECONDS = "30";

let stack: OwnStack | undefined;

test.beforeAll(async () => {
  test.setTimeout(OWN_STACK_START_TIMEOUT_MS);
  // The live path's budget is under test: MIRROR=off, so no mirror answers and no sync spends it.
  stack = await startOwnStack(
    "budget",
    { VTS_RATE_LIMIT_PER_MIN: "3", VTS_RATE_LIMIT_WINDOW_SECONDS: WINDOW_SECONDS },
    { MIRROR: "off", VTS_RATE_LIMIT_WINDOW_SECONDS: WINDOW_SECONDS },
  );
});

test.afterAll(async () => {
  await stack?.stop();
});

function ownStack(): OwnStack {
  if (!stack) throw new Error("the stack did not start");
  return stack;
}

/**
 * The demo staff member's session on the stack's dashboard: the first test signs in through the
 * form and lands on the list; the later ones start from its cookies and open the list themselves.
 */
const signedIn = keptSessionAt(() => ownStack().baseUrl);

test("an exhausted budget shows a countdown, never a 429, and clears by itself", async ({ page }) => {
  test.setTimeout(300_000);
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) statuses.push(response.status());
  });
  await signedIn(page);

  // A few calls spend this service's whole window: the first load may already wait; if not,
  // each new filter is one more upstream call. On a slow machine the calls spread out, so the
  // window may free within the server's own wait, which answers with no notice: filter on until
  // a request has to wait longer than that.
  const wait = page.getByTestId("budget-wait");
  const filterUntil = Date.now() + 4 * Number(WINDOW_SECONDS) * 1_000;
  for (let mva = 10000001; !(await wait.isVisible()) && Date.now() < filterUntil;) {
    if ((await page.getByTestId("row-count").getAttribute("data-loaded")) !== null) {
      await page.getByLabel("MVA", { exact: true }).fill(String(mva++));
      await page.getByLabel("MVA", { exact: true }).press("Enter");
    }
    await page.waitForTimeout(1_000);
  }
  await expect(wait).toBeVisible({ timeout: 30_000 });
  await expect(wait).toContainText(/(Retrying|Loading) by itself (in|when a slot frees, in about) \d+ s/);
  // A screen reader hears one steady sentence, not the countdown the live region would read out
  // every second.
  expect(await wait.ariaSnapshot()).not.toMatch(/\d+ s\b/);
  await expect(page.getByTestId("budget-remaining")).toContainText(/^0\/\d+ left/, { timeout: 10_000 });
  // Refresh would only queue behind the wait and trade the rows for skeletons: it waits too.
  await expect(page.getByRole("button", { name: "Refresh" })).toBeDisabled({ timeout: 10_000 });
  await expect(page.getByText("Waits for the shared budget")).toBeVisible();

  await expect(wait).toBeHidden({ timeout: 120_000 });
  await expect(page.getByTestId("row-count")).toHaveAttribute("data-loaded", /^\d+$/);
  expect(statuses).not.toContain(429);
  await expect(page.getByRole("alert").filter({ hasText: /429|Too Many Requests/ })).toHaveCount(0);
});

/**
 * Calls as the dashboard's client, behind the dashboard's back, until the service refuses one;
 * returns the seconds until the service's window resets.
 */
async function spendServiceWindow(): Promise<number> {
  const tokenResponse = await fetch(`${ownStack().serviceUrl}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("sandbox-full:sandbox-full-secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  for (let calls = 0; calls < 20; calls++) {
    const response = await fetch(`${ownStack().serviceUrl}/v1/locations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.body?.cancel();
    if (response.status === 429) return Number(response.headers.get("retry-after"));
  }
  throw new Error("the service never said the window was spent");
}

/**
 * Spends the service's window with more of it left than the server waits for a slot, so the page's
 * own request gives up waiting and the page shows the wait: a window nearly over when it is spent
 * is waited out and the next one spent instead.
 */
async function spendFreshServiceWindow(): Promise<void> {
  for (;;) {
    const resetSeconds = await spendServiceWindow();
    if (resetSeconds > SERVER_WAIT_SECONDS + 5) return;
    await new Promise((resolve) => setTimeout(resolve, resetSeconds * 1_000));
  }
}

test("a task opened while the budget is spent says it waits, counts down, then shows", async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page);
  await page.goto(`${ownStack().baseUrl}/tasks`);
  // A task of the table (its own row, never fetched alone), opened as a page of its own.
  const row = page.locator("[data-task-id]").first();
  await expect(row).toBeVisible({ timeout: 120_000 });
  const id = (await row.getAttribute("data-task-id")) ?? "";
  await spendFreshServiceWindow();
  await page.goto(`${ownStack().baseUrl}/tasks/${id}`);
  const wait = page.getByTestId("budget-wait");
  await expect(wait).toBeVisible({ timeout: 45_000 });
  await expect(wait).toContainText(/(Retrying|Loading) by itself (in|when a slot frees, in about) \d+ s/);
  await expect(page.getByText(`Loading task ${id}…`)).toBeVisible();
  await expect(page.getByTestId("task-detail")).toBeVisible({ timeout: 120_000 });
  await expect(wait).toBeHidden();
});

/** Each new MVA is a list no cache holds: one more upstream call. */
let freshMva = 20_000_000;
async function showFreshMva(page: Page): Promise<string> {
  const mva = String((freshMva += 1));
  await page.getByLabel("MVA", { exact: true }).fill(mva);
  await page.getByLabel("MVA", { exact: true }).press("Enter");
  return mva;
}

test("with the budget spent, a new list says it waits at once, not when its request is answered", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stack = ownStack();
  const answered = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname === "/api/tasks") answered.add(url.searchParams.get("mva") ?? "");
  });
  await signedIn(page);
  await page.goto(`${stack.baseUrl}/tasks`);
  const rowCount = page.getByTestId("row-count");
  await expect(rowCount).toHaveAttribute("data-loaded", /^\d+$/, { timeout: 120_000 });
  // Spend the window, then wait for the moment the budget frees its next slot in 4 to 7 s: a
  // request sent then waits on the server for that slot, seconds in which the table had only grey
  // rows to show.
  for (;;) {
    const budget = (await (await page.request.get(`${stack.baseUrl}/api/budget`)).json()) as {
      remaining: number;
      reset_in_seconds: number;
    };
    if (budget.remaining <= 0 && budget.reset_in_seconds >= 4 && budget.reset_in_seconds <= 7) break;
    if (budget.remaining > 0 && (await rowCount.getAttribute("data-loaded")) !== null)
      await showFreshMva(page);
    await page.waitForTimeout(500);
  }
  await expect(page.getByTestId("budget-remaining")).toHaveText(/^0\//);
  const mva = await showFreshMva(page);
  const wait = page.getByTestId("budget-wait");
  await expect(wait).toContainText(/Loading by itself when a slot frees/, { timeout: 2_000 });
  expect(answered.has(mva), "the notice came before the list's request was answered").toBe(false);
  await expect(page.getByTestId("skeleton-rows")).toBeVisible();
  // The slot frees and the rows come, with nothing pressed.
  await expect(rowCount).toHaveAttribute("data-loaded", /^\d+$/, { timeout: 30_000 });
  await expect(wait).toBeHidden();
});
