// Two instances behind one address share PostgreSQL and Redis: a client sees one service, with
// one set of tokens and one rate limit per client_id. When Redis goes away, each instance falls back
// to its own in-memory rate limit (fixed-window.ts): limits loosen, but nothing fails.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startLocalRedis, type LocalRedis } from "../../../harness/local-redis";
import { scratchDatabase } from "../../../harness/local-postgres";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { accessToken, bearer, call, requestToken } from "../support/service-calls";
import { fixtureSecret } from "../support/test-service";
import { sleep } from "../../../harness/raw-http";

const API_LIMIT = 10;
const TOKEN_LIMIT = 5;

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let redis: LocalRedis;
let a: ServiceProcess;
let b: ServiceProcess;

beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "shared");
  redis = await startLocalRedis();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    VTS_SEED_TASKS: "500",
    VTS_RATE_LIMIT_PER_MIN: String(API_LIMIT),
    VTS_TOKEN_RATE_LIMIT_PER_MIN: String(TOKEN_LIMIT),
    // Instances behind one load balancer share the public issuer; the default would be each
    // instance's own host:port, and tokens would not be valid across instances.
    VTS_ISSUER: "http://vts.test",
  };
  // One after the other: started together, they sometimes create two signing keys and refuse
  // each other's tokens for a few seconds (see concurrent-start-keys.test.ts).
  a = await startServiceProcess(env);
  b = await startServiceProcess(env);
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  redis?.stop();
  await database?.drop();
});

const instances = () => [a, b] as const;

describe("two instances sharing PostgreSQL and Redis", () => {
  let token: string;

  it("accept each other's tokens and count one /v1 rate limit per client across both", async () => {
    token = await accessToken(a.url, "sandbox-full", fixtureSecret("sandbox-full"));
    for (let i = 0; i < API_LIMIT; i++) {
      const instance = instances()[(i + 1) % 2]!; // B first: a token from A works on B
      const response = await call(instance.url, "/v1/locations", { headers: bearer(token) });
      expect(response.status, `request ${i + 1}`).toBe(200);
      expect(response.headers.get("x-ratelimit-limit")).toBe(String(API_LIMIT));
      expect(response.headers.get("x-ratelimit-remaining"), `request ${i + 1}`).toBe(
        String(API_LIMIT - 1 - i),
      );
    }
    for (const instance of instances()) {
      const response = await call(instance.url, "/v1/locations", { headers: bearer(token) });
      expect(response.status).toBe(429);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("rate_limited");
      expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });

  it("count failed token attempts per client_id across both, then refuse even the right secret", async () => {
    for (let i = 0; i < TOKEN_LIMIT; i++) {
      const response = await requestToken(instances()[i % 2]!.url, "sandbox-tasks", `wrong-${i}`);
      expect(response.status, `attempt ${i + 1}`).toBe(401);
      expect(response.json<{ error: string }>().error).toBe("invalid_client");
    }
    for (const instance of instances()) {
      const response = await requestToken(instance.url, "sandbox-tasks", fixtureSecret("sandbox-tasks"));
      expect(response.status).toBe(429);
      expect(response.json<{ error: string }>().error).toBe("rate_limited");
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });

  it("answer at once while Redis hangs, on per-instance rate limits", async () => {
    const granted = await requestToken(a.url, "sandbox-locations", fixtureSecret("sandbox-locations"));
    const frozenToken = granted.json<{ access_token: string }>().access_token;
    redis.freeze();
    try {
      for (const instance of instances()) {
        // Answered within a command's timeout, not after the hang: a request still waiting at 3 s
        // fails the test (and Redis is thawed) rather than hanging it.
        const response = await call(instance.url, "/v1/locations", {
          headers: bearer(frozenToken),
          signal: AbortSignal.timeout(3_000),
        });
        expect(response.status).toBe(200);
      }
    } finally {
      redis.thaw();
    }
  });

  it("keep serving without Redis, on per-instance rate limits, and never answer 5xx", async () => {
    redis.stop();
    await sleep(200); // the instances notice the closed connections
    for (const instance of instances()) {
      const statuses: number[] = [];
      // A fresh client: its shared rate limit is untouched, its per-instance one too.
      const fresh = await requestToken(instance.url, "sandbox-locations", fixtureSecret("sandbox-locations"));
      expect(fresh.status).toBe(200);
      const freshToken = fresh.json<{ access_token: string }>().access_token;
      for (let i = 0; i < 3; i++) {
        statuses.push((await call(instance.url, "/v1/locations", { headers: bearer(freshToken) })).status);
        // The client throttled in Redis gets a fresh in-memory rate limit on each instance.
        statuses.push((await call(instance.url, "/v1/locations", { headers: bearer(token) })).status);
      }
      statuses.push((await call(instance.url, "/healthz")).status);
      expect(
        statuses.every((status) => status === 200 || status === 429),
        statuses.join(","),
      ).toBe(true);
      // Both rate limits are fresh in this instance's memory, so the fallback lets all of these through.
      expect(statuses).toEqual(statuses.map(() => 200));
      expect(instance.stdout()).toContain("redis unavailable; rate limits are per instance");
    }
  });
});
