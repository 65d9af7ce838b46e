import { encode } from "next-auth/jwt";
import { vi } from "vitest";

// What a dashboard server test needs to send a real session cookie: the environment dashboardEnv()
// requires (no Redis: signed-out sessions stay in memory), and cookie values signed as Auth.js
// signs them.

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

export function stubDashboardEnv(authSecret: string): void {
  vi.stubEnv("VTS_BASE_URL", "http://127.0.0.1:4010");
  vi.stubEnv("VTS_CLIENT_ID", "dashboard");
  vi.stubEnv("VTS_CLIENT_SECRET", "secret");
  vi.stubEnv("AUTH_SECRET", authSecret);
  vi.stubEnv("REDIS_URL", "");
}

/** A session cookie's value: a JWE whose key is derived from the secret and the cookie's name. */
export function sessionCookieValue(
  claims: Record<string, unknown>,
  { secret, name = SESSION_COOKIE, maxAge = 3600 }: { secret: string; name?: string; maxAge?: number },
): Promise<string> {
  return encode({ token: { name: "Staff", ...claims }, secret, salt: name, maxAge });
}
