// Rate limits: per client_id over a fixed one-minute window; without a valid token, per source address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSecret, startTestService, type TestService } from "../support/test-service";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ VTS_RATE_LIMIT_PER_MIN: "5", VTS_TOKEN_RATE_LIMIT_PER_MIN: "3" });
});
afterAll(() => service.close());

const getLocations = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
  service.request({ method: "GET", url: "/v1/locations", headers, remoteAddress });

describe("/v1 rate limit", () => {
  it("counts down, then answers 429 rate_limited with Retry-After and the wait in the message", async () => {
    const token = await service.token("sandbox-full");
    const headers = { authorization: `Bearer ${token}` };
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Outcomes other than 200 count too: the third request is a 400.
      const response =
        i === 2
          ? await service.request({ method: "GET", url: "/v1/locations?x=1", headers })
          : await getLocations(headers);
      expect(response.headers["x-ratelimit-limit"]).toBe("5");
      remaining.push(String(response.headers["x-ratelimit-remaining"]));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const limited = await getLocations(headers);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    const body = limited.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toContain(`${retryAfter} second`);
    expect(Number(limited.headers["x-ratelimit-reset"])).toBeGreaterThanOrEqual(1);
  });

  it("is per client_id across all its tokens, and other clients keep their own", async () => {
    const second = await service.token("sandbox-full");
    expect((await getLocations({ authorization: `Bearer ${second}` })).statusCode).toBe(429);
    const other = await service.token("sandbox-locations");
    expect((await getLocations({ authorization: `Bearer ${other}` })).statusCode).toBe(200);
  });

  it("counts requests without a valid token against their source address", async () => {
    const first = await getLocations({}, "203.0.113.7");
    expect(first.statusCode).toBe(401);
    expect(first.headers["x-ratelimit-remaining"]).toBe("4");
    const elsewhere = await getLocations({}, "203.0.113.8");
    expect(elsewhere.headers["x-ratelimit-remaining"]).toBe("4");
  });
});

describe("token endpoint rate limit", () => {
  it("counts failed attempts and refuses even the right secret once spent", async () => {
    for (let i = 0; i < 3; i++)
      expect((await service.tokenRequest("sandbox-tasks", "wrong")).statusCode).toBe(401);
    const limited = await service.tokenRequest("sandbox-tasks", fixtureSecret("sandbox-tasks"));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: "rate_limited",
      error_description: expect.any(String) as unknown,
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["cache-control"]).toBe("no-store");
  });

  it("is kept per client_id", async () => {
    expect((await service.tokenRequest("sandbox-special", fixtureSecret("sandbox-special"))).statusCode).toBe(
      200,
    );
  });
});

describe("a token that cannot be checked while the store is out of reach", () => {
  it("is answered 503 with Retry-After and the rate-limit headers, counted against its address", async () => {
    const own = await startTestService({ VTS_RATE_LIMIT_PER_MIN: "5" });
    // A client no /v1 request has used: its record is not cached, so checking its token reads the store.
    const token = await own.token("sandbox-locations");
    await own.context.close();
    try {
      for (const remaining of ["4", "3"]) {
        const response = await own.request({
          method: "GET",
          url: "/v1/locations",
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe("5");
        expect(response.headers["x-ratelimit-limit"]).toBe("5");
        expect(response.headers["x-ratelimit-remaining"]).toBe(remaining);
      }
    } finally {
      await own.app.close();
    }
  });
});
