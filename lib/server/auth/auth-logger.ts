import "server-only";
import type { NextAuthConfig } from "next-auth";
import { dashboardLogger } from "../log";

// What sign-in and sessions write to the log. Something that can happen on every request (a store
// down, a forged cookie) is reported once per interval, with how many times it happened since: one
// line a minute tells an operator as much as thousands would, and a visitor cannot flood the log.

export function reportAtMostEvery(
  intervalMs: number,
  report: (error: unknown, suppressed: number) => void,
  now: () => number = Date.now,
): (error: unknown) => void {
  let lastReport = -Infinity;
  let suppressed = 0;
  return (error) => {
    if (now() - lastReport < intervalMs) {
      suppressed += 1;
      return;
    }
    lastReport = now();
    report(error, suppressed);
    suppressed = 0;
  };
}

const REFUSED_SSO = new Set(["AccessDenied", "OAuthCallbackError"]);

// A cookie that does not decrypt (forged, or from another AUTH_SECRET) comes with every request
// its sender makes: worth knowing, not worth a line per request.
const reportUndecryptableCookie = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().warn(
    { err: error, suppressed },
    "refused a session cookie that does not decrypt (forged, or from another AUTH_SECRET)",
  ),
);

// Any other fault in the session check (ours, in the jwt callback, or re-encrypting the cookie)
// comes with every request too, and needs fixing: an error, at most once a minute.
const reportSessionCheckFault = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().error({ err: error, suppressed }, "session check failed"),
);

/**
 * Auth.js wraps every throw of its session check in one JWTSessionError, its cause in `cause.err`:
 * only jose's refusals and Auth.js's own two (no key for the cookie's `kid`, an empty payload)
 * mean the cookie itself is bad.
 */
function isUndecryptableCookie(error: unknown): boolean {
  const cause = (error as { cause?: { err?: unknown } }).cause?.err;
  if (!(cause instanceof Error)) return false;
  // By code rather than class: a bundle may hold its own copy of jose.
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string" && /^ERR_(JOSE|JWE|JWT|JWS)_/.test(code)) return true;
  return cause.message === "no matching decryption secret" || cause.message === "Invalid JWT";
}

/** Auth.js's own reports, as dashboard log lines: refused sign-ins are routine, not errors. */
export function authLogger(): NextAuthConfig["logger"] {
  const log = () => dashboardLogger();
  return {
    error(error) {
      // Auth.js's errors carry their type (its AuthError subclasses' names), and a refused
      // password its code; read as data so that this module needs no Next.js to load.
      const { type, code } = error as { type?: unknown; code?: unknown };
      if (type === "CredentialsSignin") {
        log().info({ code }, "password sign-in refused");
      } else if (type === "JWTSessionError") {
        (isUndecryptableCookie(error) ? reportUndecryptableCookie : reportSessionCheckFault)(error);
      } else if (typeof type === "string" && REFUSED_SSO.has(type)) {
        log().warn({ err: error }, "sso sign-in refused");
      } else {
        log().error({ err: error }, "auth error");
      }
    },
    warn(code) {
      log().warn({ code }, "auth warning");
    },
    // Auth.js's debug metadata holds tokens and profiles: only its message is kept.
    debug(message) {
      log().debug({ auth_debug: message }, "auth debug");
    },
  };
}
