// renewAfterUnauthorized: a 401 from /v1 forces one renewal shared by every caller, at most
// once per interval, so a token the service keeps refusing becomes an error instead of a loop.
import { describe, expect, it } from "vitest";
import { settle } from "../fake-clock";
import { setup } from "./fake-endpoint";
import { TokenEndpointError } from "@/lib/server/upstream/token/errors";

describe("TokenManager.renewAfterUnauthorized", () => {
  it("renews once for 50 concurrent callers holding the same rejected token", async () => {
    const { endpoint, manager } = setup();
    const rejected = await manager.getToken();
    const release = endpoint.holdNext();
    const renewals = Array.from({ length: 50 }, () => manager.renewAfterUnauthorized(rejected));
    await settle();
    release();
    expect(new Set(await Promise.all(renewals))).toEqual(new Set(["token-2"]));
    expect(endpoint.calls).toBe(2);
    expect(manager.isFreshlyRenewed("token-2")).toBe(true);
    expect(await manager.getToken()).toBe("token-2");
  });

  it("does not renew again within 30 s: the fresh token comes back and the caller gives up", async () => {
    const { clock, endpoint, manager } = setup();
    const first = await manager.getToken();
    const renewed = await manager.renewAfterUnauthorized(first);
    await clock.advance(29_999);
    // The renewed token got a 401 too (say the client was revoked): no second renewal yet.
    expect(await manager.renewAfterUnauthorized(renewed)).toBe(renewed);
    expect(manager.isFreshlyRenewed(renewed)).toBe(true);
    expect(endpoint.calls).toBe(2);

    await clock.advance(1);
    expect(manager.isFreshlyRenewed(renewed)).toBe(false);
    expect(await manager.renewAfterUnauthorized(renewed)).toBe("token-3");
    expect(endpoint.calls).toBe(3);
  });

  it("returns the current token without fetching when the rejected one is stale", async () => {
    const { endpoint, manager } = setup();
    const old = await manager.getToken();
    const current = await manager.renewAfterUnauthorized(old);
    // A request that started with the old token got its 401 only now.
    expect(await manager.renewAfterUnauthorized(old)).toBe(current);
    expect(await manager.renewAfterUnauthorized("some-other-old-token")).toBe(current);
    expect(endpoint.calls).toBe(2);
  });

  it("shares a refresh already under way when it brings a different token", async () => {
    const { clock, endpoint, manager } = setup();
    const first = await manager.getToken();
    await clock.advance(55 * 60_000);
    const release = endpoint.holdNext();
    const refreshing = manager.getToken();
    const renewing = manager.renewAfterUnauthorized(first);
    await settle();
    release();
    expect(await refreshing).toBe("token-2");
    expect(await renewing).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("does not cache a failed renewal: the next 401 tries again", async () => {
    const { endpoint, manager } = setup();
    const first = await manager.getToken();
    endpoint.failures.push(new TokenEndpointError("unavailable", "down"));
    await expect(manager.renewAfterUnauthorized(first)).rejects.toMatchObject({ reason: "unavailable" });
    expect(await manager.renewAfterUnauthorized(first)).toBe("token-3");
  });

  it("lets an aborted caller go while the renewal completes for the others", async () => {
    const { endpoint, manager } = setup();
    const first = await manager.getToken();
    const release = endpoint.holdNext();
    const controller = new AbortController();
    const leaving = manager.renewAfterUnauthorized(first, controller.signal).catch((e: unknown) => e);
    const staying = manager.renewAfterUnauthorized(first);
    await settle();
    controller.abort(new Error("gone"));
    expect(await leaving).toMatchObject({ message: "gone" });
    release();
    expect(await staying).toBe("token-2");
  });
});
