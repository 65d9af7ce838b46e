// A real OpenID Connect provider (panva's oidc-provider) standing in for the company's identity
// provider: one confidential client (the dashboard), one account, and a login page of its own that
// checks the password (oidc-provider's dev interactions accept any password, which would make a
// wrong-password test meaningless). Consent is granted without asking, as a company IdP does for
// its own applications.
import { generateKeyPairSync, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Provider, type InteractionDetails } from "oidc-provider";

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  password: string;
  /** The groups claim the dashboard maps to a role and locations (AUTH_OIDC_ACCESS_MAP). */
  groups: string[];
}

export interface OidcProviderOptions {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  account: OidcAccount;
}

const INTERACTION = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/;

function signingKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256", kid: "test-idp-1" };
}

function sameText(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function loginPage(uid: string, failed: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test Identity Provider</title></head>
<body>
  <h1>Test Identity Provider</h1>
  ${failed ? '<p role="alert">Wrong username or password.</p>' : ""}
  <form method="post" action="/interaction/${uid}/login">
    <label>Username <input name="username" autocomplete="username" required></label>
    <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
    <button type="submit">Continue</button>
  </form>
  <form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(body);
}

async function grantConsent(provider: Provider, details: InteractionDetails): Promise<string> {
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
  const { missingOIDCScope, missingOIDCClaims } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  return grant.save();
}

export function createOidcProvider(options: OidcProviderOptions): { issuer: string; server: Server } {
  const issuer = `http://127.0.0.1:${options.port}`;
  const { account } = options;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    findAccount: (_context: unknown, sub: string) =>
      sub === account.sub
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              email: account.email,
              email_verified: true,
              name: account.name,
              groups: account.groups,
            }),
          }
        : undefined,
    // Groups with the profile, as many providers send them: the dashboard asks for no scope of its own.
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    jwks: { keys: [signingKey()] },
  });
  const providerCallback = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, step: string | undefined) {
    const details = await provider.interactionDetails(request, response);
    if (step === "/abort") {
      const result = { error: "access_denied", error_description: "The user cancelled the sign-in." };
      return provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === "consent") {
      const grantId = await grantConsent(provider, details);
      return provider.interactionFinished(request, response, { consent: { grantId } });
    }
    if (step !== "/login" || request.method !== "POST")
      return html(response, 200, loginPage(details.uid, false));
    const form = await formBody(request);
    const valid =
      sameText(form.get("username") ?? "", account.email) &&
      sameText(form.get("password") ?? "", account.password);
    if (!valid) return html(response, 401, loginPage(details.uid, true));
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((request, response) => {
    const match = INTERACTION.exec(new URL(request.url ?? "/", issuer).pathname);
    if (!match) return providerCallback(request, response);
    interaction(request, response, match[2]).catch((error: unknown) => {
      console.error(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) html(response, 400, "<p>This sign-in has expired; start again.</p>");
    });
  });
  return { issuer, server };
}
