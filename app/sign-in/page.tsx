import type { Metadata } from "next";
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { signIn, SSO_PROVIDER_ID } from "@/lib/server/auth/auth";
import { dashboardEnv } from "@/lib/server/env";

export const metadata: Metadata = { title: "Sign in" };

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "That email and password do not match a staff account.",
  too_many_attempts: "Too many failed attempts. Wait 15 minutes and try again.",
  OAuthCallbackError: "Single sign-on did not complete; try again.",
  AccessDenied: "That account cannot sign in to the dashboard.",
  Configuration: "Sign-in is not working right now; tell an administrator.",
};

function messageFor(key: string | undefined): string | undefined {
  return key !== undefined && Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : undefined;
}

/** Only same-site paths are followed after sign-in, never another origin. */
function safeCallback(value: string | undefined): string {
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/tasks";
}

/** Auth.js's failures come back to this page as a message; its success (a redirect) passes through. */
async function signInWith(...args: Parameters<typeof signIn>): Promise<void> {
  try {
    await signIn(...args);
  } catch (error) {
    if (error instanceof AuthError) {
      const code = "code" in error && typeof error.code === "string" ? error.code : error.type;
      redirect(`/sign-in?error=${encodeURIComponent(error.type)}&code=${encodeURIComponent(code)}`);
    }
    throw error;
  }
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string; code?: string }>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  const env = dashboardEnv();
  const message = params.error
    ? (messageFor(params.code) ?? messageFor(params.error) ?? "Sign-in failed; try again.")
    : undefined;

  async function signInWithPassword(form: FormData) {
    "use server";
    await signInWith("staff-password", {
      email: form.get("email"),
      password: form.get("password"),
      redirectTo: callbackUrl,
    });
  }

  async function signInWithSso() {
    "use server";
    await signInWith(SSO_PROVIDER_ID, { redirectTo: callbackUrl });
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">Fleet Task Dashboard</h1>
      {message && (
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {message}
        </p>
      )}
      <form action={signInWithPassword} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Email
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            className="rounded border border-slate-400 bg-transparent px-3 py-2"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="rounded border border-slate-400 bg-transparent px-3 py-2"
          />
        </label>
        <button
          type="submit"
          className="rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800"
        >
          Sign in
        </button>
      </form>
      {env.AUTH_OIDC_ISSUER && (
        <form action={signInWithSso}>
          <button type="submit" className="w-full rounded border border-slate-400 px-4 py-2 font-medium">
            Sign in with {env.AUTH_OIDC_NAME}
          </button>
        </form>
      )}
    </main>
  );
}
