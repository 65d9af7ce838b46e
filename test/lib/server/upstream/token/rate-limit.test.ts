// A 429 from the token endpoint, read by the real fetchServiceToken from a scripted fetch, blocks
// the manager's fetches for the Retry-After it asked for.
import { describe, expect, it } from "vitest";
import { setup } from "./fake-endpoint";
import { fetchServiceToken } from "@/lib/server/upstream/token/endpoint";
import { TokenUnavailableError } from "@/lib/server/upstream/token/errors";

function scriptedTokenEndpoint(answers: (() => Response)[]) {
  let calls = 0;
  const fetchImpl: typeof fetch = async () => {
    const answer = answers[calls++];
    if (!answer) throw new Error("no more scripted answers");
    return answer();
  };
  const fetchToken = (signal?: AbortSignal) =>
    fetchServiceToken({ baseUrl: "http://vts.test", clientId: "c", clientSecret: "s", signal, fetchImpl });
  return { fetchToken, calls: () => calls };
}

const tooMany = (headers: Record<string, string>) => () =>
  Response.json({ error: "rate_limited", error_description: "slow down" }, { status: 429, headers });
const issued =
  (token: string, expiresIn = 3600) =>
  () =>
    Response.json({ access_token: token, token_type: "Bearer", expires_in: expiresIn, scope: "tasks:read" });

async function rejection(promise: Promise<unknown>): Promise<TokenUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenUnavailableError);
  return error as TokenUnavailableError;
}

describe("TokenManager: 429 from the token endpoint", () => {
  it("honours Retry-After in seconds: no fetch until it has passed", async () => {
    const endpoint = scriptedTokenEndpoint([tooMany({ "retry-after": "20" }), issued("after-wait")]);
    const { clock, manager } = setup({ fetchToken: endpoint.fetchToken });
    const first = await rejection(manager.getToken());
    expect(first).toMatchObject({ reason: "rate_limited", retryAfterMs: 20_000 });

    await clock.advance(19_000);
    const blocked = await rejection(manager.getToken());
    expect(blocked).toMatchObject({ reason: "rate_limited", retryAfterMs: 1_000 });
    expect(endpoint.calls()).toBe(1);
    expect(manager.snapshot().blockedForMs).toBe(1_000);

    await clock.advance(1_000);
    expect(await manager.getToken()).toBe("after-wait");
    expect(endpoint.calls()).toBe(2);
  });

  it("honours Retry-After as an HTTP date", async () => {
    // A whole second, so the header's second precision does not shift the expected wait.
    const until = Math.ceil(Date.now() / 1000) * 1000 + 30_000;
    const endpoint = scriptedTokenEndpoint([
      tooMany({ "retry-after": new Date(until).toUTCString() }),
      issued("after-date"),
    ]);
    const { clock, manager } = setup({ fetchToken: endpoint.fetchToken });
    const first = await rejection(manager.getToken());
    // 30 s after the next whole second of wall-clock time.
    expect(first.retryAfterMs).toBeGreaterThan(29_000);
    expect(first.retryAfterMs).toBeLessThanOrEqual(31_000);

    await clock.advance(28_000);
    await rejection(manager.getToken());
    expect(endpoint.calls()).toBe(1);
    await clock.advance(3_000);
    expect(await manager.getToken()).toBe("after-date");
  });

  it("waits a default 10 s when Retry-After is missing or garbage", async () => {
    const variants: Record<string, string>[] = [{}, { "retry-after": "soon" }];
    for (const headers of variants) {
      const endpoint = scriptedTokenEndpoint([tooMany(headers), issued("after-default")]);
      const { clock, manager } = setup({ fetchToken: endpoint.fetchToken });
      expect(await rejection(manager.getToken())).toMatchObject({ retryAfterMs: 10_000 });
      await clock.advance(9_999);
      expect(await rejection(manager.getToken())).toMatchObject({ retryAfterMs: 1 });
      await clock.advance(1);
      expect(await manager.getToken()).toBe("after-default");
      expect(endpoint.calls()).toBe(2);
    }
  });

  it("waits a second at least when Retry-After is 0, or a date already past on our clock", async () => {
    for (const headers of [
      { "retry-after": "0" },
      { "retry-after": new Date(Date.now() - 60_000).toUTCString() },
    ]) {
      const endpoint = scriptedTokenEndpoint([tooMany(headers), issued("after-floor")]);
      const { clock, manager } = setup({ fetchToken: endpoint.fetchToken });
      const results = await Promise.all(Array.from({ length: 20 }, () => rejection(manager.getToken())));
      expect(new Set(results.map((error) => error.reason))).toEqual(new Set(["rate_limited"]));
      await rejection(manager.getToken());
      expect(endpoint.calls()).toBe(1);
      await clock.advance(1_000);
      expect(await manager.getToken()).toBe("after-floor");
    }
  });

  it("gives every waiter of the throttled request the same answer", async () => {
    const endpoint = scriptedTokenEndpoint([tooMany({ "retry-after": "5" })]);
    const { manager } = setup({ fetchToken: endpoint.fetchToken });
    const results = await Promise.all(Array.from({ length: 25 }, () => rejection(manager.getToken())));
    expect(new Set(results.map((error) => error.retryAfterMs))).toEqual(new Set([5_000]));
    expect(endpoint.calls()).toBe(1);
  });

  it("keeps serving a still valid token while blocked, without trying a background refresh", async () => {
    // A 440-s token: its early refresh starts 330 s before expiry and its margin is half its life,
    // 220 s, so the block below (60 s) ends while it still serves, and outlasts the 30 s after
    // which a failed background refresh would be retried were it not blocked.
    const endpoint = scriptedTokenEndpoint([
      issued("first", 440),
      tooMany({ "retry-after": "60" }),
      issued("second"),
    ]);
    const { clock, manager } = setup({ fetchToken: endpoint.fetchToken });
    expect(await manager.getToken()).toBe("first");
    await clock.advance(110_000); // into the early-refresh window
    expect(await manager.getToken()).toBe("first"); // starts the refresh that gets the 429
    await clock.advance(1_000);
    expect(manager.snapshot().blockedForMs).toBe(59_000);
    for (let i = 0; i < 5; i++) {
      expect(await manager.getToken()).toBe("first");
      await clock.advance(10_000);
    }
    expect(endpoint.calls()).toBe(2);
    await clock.advance(9_000);
    expect(await manager.getToken()).toBe("first"); // block over: refresh again
    await clock.advance(0);
    expect(await manager.getToken()).toBe("second");
  });
});
