import "server-only";
import { AuthError, CredentialsSignin, type NextAuthConfig } from "next-auth";
import { dashboardLogger } from "../log/dashboard-logger";
import { reportAtMostEvery } from "./report-at-most";

const REFUSED_SSO = new Set(["AccessDenied", "OAuthCallbackError"]);

// A cookie that does not decrypt (forged, or from another AUTH_SECRET) comes with every request
// its sender makes: worth knowing, not worth a line per request.
const reportUndecryptableCookie = reportAtMostEvery(60_000, (error, suppressed) =>
  dashboardLogger().warn(
    { err: error, suppressed },
    "refused a session cookie that does not decrypt (forged, or from another AUTH_SECRET)",
  ),
);

/** Auth.js's own reports, as dashboard log lines: refused sign-ins are routine, not errors. */
export function authLogger(): NextAuthConfig["logger"] {
  const log = () => dashboardLogger();
  return {
    error(error) {
      const type = error instanceof AuthError ? error.type : undefined;
      if (error instanceof CredentialsSignin) {
        log().info({ code: error.code }, "password sign-in refused");
      } else if (type === "JWTSessionError") {
        reportUndecryptableCookie(error);
      } else if (type && REFUSED_SSO.has(type)) {
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
