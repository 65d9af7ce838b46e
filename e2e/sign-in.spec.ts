// Staff sign-in and sign-out in a real browser.
import { expect, test } from "@playwright/test";
import {
  apiStatusWithCookies,
  cookieHeader,
  dashboardUrl,
  SIGN_IN_TIMEOUT,
  signIn,
  signedIn,
} from "./support/session";

test("a signed-out visit to /tasks goes to sign-in and comes back after it", async ({ page }) => {
  await page.goto(dashboardUrl("/tasks"));
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Ftasks/);
  await page.screenshot({ path: test.info().outputPath("sign-in.png"), fullPage: true });
  await signIn(page);
  await expect(page).toHaveURL(/\/tasks$/, SIGN_IN_TIMEOUT);
  await expect(page.getByText("Sandbox Staff")).toBeVisible();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(SIGN_IN_TIMEOUT);
  await expect(page).toHaveURL(/\/sign-in/);
});

test("signing out ends the session", async ({ page }) => {
  await signedIn(page);
  const copied = await cookieHeader(page);
  expect(await apiStatusWithCookies("/api/budget", copied)).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/, SIGN_IN_TIMEOUT);
  await page.goto(dashboardUrl("/tasks"));
  await expect(page).toHaveURL(/\/sign-in/);
  const api = await page.request.get(dashboardUrl("/api/locations"));
  expect(api.status()).toBe(401);
  // The session itself is over, not only the browser's cookie: a copy of it is refused too.
  expect(await apiStatusWithCookies("/api/budget", copied)).toBe(401);
  expect(await apiStatusWithCookies("/tasks", copied)).toBe(307);
});
