import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "next-auth/jwt";
import { vi } from "vitest";

// What a dashboard server test needs to send a real session cookie: the environment dashboardEnv()
// requires (no Redis: signed-out sessions stay in memory), a staff file that lists the members
// whose password sessions count, and cookie values signed as Auth.js signs them.

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

export interface StubbedDashboardEnv {
  /** Lists `staffEmails` (as `npm run staff -- add` would). */
  staffFile: string;
  /** Removes the staff file's folder: the file's afterAll. */
  removeStaffFile: () => void;
}

export function stubDashboardEnv(
  authSecret: string,
  staffEmails = ["staff@company.example"],
): StubbedDashboardEnv {
  const folder = mkdtempSync(join(tmpdir(), "dashboard-staff-"));
  const staffFile = join(folder, "staff.json");
  listStaff(staffFile, staffEmails);
  vi.stubEnv("VTS_BASE_URL", "http://127.0.0.1:4010");
  vi.stubEnv("VTS_CLIENT_ID", "dashboard");
  vi.stubEnv("VTS_CLIENT_SECRET", "secret");
  vi.stubEnv("AUTH_SECRET", authSecret);
  vi.stubEnv("REDIS_URL", "");
  vi.stubEnv("STAFF_FILE", staffFile);
  return { staffFile, removeStaffFile: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Rewrites the staff file to list exactly these members, replacing it as the CLI does. */
export function listStaff(staffFile: string, emails: string[]): void {
  const staff = emails.map((email) => ({
    email,
    name: email,
    // Never checked here: these members only hold sessions.
    passwordHash: "scrypt$16384$8$1$c2FsdA$aGFzaA",
    addedAt: "2026-01-01T00:00:00.000Z",
  }));
  writeFileSync(`${staffFile}.tmp`, JSON.stringify({ staff }));
  renameSync(`${staffFile}.tmp`, staffFile);
}

/**
 * A session cookie's value: a JWE whose key is derived from the secret and the cookie's name.
 * Signed in just now unless `claims` say otherwise (`signed_in_ms`, as auth.ts stamps it).
 */
export function sessionCookieValue(
  claims: Record<string, unknown>,
  { secret, name = SESSION_COOKIE, maxAge = 3600 }: { secret: string; name?: string; maxAge?: number },
): Promise<string> {
  return encode({
    token: { name: "Staff", signed_in_ms: Date.now(), ...claims },
    secret,
    salt: name,
    maxAge,
  });
}
