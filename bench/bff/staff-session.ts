// Signs a simulated person in the way a browser does: Auth.js's CSRF token, then the staff
// password form posted to the credentials callback. The session cookie that comes back is what
// every later request carries.
import type { IncomingHttpHeaders } from "node:http";
import { HttpClient } from "../service/http-client";

/** The credentials provider's id in lib/server/auth/auth.ts. */
const PROVIDER = "staff-password";

/** name=value of every Set-Cookie, later ones replacing earlier ones. */
function cookiesOf(headers: IncomingHttpHeaders, jar: Map<string, string>): void {
  for (const line of headers["set-cookie"] ?? []) {
    const pair = line.split(";")[0] ?? "";
    const equals = pair.indexOf("=");
    if (equals > 0) jar.set(pair.slice(0, equals), pair.slice(equals + 1));
  }
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Returns the Cookie header of a signed-in session. */
export async function signIn(http: HttpClient, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrf = await http.get("/api/auth/csrf");
  if (csrf.status !== 200) throw new Error(`GET /api/auth/csrf answered ${csrf.status}`);
  cookiesOf(csrf.headers, jar);
  const { csrfToken } = JSON.parse(csrf.body.toString("utf8")) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email, password, callbackUrl: `${http.baseUrl}/tasks` });
  const answer = await http.post(`/api/auth/callback/${PROVIDER}`, form.toString(), {
    "content-type": "application/x-www-form-urlencoded",
    cookie: cookieHeader(jar),
  });
  cookiesOf(answer.headers, jar);
  const location = answer.headers.location ?? "";
  if (answer.status !== 302 || location.includes("error=") || !jar.has("authjs.session-token")) {
    throw new Error(`sign-in failed: ${answer.status} ${location}`);
  }
  jar.delete("authjs.csrf-token");
  jar.delete("authjs.callback-url");
  return cookieHeader(jar);
}

/** `count` sessions of one staff member, one after another (each sign-in checks a scrypt hash). */
export async function signInAll(
  baseUrl: string,
  staff: { email: string; password: string },
  count: number,
): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const http = new HttpClient(baseUrl);
    try {
      cookies.push(await signIn(http, staff.email, staff.password));
    } finally {
      http.close();
    }
  }
  return cookies;
}
