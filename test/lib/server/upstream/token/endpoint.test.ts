// fetchServiceToken over real HTTP against the real Vehicle Task Service, built in-process.
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { fetchServiceToken } from "@/lib/server/upstream/token/endpoint";
import { TokenEndpointError } from "@/lib/server/upstream/token/errors";
import {
  fixtureSecret,
  startTestServiceOnPostgres,
  type TestService,
} from "@/task-service/test/support/test-service";
import { freePort } from "@/harness/free-port";

// The token endpoint needs no task data; a small seed keeps start-up short.
const TINY_SANDBOX = { VTS_SEED_TASKS: "200" };

async function listen(service: TestService): Promise<string> {
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  const address = service.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

async function failure(promise: Promise<unknown>): Promise<TokenEndpointError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenEndpointError);
  return error as TokenEndpointError;
}

let service: TestService;
let baseUrl: string;
let throttled: TestService;
let throttledUrl: string;

// Both services start at once: each takes seconds to build its store.
beforeAll(async () => {
  [service, throttled] = await Promise.all([
    startTestServiceOnPostgres({ ...TINY_SANDBOX, VTS_TOKEN_RATE_LIMIT_PER_MIN: "1000" }),
    startTestServiceOnPostgres({ ...TINY_SANDBOX, VTS_TOKEN_RATE_LIMIT_PER_MIN: "2" }),
  ]);
  [baseUrl, throttledUrl] = await Promise.all([listen(service), listen(throttled)]);
});
afterAll(async () => {
  await Promise.all([service?.close(), throttled?.close()]);
});

describe("fetchServiceToken against the service", () => {
  it("gets a token for sandbox-full with every scope it holds", async () => {
    const token = await fetchServiceToken({
      baseUrl,
      clientId: "sandbox-full",
      clientSecret: fixtureSecret("sandbox-full"),
    });
    expect(token.expiresInSeconds).toBe(3600);
    expect(token.scope.split(" ").sort()).toEqual(["locations:read", "tasks:read"]);
    expect(decodeJwt(token.accessToken)).toMatchObject({ client_id: "sandbox-full" });
  });

  it("form-encodes the Basic credentials (secret p+s/w:rd%é)", async () => {
    const secret = fixtureSecret("sandbox-special");
    expect(secret).toBe("p+s/w:rd%é");
    const token = await fetchServiceToken({
      baseUrl: `${baseUrl}/`,
      clientId: "sandbox-special",
      clientSecret: secret,
    });
    expect(decodeJwt(token.accessToken)).toMatchObject({ client_id: "sandbox-special" });
  });

  it("narrows the token to a requested scope", async () => {
    const token = await fetchServiceToken({
      baseUrl,
      clientId: "sandbox-full",
      clientSecret: fixtureSecret("sandbox-full"),
      scope: "tasks:read",
    });
    expect(token.scope).toBe("tasks:read");
    expect(decodeJwt(token.accessToken)).toMatchObject({ scope: "tasks:read" });
  });

  it("reports a wrong secret as rejected, without the secret anywhere in the error", async () => {
    const secret = "wrong-secret-do-not-log";
    const error = await failure(
      fetchServiceToken({ baseUrl, clientId: "sandbox-full", clientSecret: secret }),
    );
    expect(error).toMatchObject({ kind: "rejected", status: 401, oauthError: "invalid_client" });
    const everything = `${error.message} ${error.stack ?? ""} ${JSON.stringify(error)} ${String(error.cause)}`;
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(Buffer.from(`sandbox-full:${secret}`).toString("base64"));
  });

  it("reports a revoked client and a scope the client does not hold as rejected", async () => {
    const revoked = await failure(
      fetchServiceToken({
        baseUrl,
        clientId: "sandbox-revoked",
        clientSecret: fixtureSecret("sandbox-revoked"),
      }),
    );
    expect(revoked).toMatchObject({ kind: "rejected", oauthError: "invalid_client" });
    const scope = await failure(
      fetchServiceToken({
        baseUrl,
        clientId: "sandbox-tasks",
        clientSecret: fixtureSecret("sandbox-tasks"),
        scope: "locations:read",
      }),
    );
    expect(scope).toMatchObject({ kind: "rejected", status: 400, oauthError: "invalid_scope" });
  });

  it("rethrows the caller's abort reason as it is", async () => {
    const reason = new Error("caller left");
    const attempt = fetchServiceToken({
      baseUrl,
      clientId: "sandbox-full",
      clientSecret: fixtureSecret("sandbox-full"),
      signal: AbortSignal.abort(reason),
    });
    await expect(attempt).rejects.toBe(reason);
  });
});

describe("fetchServiceToken when the service throttles or cannot be reached", () => {
  it("reports the third request over a limit of 2 per minute as rate_limited with Retry-After", async () => {
    const options = {
      baseUrl: throttledUrl,
      clientId: "sandbox-full",
      clientSecret: fixtureSecret("sandbox-full"),
    };
    await fetchServiceToken(options);
    await fetchServiceToken(options);
    const error = await failure(fetchServiceToken(options));
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, oauthError: "rate_limited" });
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("reports a port nobody listens on as unavailable", async () => {
    const port = await freePort();
    const error = await failure(
      fetchServiceToken({ baseUrl: `http://127.0.0.1:${port}`, clientId: "c", clientSecret: "s" }),
    );
    expect(error.kind).toBe("unavailable");
    expect(error.status).toBeUndefined();
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("reports a server that never answers as unavailable after the timeout", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const started = Date.now();
      const error = await failure(
        fetchServiceToken({
          baseUrl: `http://127.0.0.1:${port}`,
          clientId: "c",
          clientSecret: "s",
          timeoutMs: 200,
        }),
      );
      expect(error.kind).toBe("unavailable");
      expect(error.message).toContain("timed out after 200 ms");
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});
