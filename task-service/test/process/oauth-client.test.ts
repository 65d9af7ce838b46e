// An independent, standards-following OAuth client (oauth4webapi) gets tokens from the running
// service over HTTP. If our reading of RFC 6749 (Basic encoding, error format) drifted from
// everyone else's, integrators' libraries would break before our own tests noticed.
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scratchDatabase } from "../../../harness/local-postgres";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { bearer, call, checked } from "../support/service-calls";
import { fixtureSecret } from "../support/test-service";

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let service: ServiceProcess;
let authorizationServer: oauth.AuthorizationServer;

beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "oauth_client");
  service = await startServiceProcess({
    DATABASE_URL: database.url,
    VTS_SEED_TASKS: "500",
    VTS_TOKEN_RATE_LIMIT_PER_MIN: "1000",
  });
  // Built by hand: the service publishes no discovery document.
  authorizationServer = { issuer: service.url, token_endpoint: `${service.url}/oauth/token` };
}, 90_000);
afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

const options: oauth.ClientCredentialsGrantRequestOptions = {
  [oauth.allowInsecureRequests]: true, // the test service speaks plain http on loopback
  // Every answer the library receives is also held against openapi.yaml.
  [oauth.customFetch]: async (url, init) => {
    const response = await fetch(url, init);
    await checked(response.clone(), init.method ?? "POST", new URL(url).pathname);
    return response;
  },
};

type Authentication = "basic" | "post";
const authenticate = (how: Authentication, secret: string) =>
  how === "basic" ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);

async function grant(clientId: string, secret: string, how: Authentication, scope?: string) {
  const client: oauth.Client = { client_id: clientId };
  const response = await oauth.clientCredentialsGrantRequest(
    authorizationServer,
    client,
    authenticate(how, secret),
    scope ? { scope } : {},
    options,
  );
  return oauth.processClientCredentialsResponse(authorizationServer, client, response);
}

describe("oauth4webapi against the running service", () => {
  it.each([
    ["sandbox-full", "basic"],
    ["sandbox-full", "post"],
    ["sandbox-special", "basic"],
    ["sandbox-special", "post"],
  ] as const)("%s with client_secret_%s gets a token that opens /v1/locations", async (clientId, how) => {
    const token = await grant(clientId, fixtureSecret(clientId), how);
    expect(token).toMatchObject({
      token_type: "bearer",
      expires_in: 3600,
      scope: "locations:read tasks:read",
    });
    const locations = await call(service.url, "/v1/locations", { headers: bearer(token.access_token) });
    expect(locations.status).toBe(200);
    expect(locations.json<{ data: unknown[] }>().data.length).toBeGreaterThanOrEqual(20);
  });

  it("narrows the token to a requested scope", async () => {
    const token = await grant("sandbox-full", fixtureSecret("sandbox-full"), "basic", "tasks:read");
    expect(token.scope).toBe("tasks:read");
    const locations = await call(service.url, "/v1/locations", { headers: bearer(token.access_token) });
    expect(locations.status).toBe(403);
  });

  it("reports a wrong secret sent in the form as the OAuth error invalid_client", async () => {
    const failure = await grant("sandbox-full", "not-the-secret", "post").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(oauth.ResponseBodyError);
    expect(failure).toMatchObject({ error: "invalid_client", status: 401 });
  });

  // RFC 6749 5.2 requires a WWW-Authenticate challenge when Basic was used; the library reports the
  // challenge first, and the invalid_client body is still there for the client to read.
  it("reports a wrong Basic secret as a Basic challenge with an invalid_client body", async () => {
    const failure = await grant("sandbox-special", "p+s/w:rd%e", "basic").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = failure as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause).toEqual([{ scheme: "basic", parameters: { realm: "vts" } }]);
    expect(await challenge.response.json()).toMatchObject({ error: "invalid_client" });
  });
});
