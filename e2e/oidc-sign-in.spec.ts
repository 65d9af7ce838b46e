// Staff sign-in through the company's OpenID Connect provider, played here by a real
// oidc-provider server (e2e/support/oidc-provider.ts) with its own login page.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/api-contract";
import { OIDC_ACCOUNT, OIDC_PROVIDER_NAME } from "./global-setup";
import {
  apiStatusWithCookies,
  cookieHeader,
  dashboardUrl,
  expectSentToSignIn,
  SIGN_IN_TIMEOUT,
} from "./support/session";

const issuer = () => process.env.E2E_OIDC_ISSUER!;

/** From the dashboard's sign-in page to the identity provider's login form. */
async function startSso(page: Page, path = "/sign-in"): Promise<void> {
  await page.goto(dashboardUrl(path));
  await page.getByRole("button", { name: `Sign in with ${OIDC_PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL(
    (url) => url.origin === issuer() && url.pathname.startsWith("/interaction/"),
    SIGN_IN_TIMEOUT,
  );
  await expect(page.getByRole("heading", { name: "Test Identity Provider" })).toBeVisible();
}

async function logInAtProvider(page: Page, password: string): Promise<void> {
  await page.getByLabel("Username").fill(OIDC_ACCOUNT.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function sessionUser(page: Page): Promise<unknown> {
  const response = await page.request.get(dashboardUrl("/api/auth/session"));
  const session = (await response.json()) as { user?: unknown } | null;
  return session?.user;
}

test("signing in at the identity provider lands on /tasks as that person, and signing out ends it", async ({
  page,
}) => {
  await startSso(page, "/tasks");
  await logInAtProvider(page, process.env.E2E_OIDC_PASSWORD!);

  await expect(page).toHaveURL(dashboardUrl("/tasks"), SIGN_IN_TIMEOUT);
  // The header names the person (by name, or by email where it shows that).
  await expect(
    page.getByText(OIDC_ACCOUNT.name).or(page.getByText(OIDC_ACCOUNT.email)).first(),
  ).toBeVisible();
  expect(await sessionUser(page)).toMatchObject({ email: OIDC_ACCOUNT.email, name: OIDC_ACCOUNT.name });
  const api = await page.request.get(dashboardUrl("/api/locations"));
  expect(api.status()).toBe(200);
  const copied = await cookieHeader(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/, SIGN_IN_TIMEOUT);
  expect(await sessionUser(page)).toBeUndefined();
  expect(await apiStatusWithCookies("/api/locations", copied)).toBe(401);
  await expectSentToSignIn(page);
});

test("a wrong password at the identity provider does not sign in", async ({ page }) => {
  await startSso(page);
  await logInAtProvider(page, "not-the-password");

  await expect(page.getByRole("alert").filter({ hasText: "Wrong username or password." })).toBeVisible(
    SIGN_IN_TIMEOUT,
  );
  expect(new URL(page.url()).origin).toBe(issuer());
  expect(await sessionUser(page)).toBeUndefined();
  await expectSentToSignIn(page);
});

test("cancelling at the identity provider returns to sign-in with a message, signed out", async ({
  page,
}) => {
  await startSso(page);
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page).toHaveURL(/\/sign-in\?/, SIGN_IN_TIMEOUT);
  await expect(page.getByRole("alert").filter({ hasText: "Single sign-on did not complete" })).toBeVisible();
  expect(await sessionUser(page)).toBeUndefined();
});
