import "server-only";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import { SSO_PROVIDER_ID } from "./provider-ids";
import { reportAtMostEvery } from "./report-at-most";
import { sessionRevocations } from "./session-revocation";
import { isStaffMember } from "./staff-directory";

// The one rule for whether a session cookie still signs someone in, asked by pages (Auth.js's jwt
// callback, through proxy.ts) and the data API (api-session.ts) alike, at every request.

/**
 * However often it is renewed, a session ends this long after its sign-in: the staff file does not
 * vouch for single sign-on sessions, so this is what ends the session of someone the company's
 * identity provider no longer lets in, within a working day.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface SessionClaims {
  email: string;
  /** Each sign-in's id (auth.ts); signing out records it. */
  sid: unknown;
  /** The provider that signed the session in; the staff file vouches for all but SSO. */
  provider?: unknown;
  /** When its owner signed in (ms), stamped once by auth.ts; renewals keep it. */
  signedInAtMs?: number;
  /** When this cookie was issued (ms); undefined while the session is being issued. */
  issuedAtMs?: number;
  /** Seconds since the epoch. */
  exp?: number;
}

/** What the check needs from a decoded session token (Auth.js's JWT, or one being issued). */
export function sessionClaims(token: Record<string, unknown>): SessionClaims {
  // `iat` has whole seconds only: too coarse to tell a cookie issued just before Redis lost its
  // data from one issued just after (session-revocation.ts), so auth.ts stamps `issued_ms` too.
  const issuedAtMs =
    typeof token.issued_ms === "number"
      ? token.issued_ms
      : typeof token.iat === "number"
        ? token.iat * 1000
        : undefined;
  return {
    email: typeof token.email === "string" ? token.email : "",
    sid: token.sid,
    provider: token.provider,
    signedInAtMs: typeof token.signed_in_ms === "number" ? token.signed_in_ms : undefined,
    issuedAtMs,
    exp: typeof token.exp === "number" ? token.exp : undefined,
  };
}

const reportUnreadableStaffFile = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().error(
    { err: error, suppressed },
    "staff file unreadable; password sessions are refused until it is fixed",
  ),
);

const reportStaleStaffFile = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().error(
    { err: error, suppressed },
    "staff file unreadable or missing; password sessions are checked against the members last read",
  ),
);

/**
 * A staff file that cannot be read keeps the members last read (staff-directory.ts); one that was
 * never read signs password sessions out rather than vouching for them.
 */
async function isListedStaff(email: string): Promise<boolean> {
  try {
    return await isStaffMember(dashboardEnv().STAFF_FILE, email, { onStale: reportStaleStaffFile });
  } catch (error) {
    reportUnreadableStaffFile(error);
    return false;
  }
}

export async function isLiveSession(claims: SessionClaims): Promise<boolean> {
  if (typeof claims.sid !== "string" || claims.email === "") return false;
  // Exact: Auth.js accepts a cookie up to 15 s past its expiry (jose's clock tolerance) and
  // would renew it.
  if (claims.exp !== undefined && claims.exp * 1000 <= Date.now()) return false;
  // A cookie without a sign-in time (issued before it was stamped) cannot be bounded: refused.
  if (claims.signedInAtMs === undefined || Date.now() - claims.signedInAtMs >= SESSION_ABSOLUTE_LIFETIME_MS)
    return false;
  const [revoked, listed] = await Promise.all([
    sessionRevocations().then((revocations) =>
      revocations.isRevoked(claims.sid as string, claims.issuedAtMs),
    ),
    claims.provider === SSO_PROVIDER_ID ? true : isListedStaff(claims.email),
  ]);
  return !revoked && listed;
}
