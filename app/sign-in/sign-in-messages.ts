// What a failed sign-in says to the person, by Auth.js's error type or code. Unknown keys get a
// generic line: the query string is the visitor's to write, and it must not choose the text.

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "That email and password do not match a staff account.",
  too_many_attempts: "Too many failed attempts. Wait 15 minutes and try again.",
  OAuthCallbackError: "Single sign-on did not complete; try again.",
  AccessDenied: "That account cannot sign in to the dashboard.",
  Configuration: "Sign-in is not working right now; tell an administrator.",
};

const FALLBACK = "Sign-in failed; try again.";

function messageFor(key: string | undefined): string | undefined {
  return key !== undefined && Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : undefined;
}

/** The most specific message: the code (a refusal's reason) before the error type. */
export function signInMessage(type: string, code?: string): string {
  return messageFor(code) ?? messageFor(type) ?? FALLBACK;
}
