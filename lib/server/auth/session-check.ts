import "server-only";
import { decode } from "next-auth/jwt";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import { reportAtMostEvery } from "./auth-logger";
import { sessionRevocations } from "./session-revocation";
import { singleSignOnAccess } from "./sso-access";
import {
  normaliseEmail,
  staffAccessSchema,
  staffStanding,
  type SignInWay,
  type StaffAccess,
  type Standing,
} from "../staff";

// The one rule for whether a session cookie still signs someone in, asked by pages (Auth.js's jwt
// callback, through proxy.ts) and the data API (apiSession, below) alike, at every request.

// The sign-in providers' ids: Auth.js's routes carry them (/api/auth/callback/<id>), and a session
// remembers which one signed it in (the staff file answers for each way in by its own entries).
export const PASSWORD_PROVIDER_ID = "staff-password";
export const SSO_PROVIDER_ID = "company-sso";

/**
 * However often it is renewed, a session ends this long after its sign-in: the staff file does not
 * vouch for the single sign-on sessions of people it does not list, so this is what ends the
 * session of someone the company's identity provider no longer lets in, within a working day.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface SessionClaims {
  email: string;
  /** Each sign-in's id (auth.ts); signing out records it. */
  sid: unknown;
  /** The provider that signed the session in. */
  provider?: unknown;
  /** When its owner signed in (ms), stamped once by auth.ts; renewals keep it. */
  signedInAtMs?: number;
  /** When this cookie was issued (ms); undefined while the session is being issued. */
  issuedAtMs?: number;
  /** Seconds since the epoch. */
  exp?: number;
  /** What a single sign-on session's claims mapped to at sign-in (sso-access.ts). */
  access?: unknown;
}

/**
 * Until when a signed-out session must stay refused: past its absolute end, when no copy of its
 * cookie is let in anyway. Not the signing-out cookie's own expiry: each request renews the cookie,
 * every copy with the same id, so a copy renewed later (taken by someone else, or renewed by a
 * request still running at the sign-out) expires after it.
 */
export function signedOutUntilMs(claims: SessionClaims, now = Date.now()): number {
  const cookieEndMs = claims.exp === undefined ? now : claims.exp * 1000;
  return Math.max(cookieEndMs, (claims.signedInAtMs ?? now) + SESSION_ABSOLUTE_LIFETIME_MS);
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
    // Auth.js keeps a single sign-on person's email as their provider gave it ("Jane.Doe@..."),
    // while sign-in, the staff file and the audit trail's filter know them in lower case: every
    // user of a session (the audit trail, the Staff page's own entry, sign-out) gets it that way.
    email: typeof token.email === "string" ? normaliseEmail(token.email) : "",
    sid: token.sid,
    provider: token.provider,
    signedInAtMs: typeof token.signed_in_ms === "number" ? token.signed_in_ms : undefined,
    issuedAtMs,
    exp: typeof token.exp === "number" ? token.exp : undefined,
    access: token.access,
  };
}

const reportUnreadableStaffFile = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().error(
    { err: error, suppressed },
    "staff file unreadable; sessions are refused until it is fixed",
  ),
);

const reportStaleStaffFile = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().error(
    { err: error, suppressed },
    "staff file unreadable or missing; sessions are checked against the members last read",
  ),
);

/**
 * The staff file's standing on this person signing in `way` (lib/server/staff). A staff file that
 * cannot be read keeps the members last read; one that was never read refuses the session rather
 * than vouch for it, a single sign-on one too: the file may hold an entry that narrows what the
 * person's groups give.
 */
async function staffFileStanding(email: string, way: SignInWay, signedInAtMs?: number): Promise<Standing> {
  try {
    return await staffStanding(dashboardEnv().STAFF_FILE, email, way, {
      onStale: reportStaleStaffFile,
      signedInAtMs,
    });
  } catch (error) {
    reportUnreadableStaffFile(error);
    return { kind: "refused" };
  }
}

/**
 * What a single sign-on person may do as they sign in, given what their claims map to: the rule
 * each of their requests applies after (liveSessionAccess), so a sign-in is let through exactly
 * when its first request would be.
 */
export async function ssoSignInAccess(
  email: string,
  mapped: StaffAccess | undefined,
): Promise<StaffAccess | undefined> {
  return singleSignOnAccess(await staffFileStanding(email, "single_sign_on"), mapped);
}

async function sessionAccess(
  claims: SessionClaims & { signedInAtMs: number },
): Promise<StaffAccess | undefined> {
  if (claims.provider !== SSO_PROVIDER_ID) {
    const standing = await staffFileStanding(claims.email, "password", claims.signedInAtMs);
    return standing.kind === "listed" ? standing.access : undefined;
  }
  const standing = await staffFileStanding(claims.email, "single_sign_on", claims.signedInAtMs);
  return singleSignOnAccess(standing, staffAccessSchema.safeParse(claims.access).data);
}

/** What the session may do, or undefined when it no longer signs anyone in. */
export async function liveSessionAccess(claims: SessionClaims): Promise<StaffAccess | undefined> {
  if (typeof claims.sid !== "string" || claims.email === "") return undefined;
  // Exact: Auth.js accepts a cookie up to 15 s past its expiry (jose's clock tolerance) and
  // would renew it.
  if (claims.exp !== undefined && claims.exp * 1000 <= Date.now()) return undefined;
  // A cookie without a sign-in time (issued before it was stamped) cannot be bounded: refused.
  const { signedInAtMs } = claims;
  if (signedInAtMs === undefined || Date.now() - signedInAtMs >= SESSION_ABSOLUTE_LIFETIME_MS)
    return undefined;
  const [revoked, access] = await Promise.all([
    sessionRevocations().then((revocations) =>
      revocations.isRevoked(claims.sid as string, claims.issuedAtMs),
    ),
    sessionAccess({ ...claims, signedInAtMs }),
  ]);
  return revoked ? undefined : access;
}

// The dashboard API's session check. Auth.js's auth() in a route handler decrypts the session
// cookie and then encrypts a renewed one that the route's answer never carries, and proxy.ts did
// the same again before it: four key derivations and two JWE operations per API request, the
// largest share of the dashboard's CPU under load. Here the cookie is only decrypted, once per
// distinct cookie value: the same value always decrypts to the same claims, so those are kept
// until they expire. Whether the session still counts (liveSessionAccess) is asked every time.
// Pages (through proxy.ts) still renew the cookie.

/** Auth.js's names: `__Secure-` when the session was set over https. */
const COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
const MAX_CACHED = 1_000;

const decoded = new Map<string, SessionClaims>();

export interface StaffSession {
  email: string;
  access: StaffAccess;
}

/** The signed-in member of staff, or undefined for no, a bad, an expired or a signed-out session. */
export async function apiSession(cookieHeader: string | null): Promise<StaffSession | undefined> {
  const found = sessionCookie(cookieHeader);
  if (!found) return undefined;
  const claims = decoded.get(found.value) ?? (await decodeClaims(found.name, found.value));
  if (!claims) return undefined;
  const access = await liveSessionAccess(claims);
  return access ? { email: claims.email, access } : undefined;
}

async function decodeClaims(name: string, value: string): Promise<SessionClaims | undefined> {
  const token = await decode({ token: value, secret: dashboardEnv().AUTH_SECRET, salt: name }).catch(
    () => null,
  );
  if (!token || typeof token.exp !== "number" || typeof token.iat !== "number") return undefined;
  const claims = sessionClaims(token);
  if (decoded.size >= MAX_CACHED) decoded.delete(decoded.keys().next().value as string);
  decoded.set(value, claims);
  return claims;
}

/** The session cookie by either name; Auth.js splits one over 4 kB into `name.0`, `name.1`, ... */
function sessionCookie(header: string | null): { name: string; value: string } | undefined {
  if (!header) return undefined;
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals > 0) cookies.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  for (const name of COOKIE_NAMES) {
    const whole = cookies.get(name);
    if (whole) return { name, value: whole };
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i += 1) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length > 0) return { name, value: chunks.join("") };
  }
  return undefined;
}
