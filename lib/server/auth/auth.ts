import "server-only";
import { randomUUID } from "node:crypto";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log";
import { authLogger } from "./auth-logger";
import { sameSiteRedirect } from "./callback-path";
import {
  liveSessionAccess,
  PASSWORD_PROVIDER_ID,
  sessionClaims,
  signedOutUntilMs,
  SSO_PROVIDER_ID,
  ssoSignInAccess,
} from "./session-check";
import { sessionRevocations } from "./session-revocation";
import { claimedAccount, clientAddress, countSignInAttempt } from "./sign-in-throttle";
import { recordFailedSignIn, recordSignIn, recordSignOut } from "./sign-in-audit";
import { saysEmailUnverified, ssoAccess } from "./sso-access";
import { authenticateStaff, normaliseEmail } from "../staff";

// Staff sign-in: the company's OpenID Connect provider when configured, and passwords from the
// staff file. Sessions are signed, httpOnly, SameSite=Lax cookies (Secure behind https).

export { SSO_PROVIDER_ID };
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

class TooManyAttempts extends CredentialsSignin {
  override code = "too_many_attempts";
}

function config(): NextAuthConfig {
  const env = dashboardEnv();
  const providers: NextAuthConfig["providers"] = [
    Credentials({
      id: PASSWORD_PROVIDER_ID,
      name: "Staff password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, request) {
        const email = claimedAccount(credentials.email);
        const password = typeof credentials.password === "string" ? credentials.password : "";
        const attempt = await countSignInAttempt(
          email,
          clientAddress(request.headers, env.DASHBOARD_TRUST_PROXY),
        );
        if (!attempt.allowed) {
          await recordFailedSignIn(email, PASSWORD_PROVIDER_ID, "too_many_attempts");
          throw new TooManyAttempts();
        }
        // An account no member can have ("") is looked up all the same, so that its refusal takes
        // as long as that of an account the staff file does not list.
        const member = password ? await authenticateStaff(env.STAFF_FILE, email, password) : undefined;
        if (!member) {
          await recordFailedSignIn(email, PASSWORD_PROVIDER_ID, "wrong_email_or_password");
          return null;
        }
        await attempt.succeeded();
        return { id: member.email, email: member.email, name: member.name };
      },
    }),
  ];
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_CLIENT_ID && env.AUTH_OIDC_CLIENT_SECRET) {
    providers.push({
      id: SSO_PROVIDER_ID,
      name: env.AUTH_OIDC_NAME,
      type: "oidc",
      issuer: env.AUTH_OIDC_ISSUER,
      clientId: env.AUTH_OIDC_CLIENT_ID,
      clientSecret: env.AUTH_OIDC_CLIENT_SECRET,
      checks: ["pkce", "state", "nonce"],
      // The ID token is validated either way, but a conforming provider puts the email and name
      // in the userinfo answer, not in the ID token of a code flow: ask userinfo for them.
      idToken: false,
    });
  }
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // Every sign-in failure (a refused SSO account too) comes back to the sign-in page's message.
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers,
    logger: authLogger(),
    callbacks: {
      redirect: sameSiteRedirect,
      // Each session gets an id at sign-in, so that signing out can end it (session-revocation.ts),
      // and remembers its provider, whose entries in the staff file answer for it, and its sign-in
      // time, which bounds it however often it is renewed (session-check.ts).
      // Every page request asks session-check.ts, as the data API does; the cookie about to be
      // issued is stamped with the time to the millisecond.
      // A single sign-on session carries what its claims mapped to at sign-in (sso-access.ts), which
      // counts while the staff file does not list the person; a password session's role and
      // locations are the staff file's at each request.
      async jwt({ token, user, account, profile }) {
        if (user) {
          token.sid = randomUUID();
          token.provider = account?.provider;
          token.signed_in_ms = Date.now();
          if (account?.provider === SSO_PROVIDER_ID && profile) token.access = ssoAccess(profile, env);
        }
        if (!(await liveSessionAccess(sessionClaims(token)))) return null;
        token.issued_ms = Date.now();
        return token;
      },
      // Staff are known by their email (the API, the header and the staff file use it), in lower
      // case whatever case the provider gives: an SSO identity without one, or with one the
      // provider says is unverified, does not get a session; nor does one the staff file refuses
      // (disabled), or one it does not list whose claims give no access when the operator's
      // default is to deny. A sign-in the audit trail cannot record is refused (sign-in-audit.ts).
      async signIn({ user, account, profile }) {
        const provider = account?.provider ?? PASSWORD_PROVIDER_ID;
        let email = normaliseEmail(user.email ?? "");
        if (provider === SSO_PROVIDER_ID) {
          email = typeof profile?.email === "string" ? normaliseEmail(profile.email) : "";
          if (!profile || email === "" || saysEmailUnverified(profile)) {
            await recordFailedSignIn(email, provider, "no_verified_email");
            return false;
          }
          if ((await ssoSignInAccess(email, ssoAccess(profile, env))) === undefined) {
            await recordFailedSignIn(email, provider, "no_access");
            return false;
          }
        }
        try {
          await recordSignIn(email, provider);
        } catch (error) {
          dashboardLogger().error(
            { err: error, staff: email },
            "a sign-in was refused: the audit trail cannot record it",
          );
          return false;
        }
        return true;
      },
    },
    events: {
      signIn({ user, account }) {
        dashboardLogger().info({ staff: user.email, provider: account?.provider }, "staff signed in");
      },
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (typeof token?.sid !== "string") return;
        const claims = sessionClaims(token);
        await (await sessionRevocations()).revoke(token.sid, signedOutUntilMs(claims));
        dashboardLogger().info({ staff: claims.email }, "staff signed out");
        if (claims.email !== "") await recordSignOut(claims.email);
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
