"use client";
import { useActionState } from "react";

/** The outcome of the last password attempt, as the form shows it. */
export interface PasswordAttempt {
  /** Why the last attempt (or, at first, the URL's error) did not sign in. */
  message?: string;
  /** The email as typed: a mistyped password should cost only the password. */
  email: string;
}

export type PasswordAction = (previous: PasswordAttempt, form: FormData) => Promise<PasswordAttempt>;

// A refused attempt answers in place rather than by a redirect, so the page keeps its URL (and with
// it the page to go to afterwards) and the email comes back into the field after React resets the
// form. Works before JavaScript has loaded too: React renders the returned state then.
export function PasswordForm({ action, initial }: { action: PasswordAction; initial: PasswordAttempt }) {
  const [attempt, submit] = useActionState(action, initial);
  return (
    <>
      {attempt.message && (
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {attempt.message}
        </p>
      )}
      <form action={submit} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Email
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={attempt.email}
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
    </>
  );
}
