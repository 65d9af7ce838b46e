// The sign-in page reads its search parameters as Next hands them, and a visitor may repeat any of
// them: the page must still render, with the page to go to afterwards judged as ever.
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import SignInPage from "@/app/sign-in/page";
import { PasswordForm, type PasswordAction } from "@/app/sign-in/password-form";
import type * as CallbackPathModule from "@/lib/server/auth/callback-path";

const signIn = vi.hoisted(() => vi.fn(async (..._args: unknown[]) => {}));

// The page's own sign-in rules, with Auth.js's signIn (which needs a request) replaced.
vi.mock("@/lib/server/auth", async () => ({
  ...(await vi.importActual<typeof CallbackPathModule>("@/lib/server/auth/callback-path")),
  SSO_PROVIDER_ID: "company-sso",
  signIn,
}));
vi.mock("@/lib/server/env", () => ({
  dashboardEnv: () => ({ AUTH_OIDC_ISSUER: "https://idp.company.example", AUTH_OIDC_NAME: "Company SSO" }),
}));

type Params = Record<string, string | string[]>;

/** The page's password form and single sign-on action, as rendered for these search parameters. */
async function renderedFor(params: Params) {
  const page = (await SignInPage({ searchParams: Promise.resolve(params) })) as ReactElement<{
    children: ReactElement<Record<string, unknown>>[];
  }>;
  const children = page.props.children.filter(Boolean);
  const form = children.find((child) => child.type === PasswordForm)!;
  const sso = children.find((child) => child.type === "form")!;
  return {
    message: (form.props.initial as { message?: string }).message,
    signInWithPassword: form.props.action as PasswordAction,
    signInWithSso: sso.props.action as () => Promise<void>,
  };
}

/** Where each way of signing in sends the person afterwards. */
async function redirectsFor(params: Params): Promise<unknown[]> {
  const rendered = await renderedFor(params);
  signIn.mockClear();
  const form = new FormData();
  form.set("email", "ann@company.example");
  form.set("password", "secret");
  await rendered.signInWithPassword({ email: "" }, form);
  await rendered.signInWithSso();
  return signIn.mock.calls.map(([, options]) => (options as { redirectTo: unknown }).redirectTo);
}

describe("the sign-in page", () => {
  beforeEach(() => signIn.mockClear());

  it("goes on to the page asked for", async () => {
    expect(await redirectsFor({ callbackUrl: "/locations?range=7d" })).toEqual([
      "/locations?range=7d",
      "/locations?range=7d",
    ]);
  });

  it("takes the first of a repeated callbackUrl, judged like any other", async () => {
    expect(await redirectsFor({ callbackUrl: ["/locations", "/tasks/t_1"] })).toEqual([
      "/locations",
      "/locations",
    ]);
    expect(await redirectsFor({ callbackUrl: ["//evil.example", "/locations"] })).toEqual([
      "/tasks",
      "/tasks",
    ]);
  });

  it("shows the message of the first of a repeated error and code", async () => {
    expect((await renderedFor({ error: ["CredentialsSignin", "Configuration"] })).message).toBe(
      "That email and password do not match a staff account.",
    );
    expect(
      (await renderedFor({ error: ["CredentialsSignin"], code: ["too_many_attempts", "x"] })).message,
    ).toBe("Too many failed attempts. Wait 15 minutes and try again.");
  });
});
