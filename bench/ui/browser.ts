// Debian's Chromium, driven by Playwright the way the browser tests drive it, at Lighthouse's
// desktop screen size so every figure of the run sees the same layout.
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/support/chromium";

/** Lighthouse's desktop preset: 1350 x 940 at a device pixel ratio of 1. */
export const DESKTOP_VIEWPORT = { width: 1350, height: 940 };

export type SessionState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export interface Staff {
  email: string;
  password: string;
}

const launched = new Set<Browser>();

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    // The benchmark's own signal handler closes the browsers, then stops the servers and removes
    // its files; Playwright's would exit the process before that.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  launched.add(browser);
  browser.once("disconnected", () => launched.delete(browser));
  return browser;
}

/** Every browser still open, Lighthouse's included. */
export async function closeAllBrowsers(): Promise<void> {
  for (const browser of [...launched]) await browser.close().catch(() => {});
}

/**
 * tsx compiles this benchmark with esbuild's keepNames, which wraps functions in `__name(...)`;
 * a function handed to page.evaluate carries that call into the page, where it must exist.
 */
const KEEP_NAMES_SHIM = "globalThis.__name = (target) => target;";

export async function newContext(browser: Browser, session?: SessionState): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    deviceScaleFactor: 1,
    acceptDownloads: true,
    ...(session ? { storageState: session } : {}),
  });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  return context;
}

/** Signs in through the form, as a person does, and returns the session for new contexts. */
export async function signIn(browser: Browser, baseUrl: string, staff: Staff): Promise<SessionState> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-in`);
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/tasks$/, { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The session's cookies for the dashboard as one Cookie header (Lighthouse, plain fetches). */
export function cookieHeader(session: SessionState, baseUrl: string): string {
  const host = new URL(baseUrl).hostname;
  return session.cookies
    .filter((cookie) => cookie.domain.replace(/^\./, "") === host)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}
