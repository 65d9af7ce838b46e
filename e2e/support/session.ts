// Signing in as the sandbox's demo staff member, the way a person does.
import { expect, type Cookie, type Page } from "@playwright/test";
import { DEMO_STAFF } from "../global-setup";

/** A sign-in is a chain of redirects and a slow password hash: on a busy machine it takes a while. */
export const SIGN_IN_TIMEOUT = { timeout: 15_000 };

export function dashboardUrl(path: string): string {
  return new URL(path, process.env.E2E_BASE_URL).toString();
}

export async function signIn(page: Page, password = DEMO_STAFF.password): Promise<void> {
  await page.goto(dashboardUrl("/sign-in"));
  await submitSignIn(page, password);
}

/**
 * Signs in through a dashboard's form with `path` (and its query) as the page to go to afterwards,
 * and lands there: the page a test is about is the sign-in's landing page, not one more load.
 */
export async function signInLandingOn(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in?${new URLSearchParams({ callbackUrl: path }).toString()}`);
  await submitSignIn(page);
  await expect(page).toHaveURL(`${baseUrl}${path}`, SIGN_IN_TIMEOUT);
}

/** Fills and sends the sign-in form of the page the browser is on (a redirect may have led there). */
export async function submitSignIn(page: Page, password = DEMO_STAFF.password): Promise<void> {
  await submitSignInAs(page, { email: DEMO_STAFF.email, password });
}

/** The same form, sent as another member of staff (one a spec added to the staff file). */
export async function submitSignInAs(page: Page, member: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await signInButton(page).click();
}

// Exact: "Sign in with <provider>" is a button on the same page.
export const signInButton = (page: Page) => page.getByRole("button", { name: "Sign in", exact: true });

/**
 * Signed in to a dashboard as the demo staff member, the way a person's browser keeps its session
 * between visits: this worker's first test there signs in through the form (`signInThroughForm`)
 * and is left on the landing page (/tasks); the later ones start from the cookies it got and open
 * the page they are about themselves. The form's own behaviour is the sign-in specs' work, and a
 * test that ends a session (signs out) signs in through the form for a session of its own.
 */
export function keptSession(
  baseUrl: () => string,
  signInThroughForm: (page: Page) => Promise<void>,
): (page: Page) => Promise<void> {
  let cookies: Cookie[] | undefined;
  return async (page) => {
    if (!cookies) {
      await signInThroughForm(page);
      cookies = await page.context().cookies(baseUrl());
      return;
    }
    await page.context().addCookies(cookies);
  };
}

/** Signed in to the shared dashboard, with this worker's kept session (keptSession). */
export const signedIn = keptSession(() => dashboardUrl("/"), signedInAfresh);

/** Signed in through the form, with a session no other test holds; lands on /tasks. */
export async function signedInAfresh(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/tasks$/, SIGN_IN_TIMEOUT);
}

/**
 * The browser is signed out: with its own cookies (page.request shares them), /tasks answers with
 * the redirect to sign-in, which comes back to /tasks. The redirect is the whole answer, so it is
 * read without loading the sign-in page it leads to.
 */
export async function expectSentToSignIn(page: Page): Promise<void> {
  const response = await page.request.get(dashboardUrl("/tasks"), { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  // A path on the same site, as the dashboard writes its redirects.
  expect(response.headers()["location"]).toBe("/sign-in?callbackUrl=%2Ftasks");
}

/** The browser's dashboard cookies as one Cookie header, to replay them after signing out. */
export async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies(dashboardUrl("/"));
  return cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}

/** The dashboard's status for a request carrying exactly these cookies (redirects not followed). */
export async function apiStatusWithCookies(path: string, cookie: string): Promise<number> {
  return (await fetch(dashboardUrl(path), { headers: { cookie }, redirect: "manual" })).status;
}
