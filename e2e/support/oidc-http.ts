// A single sign-on as a browser makes it, over plain HTTP: the dashboard's sign-in button, the
// identity provider's login form (e2e/support/oidc-provider.ts), its consent step, and the
// dashboard's callback, each origin with its own cookies. For tests that need a single sign-on
// session without a browser.

const SESSION_COOKIE = "authjs.session-token";
const MAX_STEPS = 20;

/** One origin's cookies, as a browser keeps them (paths and expiry aside: each sign-in gets fresh jars). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(name.length + 1);
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface SsoSignInAnswer {
  /** The dashboard's session cookie (`name=value`) when the sign-in succeeded. */
  session?: string;
  /** Where the dashboard sent the browser instead (its sign-in page, with the reason). */
  refusedTo?: string;
}

/**
 * Signs in to the dashboard at `baseUrl` through its single sign-on, logging in at the identity
 * provider as `account`.
 */
export async function ssoSignIn(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<SsoSignInAnswer> {
  const dashboard = new CookieJar();
  const provider = new CookieJar();
  const jarOf = (url: URL) => (url.origin === new URL(baseUrl).origin ? dashboard : provider);

  /** Sends the request and follows redirects until an answer that is not one, or a session. */
  async function visit(start: string, init: RequestInit = {}): Promise<{ url: URL; response: Response }> {
    let url = new URL(start);
    let request = init;
    for (let step = 0; step < MAX_STEPS; step++) {
      const jar = jarOf(url);
      const response = await fetch(url, {
        ...request,
        redirect: "manual",
        headers: { ...request.headers, cookie: jar.header() },
      });
      jar.take(response);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location || dashboard.get(SESSION_COOKIE))
        return { url, response };
      await response.arrayBuffer();
      url = new URL(location, url);
      request = {};
    }
    throw new Error(`more than ${MAX_STEPS} redirects signing in from ${start}`);
  }

  const csrf = await visit(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.response.json()) as { csrfToken: string };
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const login = await visit(
    `${baseUrl}/api/auth/signin/company-sso`,
    form({ csrfToken, callbackUrl: `${baseUrl}/tasks` }),
  );
  await login.response.arrayBuffer();
  if (!/^\/interaction\/[\w-]+$/.test(login.url.pathname))
    throw new Error(`expected the identity provider's login form, got ${login.url.href}`);
  const done = await visit(
    `${login.url.href}/login`,
    form({ username: account.email, password: account.password }),
  );
  await done.response.arrayBuffer();
  const session = dashboard.get(SESSION_COOKIE);
  if (session) return { session: `${SESSION_COOKIE}=${session}` };
  return { refusedTo: done.response.headers.get("location") ?? done.url.href };
}
