// fetchServiceToken's reading of answers the sandbox does not give on demand (5xx, odd bodies,
// redirects), and the exact request it sends, through a scripted fetch.
import { describe, expect, it } from "vitest";
import { basicAuthorization, fetchServiceToken } from "@/lib/server/upstream/token/endpoint";
import { TokenEndpointError } from "@/lib/server/upstream/token/errors";

const SECRET = "s3cret value+/%";
const TOKEN = "eyJhbGciOiJFUzI1NiJ9.secret-token.sig";

function answering(response: () => Response) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    requests.push({ url: input instanceof Request ? input.url : String(input), init });
    return response();
  };
  const call = (scope?: string) =>
    fetchServiceToken({
      baseUrl: "http://vts.test/base",
      clientId: "dash board",
      clientSecret: SECRET,
      scope,
      fetchImpl,
    });
  return { call, requests };
}

async function failure(promise: Promise<unknown>): Promise<TokenEndpointError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenEndpointError);
  const text = `${(error as Error).message} ${JSON.stringify(error)}`;
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(TOKEN);
  return error as TokenEndpointError;
}

describe("fetchServiceToken requests and answers", () => {
  it("posts the client-credentials grant with form-encoded Basic credentials", async () => {
    const { call, requests } = answering(() =>
      Response.json({
        access_token: TOKEN,
        token_type: "bearer",
        expires_in: 3600,
        extra: { ignored: true },
      }),
    );
    expect(await call("tasks:read")).toEqual({
      accessToken: TOKEN,
      expiresInSeconds: 3600,
      scope: "tasks:read",
    });
    const [request] = requests;
    expect(request?.url).toBe("http://vts.test/base/oauth/token");
    expect(request?.init?.method).toBe("POST");
    const body = request?.init?.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect((body as URLSearchParams).toString()).toBe("grant_type=client_credentials&scope=tasks%3Aread");
    const headers = new Headers(request?.init?.headers);
    expect(headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const decoded = Buffer.from(headers.get("authorization")!.slice("Basic ".length), "base64").toString();
    expect(decoded).toBe("dash+board:s3cret+value%2B%2F%25");
    expect(basicAuthorization("a", "p+s/w:rd%é")).toBe(
      `Basic ${Buffer.from("a:p%2Bs%2Fw%3Ard%25%C3%A9").toString("base64")}`,
    );
  });

  it.each([
    ["a missing access_token", { token_type: "Bearer", expires_in: 3600 }],
    ["a non-bearer token type", { access_token: TOKEN, token_type: "mac", expires_in: 3600 }],
    ["a zero lifetime", { access_token: TOKEN, token_type: "Bearer", expires_in: 0 }],
    ["a lifetime as text", { access_token: TOKEN, token_type: "Bearer", expires_in: "3600" }],
    ["a token that is not a string", { access_token: 42, token_type: "Bearer", expires_in: 3600 }],
  ])("refuses a 200 with %s as invalid_response", async (_, body) => {
    const error = await failure(answering(() => Response.json(body)).call());
    expect(error).toMatchObject({ kind: "invalid_response", status: 200 });
  });

  it("refuses a 200 that is not JSON", async () => {
    const error = await failure(answering(() => new Response(`<html>${TOKEN}</html>`)).call());
    expect(error.kind).toBe("invalid_response");
  });

  it.each([500, 502, 503, 504, 408])("reports %i as unavailable", async (status) => {
    const error = await failure(answering(() => new Response("busy", { status })).call());
    expect(error).toMatchObject({ kind: "unavailable", status });
  });

  it("reports a redirect (a wrong base URL) as rejected without following it", async () => {
    const error = await failure(
      answering(
        () => new Response(null, { status: 302, headers: { location: "http://elsewhere.test/" } }),
      ).call(),
    );
    expect(error).toMatchObject({ kind: "rejected", status: 302 });
  });

  it("reports a 404 (a wrong base URL) as rejected", async () => {
    const error = await failure(answering(() => new Response("not found", { status: 404 })).call());
    expect(error).toMatchObject({ kind: "rejected", status: 404, oauthError: undefined });
  });

  it("reports a 429 without Retry-After with retryAfterMs undefined, for the caller's default", async () => {
    const error = await failure(
      answering(() => Response.json({ error: "rate_limited" }, { status: 429 })).call(),
    );
    expect(error).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: undefined,
      oauthError: "rate_limited",
    });
  });

  it("does not copy an error description into the message", async () => {
    const body = { error: "invalid_client", error_description: `bad secret ${SECRET}` };
    const error = await failure(answering(() => Response.json(body, { status: 401 })).call());
    expect(error).toMatchObject({ kind: "rejected", oauthError: "invalid_client" });
  });
});
