// Staff sign-in and sign-out in a real browser.
import { expect, test } from "./support/api-contract";
import { DEMO_STAFF } from "./global-setup";
import {
  apiStatusWithCookies,
  cookieHeader,
  dashboardUrl,
  expectSentToSignIn,
  SIGN_IN_TIMEOUT,
  signIn,
  signInButton,
  submitSignIn,
} from "./support/session";

const ASKED_FOR = "/tasks?range=30d";
const SENT_TO_SIGN_IN = /\/sign-in\?callbackUrl=%2Ftasks%3Frange%3D30d$/;

// One journey: the session the sign-in gets is the fresh one signing out ends. Each part is a step
// of its own, so a failure still names the behaviour that broke.
test("a signed-out visit to a link goes to sign-in and comes back to that link after it, then signing out ends the session", async ({
  page,
}) => {
  await test.step("a signed-out visit to a link goes to sign-in and comes back to that link after it", async () => {
    await page.goto(dashboardUrl(ASKED_FOR));
    await expect(page).toHaveURL(SENT_TO_SIGN_IN);
    await page.screenshot({ path: test.info().outputPath("sign-in.png"), fullPage: true });
    await submitSignIn(page);
    await expect(page).toHaveURL(dashboardUrl(ASKED_FOR), SIGN_IN_TIMEOUT);
    await expect(page.getByText("Sandbox Staff")).toBeVisible();
  });

  await test.step("signing out ends the session", async () => {
    const copied = await cookieHeader(page);
    expect(await apiStatusWithCookies("/api/budget", copied)).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/, SIGN_IN_TIMEOUT);
    await expectSentToSignIn(page);
    const api = await page.request.get(dashboardUrl("/api/locations"));
    expect(api.status()).toBe(401);
    // The session itself is over, not only the browser's cookie: a copy of it is refused too.
    expect(await apiStatusWithCookies("/api/budget", copied)).toBe(401);
    expect(await apiStatusWithCookies("/tasks", copied)).toBe(307);
  });
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(SIGN_IN_TIMEOUT);
  await expect(page).toHaveURL(/\/sign-in/);
});

test("after a wrong password the email stays typed and the link asked for is still followed", async ({
  page,
}) => {
  await page.goto(dashboardUrl(ASKED_FOR));
  await submitSignIn(page, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible(SIGN_IN_TIMEOUT);
  await expect(page).toHaveURL(SENT_TO_SIGN_IN);
  await expect(page.getByLabel("Email")).toHaveValue(DEMO_STAFF.email);
  await expect(page.getByLabel("Password")).toHaveValue("");

  // Only the password is typed again.
  await page.getByLabel("Password").fill(DEMO_STAFF.password);
  await signInButton(page).click();
  await expect(page).toHaveURL(dashboardUrl(ASKED_FOR), SIGN_IN_TIMEOUT);
  await expect(page.getByText("Sandbox Staff")).toBeVisible();
});
