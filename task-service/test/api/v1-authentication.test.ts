// Who may call /v1: forged tokens, revoked clients, scopes, and the documented check order.
import { randomUUID } from "node:crypto";
import { decodeJwt, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClientSecret, hashClientSecret } from "../../src/auth/client-secrets";
import { insertClient, revokeClient } from "../../src/repositories/clients-repository";
import { startTestService, type TestService } from "../support/test-service";

let service: TestService;
let goodToken: string;
beforeAll(async () => {
  service = await startTestService();
  goodToken = await service.token("sandbox-full");
});
afterAll(() => service.close());

const WINDOW = "from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function getLocations(headers: Record<string, string> = {}, query = "") {
  return service.request({ method: "GET", url: `/v1/locations${query}`, headers });
}

async function claimsSigned(
  key: CryptoKey | Uint8Array,
  header: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  const { config } = service.context;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: "sandbox-full", scope: "locations:read tasks:read", ...overrides })
    .setProtectedHeader(header as { alg: string })
    .setIssuer((overrides.iss as string) ?? config.issuer)
    .setSubject("sandbox-full")
    .setAudience((overrides.aud as string) ?? config.audience)
    .setIssuedAt((overrides.iat as number) ?? now)
    .setExpirationTime((overrides.exp as number) ?? now + 3600)
    .setJti(randomUUID())
    .sign(key);
}

async function realKey() {
  return service.context.keyRing.signingKey();
}

function expectUnauthorized(response: Awaited<ReturnType<typeof getLocations>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json<{ error: { code: string } }>().error.code).toBe("unauthorized");
  expect(response.headers["www-authenticate"]).toMatch(/^Bearer realm="vts"/);
  expect(response.headers["x-ratelimit-limit"]).toBeDefined();
}

describe("tokens that must be refused", () => {
  it("accepts the real token (control)", async () => {
    expect((await getLocations(bearer(goodToken))).statusCode).toBe(200);
  });

  it("no Authorization header", async () => expectUnauthorized(await getLocations()));

  it("a token in the query string instead of the header", async () => {
    expectUnauthorized(await getLocations({}, `?access_token=${goodToken}`));
  });

  it("a token in the query string next to a valid header is an unknown parameter", async () => {
    const response = await getLocations(bearer(goodToken), `?access_token=${goodToken}`);
    expect(response.statusCode).toBe(400);
  });

  it("a malformed header", async () => {
    expectUnauthorized(await getLocations({ authorization: `Token ${goodToken}` }));
    expectUnauthorized(await getLocations({ authorization: "Bearer" }));
    expectUnauthorized(await getLocations({ authorization: "Bearer not.a.jwt" }));
  });

  it("alg none", async () => {
    const [, payload] = goodToken.split(".");
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url");
    expectUnauthorized(await getLocations(bearer(`${header}.${payload}.`)));
  });

  it("HS256 signed with the public key as the secret", async () => {
    const key = await realKey();
    const secret = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const forged = await claimsSigned(secret, { alg: "HS256", kid: key.kid, typ: "at+jwt" });
    expectUnauthorized(await getLocations(bearer(forged)));
  });

  it("an unknown kid, and a known kid over a foreign key", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    expectUnauthorized(
      await getLocations(
        bearer(await claimsSigned(privateKey, { alg: "ES256", kid: "other", typ: "at+jwt" })),
      ),
    );
    const knownKid = (await realKey()).kid;
    expectUnauthorized(
      await getLocations(
        bearer(await claimsSigned(privateKey, { alg: "ES256", kid: knownKid, typ: "at+jwt" })),
      ),
    );
  });

  it("a tampered payload", async () => {
    const [header, , signature] = goodToken.split(".");
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(goodToken), scope: "admin" })).toString(
      "base64url",
    );
    expectUnauthorized(await getLocations(bearer(`${header}.${payload}.${signature}`)));
  });

  it.each([
    ["a wrong issuer", { iss: "https://evil.example" }],
    ["a wrong audience", { aud: "https://other.example/v1" }],
    [
      "an expired token",
      { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 10 },
    ],
  ])("%s, even when signed with the real key", async (_name, overrides) => {
    const key = await realKey();
    const forged = await claimsSigned(
      key.privateKey,
      { alg: "ES256", kid: key.kid, typ: "at+jwt" },
      overrides,
    );
    expectUnauthorized(await getLocations(bearer(forged)));
  });

  it("a token without typ at+jwt", async () => {
    const key = await realKey();
    const forged = await claimsSigned(key.privateKey, { alg: "ES256", kid: key.kid });
    expectUnauthorized(await getLocations(bearer(forged)));
  });

  it("a token whose client is revoked after issue is refused at once", async () => {
    const secret = generateClientSecret();
    await insertClient(service.context.store, {
      client_id: "soon-revoked",
      secret_hash: hashClientSecret(secret),
      scopes: ["locations:read"],
      description: "test",
      expires_at: null,
    });
    const token = await tokenFor("soon-revoked", secret);
    expect((await getLocations(bearer(token))).statusCode).toBe(200);
    await revokeClient(service.context.store, "soon-revoked");
    expectUnauthorized(await getLocations(bearer(token)));
  });

  // The client is held in memory between requests (src/auth/client-directory.ts); a trigger tells
  // it about any write, not only the repository's.
  it("a client narrowed or deleted in plain SQL is narrowed or refused at once", async () => {
    const secret = generateClientSecret();
    await insertClient(service.context.store, {
      client_id: "changed-in-sql",
      secret_hash: hashClientSecret(secret),
      scopes: ["locations:read", "tasks:read"],
      description: "test",
      expires_at: null,
    });
    const token = await tokenFor("changed-in-sql", secret);
    const tasks = () =>
      service.request({ method: "GET", url: `/v1/tasks?${WINDOW}`, headers: bearer(token) });
    expect((await tasks()).statusCode).toBe(200);
    expect((await tasks()).statusCode).toBe(200);
    await service.context.store.query(
      "UPDATE clients SET scopes = '{locations:read}' WHERE client_id = 'changed-in-sql'",
    );
    expect((await tasks()).statusCode).toBe(403);
    expect((await getLocations(bearer(token))).statusCode).toBe(200);
    await service.context.store.query("DELETE FROM clients WHERE client_id = 'changed-in-sql'");
    expectUnauthorized(await getLocations(bearer(token)));
  });
});

async function tokenFor(clientId: string, secret: string): Promise<string> {
  const response = await service.tokenRequest(clientId, secret);
  return response.json<{ access_token: string }>().access_token;
}

describe("scopes", () => {
  it("a tasks-only token may not list locations", async () => {
    const response = await getLocations(bearer(await service.token("sandbox-tasks")));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("forbidden");
    expect(response.headers["www-authenticate"]).toBe(
      'Bearer realm="vts", error="insufficient_scope", scope="locations:read"',
    );
  });

  it("a locations-only token may not read tasks, in the list or singly", async () => {
    const token = await service.token("sandbox-locations");
    for (const url of [`/v1/tasks?${WINDOW}`, "/v1/tasks/tsk_anything"]) {
      const response = await service.request({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode).toBe(403);
    }
  });

  it("a token narrowed at issue keeps only the scope it asked for", async () => {
    const token = await service.token("sandbox-full", "tasks:read");
    expect((await getLocations(bearer(token))).statusCode).toBe(403);
  });
});

describe("check order: token, rate limit, scope, parameters, lookup", () => {
  it("no token beats bad parameters", async () => {
    const response = await service.request({ method: "GET", url: "/v1/tasks?bogus=1" });
    expect(response.statusCode).toBe(401);
  });

  it("a missing scope beats bad parameters", async () => {
    const token = await service.token("sandbox-locations");
    const response = await service.request({
      method: "GET",
      url: "/v1/tasks?bogus=1",
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
  });

  it("bad parameters beat an unknown id", async () => {
    const response = await service.request({
      method: "GET",
      url: "/v1/tasks/nope?x=1",
      headers: bearer(goodToken),
    });
    expect(response.statusCode).toBe(400);
  });

  it("an unknown /v1 path needs a token first, then is 404", async () => {
    expect((await service.app.inject({ method: "GET", url: "/v1/vehicles" })).statusCode).toBe(401);
    const response = await service.app.inject({
      method: "GET",
      url: "/v1/vehicles",
      headers: bearer(goodToken),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe("not_found");
  });

  it("a missing scope beats an unknown path, however the path is spelled", async () => {
    const token = await service.token("sandbox-locations");
    // An escaped letter names the same path (the absolute form: raw-http.test.ts).
    for (const url of ["/v1/tasks/x/y", "/v1/%74asks/x/y"]) {
      const response = await service.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it("paths served without a token answer any other method with 405, before reading a body", async () => {
    for (const url of [
      "/healthz",
      "/metrics",
      "/openapi.yaml",
      "/.well-known/jwks.json",
      // The same paths with an escaped letter, which the router reads as the letter.
      "/%68ealthz",
      "/openapi%2Eyaml",
      "/metric%73",
    ]) {
      for (const method of ["POST", "DELETE", "OPTIONS", "PROPFIND"] as const) {
        const response = await service.request({
          // The router's type names only the methods it knows; one it does not is the point here.
          method: method as InjectOptions["method"],
          url,
          headers: { "content-type": "application/json" },
          payload: method === "POST" || method === "DELETE" ? "{bad" : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD");
        expect(response.json<{ error: { code: string } }>().error.code).toBe("method_not_allowed");
      }
    }
  });

  it("other methods on /v1 are 405 with Allow: GET, HEAD", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const response = await service.request({ method, url: "/v1/locations", headers: bearer(goodToken) });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD");
      expect(response.json<{ error: { code: string } }>().error.code).toBe("method_not_allowed");
    }
  });
});
