// POST /oauth/token: RFC 6749 client-credentials grant as decisions.md fixes it.
import { decodeJwt, decodeProtectedHeader } from "jose";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, fixtureSecret, startTestService, type TestService } from "../support/test-service";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ VTS_TOKEN_RATE_LIMIT_PER_MIN: "100000" });
});
afterAll(() => service.close());

const FORM = { "content-type": "application/x-www-form-urlencoded" };

function postToken(body: string, headers: Record<string, string> = {}) {
  return service.request({
    method: "POST",
    url: "/oauth/token",
    headers: { ...FORM, ...headers },
    payload: body,
  });
}

function basic(clientId: string, secret = fixtureSecret(clientId)) {
  return { authorization: basicAuth(clientId, secret) };
}

describe("successful grants", () => {
  it("issues an ES256 at+jwt with every documented claim for HTTP Basic credentials", async () => {
    const response = await postToken("grant_type=client_credentials", basic("sandbox-full"));
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers.pragma).toBe("no-cache");
    const body = response.json<{
      access_token: string;
      token_type: string;
      expires_in: number;
      scope: string;
    }>();
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: "locations:read tasks:read",
    });
    const header = decodeProtectedHeader(body.access_token);
    expect(header).toMatchObject({ alg: "ES256", typ: "at+jwt" });
    expect(header.kid).toEqual(expect.any(String));
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      sub: "sandbox-full",
      client_id: "sandbox-full",
      scope: "locations:read tasks:read",
    });
    expect(claims.iss).toBe(service.context.config.issuer);
    expect(claims.aud).toBe(service.context.config.audience);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toEqual(expect.any(String));
  });

  it("accepts credentials as form fields", async () => {
    const response = await postToken(
      "grant_type=client_credentials&client_id=sandbox-tasks&client_secret=sandbox-tasks-secret",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ scope: string }>().scope).toBe("tasks:read");
  });

  it("decodes Basic credentials form-urlencoded before base64 (+ / : % and non-ASCII)", async () => {
    expect(fixtureSecret("sandbox-special")).toBe("p+s/w:rd%é");
    const response = await postToken("grant_type=client_credentials", basic("sandbox-special"));
    expect(response.statusCode).toBe(200);
  });

  it("accepts the special secret as an encoded form field too", async () => {
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: "sandbox-special",
      client_secret: "p+s/w:rd%é",
    });
    expect((await postToken(body.toString())).statusCode).toBe(200);
  });

  it("treats an unencoded Basic secret as what it decodes to, which does not match", async () => {
    const raw = `Basic ${Buffer.from("sandbox-special:p+s/w:rd%é").toString("base64")}`;
    const response = await postToken("grant_type=client_credentials", { authorization: raw });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBe("invalid_client");
    expect(response.headers["www-authenticate"]).toBe('Basic realm="vts"');
  });

  it("answers another Authorization scheme as an unsupported client authentication (401)", async () => {
    const response = await postToken("grant_type=client_credentials", { authorization: "Bearer abc" });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBe("invalid_client");
    expect(response.headers["www-authenticate"]).toBe('Basic realm="vts"');
  });

  it("narrows the token to a requested scope and keeps a stable order", async () => {
    const narrow = await postToken("grant_type=client_credentials&scope=tasks:read", basic("sandbox-full"));
    expect(narrow.json<{ scope: string }>().scope).toBe("tasks:read");
    const both = await postToken(
      "grant_type=client_credentials&scope=tasks:read%20locations:read",
      basic("sandbox-full"),
    );
    expect(both.json<{ scope: string }>().scope).toBe("locations:read tasks:read");
  });

  it("treats parameters sent without a value as omitted, as RFC 6749 requires", async () => {
    const response = await postToken(
      "grant_type=client_credentials&scope=&client_id=",
      basic("sandbox-full"),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ scope: string }>().scope).toBe("locations:read tasks:read");
  });

  it("grants at the endpoint named with an escaped letter", async () => {
    for (const url of ["/oauth/%74oken"]) {
      const response = await service.app.inject({
        method: "POST",
        url,
        headers: { ...FORM, ...basic("sandbox-full") },
        payload: "grant_type=client_credentials",
      });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("ignores unknown form parameters, as RFC 6749 requires", async () => {
    const response = await postToken("grant_type=client_credentials&audience=x", basic("sandbox-full"));
    expect(response.statusCode).toBe(200);
  });
});

describe("invalid_request", () => {
  const cases: [string, string, Record<string, string>][] = [
    ["missing grant_type", "", basic("sandbox-full")],
    [
      "repeated grant_type",
      "grant_type=client_credentials&grant_type=client_credentials",
      basic("sandbox-full"),
    ],
    [
      "repeated scope",
      "grant_type=client_credentials&scope=tasks:read&scope=tasks:read",
      basic("sandbox-full"),
    ],
    [
      "Basic and form credentials at once",
      "grant_type=client_credentials&client_id=sandbox-full&client_secret=sandbox-full-secret",
      basic("sandbox-full"),
    ],
    [
      "Basic and a form client_id at once",
      "grant_type=client_credentials&client_id=sandbox-full",
      basic("sandbox-full"),
    ],
    ["a malformed Basic header", "grant_type=client_credentials", { authorization: "Basic !!!" }],
    ["Basic without a colon", "grant_type=client_credentials", { authorization: "Basic c2FuZGJveA==" }],
  ];
  it.each(cases)("%s", async (_name, body, headers) => {
    const response = await postToken(body, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "invalid_request",
      error_description: expect.any(String) as unknown,
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("rejects a JSON body", async () => {
    const response = await service.request({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/json", ...basic("sandbox-full") },
      payload: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe("invalid_request");
  });

  it("rejects a request without a body", async () => {
    const response = await service.request({
      method: "POST",
      url: "/oauth/token",
      headers: basic("sandbox-full"),
    });
    expect(response.statusCode).toBe(400);
  });

  it("rejects parameters in the URL, where a secret would leak into logs", async () => {
    const response = await postToken("grant_type=client_credentials", basic("sandbox-full"));
    expect(response.statusCode).toBe(200);
    const inUrl = await service.app.inject({
      method: "POST",
      url: "/oauth/token?client_secret=sandbox-full-secret",
      headers: { ...FORM, ...basic("sandbox-full") },
      payload: "grant_type=client_credentials",
    });
    expect(inUrl.statusCode).toBe(400);
  });

  it("rejects an oversized body with the OAuth error shape", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { ...FORM, ...basic("sandbox-full") },
      payload: `grant_type=client_credentials&pad=${"x".repeat(20_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe("invalid_request");
  });

  it("answers other methods with 405 and Allow: POST", async () => {
    // Through `request`, so the answer is checked against openapi.yaml as well.
    const response = await service.request({ method: "GET", url: "/oauth/token" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(response.json<{ error: string }>().error).toBe("invalid_request");
    // Whatever the body, and for methods the router does not know.
    for (const [method, url] of [
      ["DELETE", "/oauth/token"],
      ["PUT", "/oauth/token"],
      ["PROPFIND", "/oauth/token"],
      ["PUT", "/oauth/%74oken"],
    ] as const) {
      const other = await service.request({
        // The router's type names only the methods it knows; one it does not is the point here.
        method: method as InjectOptions["method"],
        url,
        headers: { "content-type": "application/json" },
        payload: method === "PROPFIND" ? undefined : "{bad",
      });
      expect(other.statusCode, method).toBe(405);
      expect(other.headers.allow).toBe("POST");
      expect(other.json<{ error: string }>().error).toBe("invalid_request");
    }
  });
});

describe("unsupported_grant_type", () => {
  it.each(["password", "authorization_code", "CLIENT_CREDENTIALS"])("grant_type=%s", async (grant) => {
    const response = await postToken(`grant_type=${grant}`, basic("sandbox-full"));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe("unsupported_grant_type");
  });
});

describe("invalid_client", () => {
  it.each([
    ["a wrong secret", basic("sandbox-full", "nope")],
    ["an unknown client", basic("nobody", "secret")],
    ["a revoked client", basic("sandbox-revoked")],
    ["an expired client", basic("sandbox-expired")],
    ["an empty client id", basic("", "x")],
  ])("%s with Basic: 401 and WWW-Authenticate", async (_name, headers) => {
    const response = await postToken("grant_type=client_credentials", headers);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBe("invalid_client");
    expect(response.headers["www-authenticate"]).toBe('Basic realm="vts"');
  });

  it("a wrong form secret: 401 without a Basic challenge", async () => {
    const response = await postToken("grant_type=client_credentials&client_id=sandbox-full&client_secret=x");
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toBeUndefined();
  });

  it("no credentials at all", async () => {
    const response = await postToken("grant_type=client_credentials");
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBe("invalid_client");
  });
});

describe("invalid_scope", () => {
  it.each([
    ["a scope the client does not hold", "sandbox-tasks", "locations:read"],
    ["an unknown scope name", "sandbox-full", "tasks:write"],
    ["a scope of spaces only", "sandbox-full", "  "],
  ])("%s", async (_name, clientId, scope) => {
    const response = await postToken(
      `grant_type=client_credentials&scope=${encodeURIComponent(scope)}`,
      basic(clientId),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe("invalid_scope");
  });
});

describe("error_description", () => {
  it("holds only the characters RFC 6749 5.2 allows, and no name the client chose", async () => {
    const answers = await Promise.all([
      postToken('grant_type=client_credentials&%00%1B%5B31m%E2%80%AE%5C"=1&%00%1B%5B31m%E2%80%AE%5C"=2'),
      postToken("grant_type=client_credentials&scope=a&scope=b", basic("sandbox-full")),
      postToken("", basic("sandbox-full")),
      postToken("grant_type=password", basic("sandbox-full")),
      postToken("grant_type=client_credentials&scope=tasks:write", basic("sandbox-full")),
      postToken("grant_type=client_credentials", basic("", "x")),
      service.request({ method: "GET", url: "/oauth/token" }),
    ]);
    for (const answer of answers) {
      const { error_description: description } = answer.json<{ error_description: string }>();
      expect(description).toMatch(/^[\x20\x21\x23-\x5B\x5D-\x7E]+$/);
    }
    expect(answers[0].json<{ error_description: string }>().error_description).toBe(
      "A parameter is repeated; give it once.",
    );
  });
});
