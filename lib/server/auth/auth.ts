import "server-only";
import { randomUUID } from "node:crypto";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { dashboardEnv } from "../env";
import { dashboardLogger } from "../log/dashboard-logger";
import { sessionRevocations } from "./session-revocation";
import { isSignInBlocked, recordSignInFailure } from "./sign-in-throttle";
import { authenticateStaff, normaliseEmail } from "./staff-directory";

// Staff sign-in: the company's OpenID Connect provider when configured, and passwords from the
// staff file. Sessions are signed, httpOnly, SameSite=Lax cookies (Secure behind https).

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

class TooManyAttempts extends CredentialsSignin {
  override code = "too_many_attempts";
}

function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
}

function config(): NextAuthConfig {
  const env = dashboardEnv();
  const providers: NextAuthConfig["providers"] = [
    Credentials({
      id: "staff-password",
      name: "Staff password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, request) {
        const email = typeof credentials.email === "string" ? normaliseEmail(credentials.email) : "";
        const password = typeof credentials.password === "string" ? credentials.password : "";
        const address = clientAddress(request);
        if (await isSignInBlocked(email, address)) throw new TooManyAttempts();
        const member =
          email && password ? await authenticateStaff(env.STAFF_FILE, email, password) : undefined;
        if (!member) {
          await recordSignInFailure(email, address);
          return null;
        }
        return { id: member.email, email: member.email, name: member.name };
      },
    }),
  ];
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_CLIENT_ID && env.AUTH_OIDC_CLIENT_SECRET) {
    providers.push({
      id: "company-sso",
      name: env.AUTH_OIDC_NAME,
      type: "oidc",
      issuer: env.AUTH_OIDC_ISSUER,
      clientId: env.AUTH_OIDC_CLIENT_ID,
      clientSecret: env.AUTH_OIDC_CLIENT_SECRET,
    });
  }
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers,
    callbacks: {
      // Each session gets an id at sign-in, so that signing out can end it (session-revocation.ts).
      async jwt({ token, user }) {
        if (user) token.sid = randomUUID();
        if (typeof token.sid !== "string") return null;
        return (await (await sessionRevocations()).isRevoked(token.sid)) ? null : token;
      },
    },
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (typeof token?.sid !== "string") return;
        const until = (token.exp ?? Date.now() / 1000 + SESSION_MAX_AGE_SECONDS) * 1000;
        await (await sessionRevocations()).revoke(token.sid, until);
        dashboardLogger().info({ staff: token.email }, "staff signed out");
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
