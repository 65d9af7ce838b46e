import type { Metadata } from "next";
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { DEFAULT_CALLBACK_PATH, safeCallbackPath, signIn, SSO_PROVIDER_ID } from "@/lib/server/auth";
import { dashboardEnv } from "@/lib/server/env";
import { PasswordForm, type PasswordAttempt } from "./password-form";
import { signInMessage } from "./sign-in-messages";

export const metadata: Metadata = { title: "Sign in" };

interface Refusal {
  type: string;
  code?: string;
}

/** Auth.js's refusal of a sign-in; anything else (its success is a redirect) passes through. */
function refusalOf(error: unknown): Refusal {
  if (!(error instanceof AuthError)) throw error;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  return { type: error.type, code };
}

/** This page again with a refusal's message, still on the way to the page asked for. */
function signInPageWith(refusal: Refusal, callbackUrl: string): string {
  const query = new URLSearchParams({ error: refusal.type, ...(refusal.code ? { code: refusal.code } : {}) });
  if (callbackUrl !== DEFAULT_CALLBACK_PATH) query.set("callbackUrl", callbackUrl);
  return `/sign-in?${query}`;
}

/** A search parameter as Next hands it to a page: a repeated one (`?a=1&a=2`) comes as an array. */
type SearchParam = string | string[] | undefined;

/**
 * The URL is the visitor's to write, repeats included: of a repeated parameter the page reads the
 * first, as URLSearchParams.get does (the page to go to afterwards is then judged like any other).
 */
function firstValue(param: SearchParam): string | undefined {
  return Array.isArray(param) ? param[0] : param;
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: SearchParam; error?: SearchParam; code?: SearchParam }>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(firstValue(params.callbackUrl));
  const env = dashboardEnv();
  const error = firstValue(params.error);
  const message = error ? signInMessage(error, firstValue(params.code)) : undefined;

  async function signInWithPassword(_previous: PasswordAttempt, form: FormData): Promise<PasswordAttempt> {
    "use server";
    const email = form.get("email");
    try {
      await signIn("staff-password", { email, password: form.get("password"), redirectTo: callbackUrl });
    } catch (error) {
      const { type, code } = refusalOf(error);
      return { email: typeof email === "string" ? email : "", message: signInMessage(type, code) };
    }
    return { email: "" };
  }

  async function signInWithSso() {
    "use server";
    try {
      await signIn(SSO_PROVIDER_ID, { redirectTo: callbackUrl });
    } catch (error) {
      redirect(signInPageWith(refusalOf(error), callbackUrl));
    }
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">Fleet Task Dashboard</h1>
      {/* Keyed by the URL's error: a new one (a refused SSO start) replaces the last attempt's. */}
      <PasswordForm key={message ?? ""} action={signInWithPassword} initial={{ email: "", message }} />
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
