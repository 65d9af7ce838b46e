import type { Metadata } from "next";
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/server/auth/auth";
import { dashboardEnv } from "@/lib/server/env";

export const metadata: Metadata = { title: "Sign in" };

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "That email and password do not match a staff account.",
  too_many_attempts: "Too many failed attempts. Wait 15 minutes and try again.",
};

/** Only same-site paths are followed after sign-in, never another origin. */
function safeCallback(value: string | undefined): string {
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/tasks";
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
    ? (MESSAGES[params.code ?? ""] ?? MESSAGES[params.error] ?? "Sign-in failed; try again.")
    : undefined;

  async function signInWithPassword(form: FormData) {
    "use server";
    try {
      await signIn("staff-password", {
        email: form.get("email"),
        password: form.get("password"),
        redirectTo: callbackUrl,
      });
    } catch (error) {
      if (error instanceof AuthError) {
        const code = "code" in error && typeof error.code === "string" ? error.code : error.type;
        redirect(`/sign-in?error=${encodeURIComponent(error.type)}&code=${encodeURIComponent(code)}`);
      }
      throw error;
    }
  }

  async function signInWithSso() {
    "use server";
    await signIn("company-sso", { redirectTo: callbackUrl });
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
