import { describe, expect, it } from "vitest";
import { settle, track } from "../fake-clock";
import { MINUTE, setup } from "./fake-endpoint";
import {
  ATTEMPT_TIMEOUT_MS,
  BACKGROUND_RETRY_MS,
  EARLY_REFRESH_MS,
} from "@/lib/server/upstream/token/manager-options";
import {
  TokenEndpointError,
  TokenUnavailableError,
  type TokenRefusal,
} from "@/lib/server/upstream/token/errors";

const HOUR = 60 * MINUTE;

describe("TokenManager: caching", () => {
  it("reuses the token until five minutes before expiry, counted from receipt", async () => {
    const { clock, endpoint, manager } = setup();
    expect(await manager.getToken()).toBe("token-1");
    // The early refresh the next call starts is held at the endpoint: only the margin decides.
    const release = endpoint.holdNext();
    await clock.advance(HOUR - 5 * MINUTE - 1);
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(endpoint.calls).toBe(2);
    await clock.advance(1);
    const atMargin = manager.getToken();
    const outcome = track(atMargin);
    await settle();
    expect(outcome.state).toBe("pending");
    release();
    expect(await atMargin).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("counts the lifetime from when the token arrived, not from when it was asked for", async () => {
    const { clock, endpoint, manager } = setup();
    const release = endpoint.holdNext();
    const first = manager.getToken();
    await clock.advance(20_000); // a slow token endpoint
    release();
    expect(await first).toBe("token-1");
    await clock.advance(HOUR - 5 * MINUTE - 1);
    expect(await manager.getToken()).toBe("token-1");
  });

  it("refreshes in the background ahead of the margin, serving the old token meanwhile", async () => {
    const { clock, endpoint, manager } = setup();
    expect(await manager.getToken()).toBe("token-1");
    await clock.advance(HOUR - EARLY_REFRESH_MS);
    const release = endpoint.holdNext();
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(endpoint.calls).toBe(2);
    const meanwhile = await Promise.all(Array.from({ length: 20 }, () => manager.getToken()));
    expect(new Set(meanwhile)).toEqual(new Set(["token-1"]));
    expect(endpoint.calls).toBe(2);
    expect(manager.snapshot().refreshing).toBe(true);
    release();
    await settle();
    expect(await manager.getToken()).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("by default asks for the next token half a minute before the five-minute margin", async () => {
    const { clock, endpoint, manager } = setup();
    await manager.getToken();
    await clock.advance(HOUR - 6 * MINUTE);
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(endpoint.calls).toBe(1);
    await clock.advance(31_000);
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(endpoint.calls).toBe(2);
  });

  it("keeps serving the old token when the background refresh fails, and retries later", async () => {
    const { clock, endpoint, manager } = setup();
    // An 8-minute token: its early refresh comes 5.5 min before expiry, its margin at half its
    // life (4 min), which leaves room for a background retry before the margin. (An hour's token
    // reaches the margin just as the retry falls due, and then the caller waits for a new one.)
    endpoint.lifetimeSeconds = 8 * 60;
    await manager.getToken();
    await clock.advance(8 * MINUTE - EARLY_REFRESH_MS);
    endpoint.failures.push(new TokenEndpointError("unavailable", "down"));
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(manager.snapshot().lastError?.reason).toBe("unavailable");
    expect(await manager.getToken()).toBe("token-1");
    expect(endpoint.calls).toBe(2);
    await clock.advance(BACKGROUND_RETRY_MS - 1);
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(endpoint.calls).toBe(2);
    await clock.advance(1);
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(endpoint.calls).toBe(3);
    expect(await manager.getToken()).toBe("token-3");
  });

  it("says when a background refresh fails, once per try", async () => {
    const told: string[] = [];
    const { clock, endpoint, manager } = setup({ onRefreshError: (error) => told.push(error.reason) });
    endpoint.lifetimeSeconds = 8 * 60;
    await manager.getToken();
    await clock.advance(8 * MINUTE - EARLY_REFRESH_MS);
    endpoint.failures.push(new TokenEndpointError("unavailable", "down"));
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(await manager.getToken()).toBe("token-1");
    await settle();
    expect(told).toEqual(["unavailable"]);
  });

  it("serves the token held while the service still takes it when its renewal fails", async () => {
    const { clock, endpoint, manager } = setup();
    await manager.getToken();
    // Past the five-minute margin, the background refresh's tries all failed: a renewal is due.
    await clock.advance(HOUR - 4 * MINUTE);
    endpoint.failures.push(
      new TokenEndpointError("rate_limited", "429", { status: 429, retryAfterMs: 60_000 }),
    );
    expect(await manager.getToken()).toBe("token-1");
    expect(endpoint.calls).toBe(2);
    // Within its last minute it is no longer offered.
    await clock.advance(3 * MINUTE + 1);
    endpoint.failures.push(new TokenEndpointError("unavailable", "down"));
    await expect(manager.getToken()).rejects.toBeInstanceOf(TokenUnavailableError);
  });

  it("never serves a token the client's refusal or /v1 has disowned", async () => {
    const { clock, endpoint, manager } = setup();
    await manager.getToken();
    await clock.advance(HOUR - 4 * MINUTE);
    endpoint.failures.push(
      new TokenEndpointError("rejected", "invalid_client", { status: 401, oauthError: "invalid_client" }),
    );
    await expect(manager.getToken()).rejects.toMatchObject({ reason: "rejected" });
  });

  it("makes exactly one token request for 500 concurrent cold callers", async () => {
    const { endpoint, manager } = setup();
    const release = endpoint.holdNext();
    const callers = Array.from({ length: 500 }, () => manager.getToken());
    await settle();
    release();
    const tokens = await Promise.all(callers);
    expect(endpoint.calls).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(["token-1"]));
  });

  it("does not refetch on every call when the service issues tokens shorter than the margin", async () => {
    const { clock, endpoint, manager } = setup();
    endpoint.lifetimeSeconds = 60;
    await manager.getToken();
    await clock.advance(29_000);
    await manager.getToken();
    expect(endpoint.calls).toBe(1);
    await clock.advance(1_000);
    expect(await manager.getToken()).toBe("token-2");
  });
});

describe("TokenManager: failures", () => {
  it("does not cache a failure: every waiter gets it, the next call tries again", async () => {
    const { endpoint, manager } = setup();
    endpoint.failures.push(
      new TokenEndpointError("unavailable", "token endpoint answered 503", { status: 503 }),
    );
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => manager.getToken()));
    expect(endpoint.calls).toBe(1);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      const reason = (result as PromiseRejectedResult).reason as TokenUnavailableError;
      expect(reason).toBeInstanceOf(TokenUnavailableError);
      expect(reason.reason).toBe("unavailable");
    }
    expect(await manager.getToken()).toBe("token-2");
    expect(manager.snapshot().lastError).toBeUndefined();
  });

  it("remembers a refused client for 30 s: answered from memory, reported once, then asked again", async () => {
    const refusals: TokenRefusal[] = [];
    const { clock, endpoint, manager } = setup({ onRefused: (refusal) => refusals.push(refusal) });
    endpoint.failures.push(
      new TokenEndpointError("rejected", "answered 401 invalid_client", {
        status: 401,
        oauthError: "invalid_client",
      }),
    );
    await expect(manager.getToken()).rejects.toMatchObject({ reason: "rejected" });
    await clock.advance(30_000 - 1);
    await expect(manager.getToken()).rejects.toMatchObject({ reason: "rejected" });
    await expect(manager.renewAfterUnauthorized("token-0")).rejects.toMatchObject({ reason: "rejected" });
    expect(endpoint.calls).toBe(1);
    expect(manager.snapshot().refusedForMs).toBe(1);
    expect(refusals).toEqual([
      expect.objectContaining({ oauthError: "invalid_client", status: 401, rememberedForMs: 30_000 }),
    ]);
    await clock.advance(1);
    expect(await manager.getToken()).toBe("token-2");
    expect(refusals).toHaveLength(1);
  });

  it("does not remember failures other than a refusal", async () => {
    const { endpoint, manager } = setup();
    endpoint.failures.push(new TokenEndpointError("invalid_response", "answered 200 with an invalid body"));
    await expect(manager.getToken()).rejects.toMatchObject({ reason: "invalid_response" });
    expect(manager.snapshot().refusedForMs).toBe(0);
    expect(await manager.getToken()).toBe("token-2");
  });

  it("wraps foreign errors without repeating their message, which might hold secrets", async () => {
    const { endpoint, manager } = setup();
    endpoint.failures.push(new Error("Basic c2VjcmV0 was refused"));
    const error = (await manager.getToken().catch((e: unknown) => e)) as TokenUnavailableError;
    expect(error).toBeInstanceOf(TokenUnavailableError);
    expect(error.message).not.toContain("c2VjcmV0");
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("gives up on a hung token endpoint at the deadline, aborting the request", async () => {
    const { clock, endpoint, manager } = setup();
    endpoint.holdNext(); // never released
    const waiting = manager.getToken().catch((e: unknown) => e);
    await clock.advance(ATTEMPT_TIMEOUT_MS);
    const error = (await waiting) as TokenUnavailableError;
    expect(error.reason).toBe("timeout");
    expect(endpoint.signals[0]?.aborted).toBe(true);
    expect(await manager.getToken()).toBe("token-2");
    expect(clock.pendingSleeps).toBe(0);
  });

  it("snapshot shows health without the token", async () => {
    const { clock, endpoint, manager } = setup();
    expect(manager.snapshot()).toMatchObject({ hasToken: false, expiresInMs: undefined, fetches: 0 });
    await manager.getToken();
    await clock.advance(MINUTE);
    const snapshot = manager.snapshot();
    expect(snapshot).toEqual({
      hasToken: true,
      expiresInMs: HOUR - MINUTE,
      fetches: 1,
      refreshing: false,
      refusedForMs: 0,
      blockedForMs: undefined,
      lastError: undefined,
    });
    expect(JSON.stringify(snapshot)).not.toContain("token-1");
    expect(endpoint.calls).toBe(1);
  });
});

describe("TokenManager: aborts", () => {
  it("lets an aborted waiter go while the shared fetch completes for the others", async () => {
    const { endpoint, manager } = setup();
    const release = endpoint.holdNext();
    const controller = new AbortController();
    const leaving = manager.getToken(controller.signal).catch((e: unknown) => e);
    const staying = manager.getToken();
    await settle();
    expect(endpoint.calls).toBe(1);
    const reason = new Error("client went away");
    controller.abort(reason);
    expect(await leaving).toBe(reason);
    expect(endpoint.signals[0]?.aborted).toBe(false);
    release();
    expect(await staying).toBe("token-1");
    expect(endpoint.calls).toBe(1);
  });

  it("rejects at once with the reason of a signal that already aborted", async () => {
    const { endpoint, manager } = setup();
    const reason = new DOMException("deadline passed", "TimeoutError");
    await expect(manager.getToken(AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(endpoint.calls).toBe(0);
  });

  it("ends a caller's wait at its deadline without failing the fetch", async () => {
    const { clock, endpoint, manager } = setup();
    const release = endpoint.holdNext();
    const deadline = new AbortController();
    void clock.sleep(2_000).then(() => deadline.abort(new DOMException("deadline", "TimeoutError")));
    const waiting = manager.getToken(deadline.signal).catch((e: unknown) => e);
    await clock.advance(2_000);
    expect(await waiting).toMatchObject({ name: "TimeoutError" });
    release();
    expect(await manager.getToken()).toBe("token-1");
    expect(endpoint.calls).toBe(1);
  });
});
