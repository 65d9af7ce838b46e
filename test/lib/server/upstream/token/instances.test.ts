// Several managers on one store stand for several dashboard instances (the Redis case, on a fake
// clock): they share one token and one fetch lock, and tokens for different scopes stay apart.
import { describe, expect, it } from "vitest";
import { FakeClock, settle } from "../fake-clock";
import { FakeEndpoint } from "./fake-endpoint";
import { TokenManager } from "@/lib/server/upstream/token/manager";
import { TokenEndpointError } from "@/lib/server/upstream/token/errors";
import { MemoryTokenStore, tokenCacheKey, type TokenStore } from "@/lib/server/upstream/token/store";

function instances(count: number, cacheKeys: string[] = ["shared"]) {
  const clock = new FakeClock();
  const endpoint = new FakeEndpoint();
  const store = new MemoryTokenStore(clock);
  const managers = Array.from(
    { length: count },
    (_, index) =>
      new TokenManager({
        fetchToken: endpoint.fetchToken,
        cacheKey: cacheKeys[index % cacheKeys.length] ?? "shared",
        store,
        clock,
      }),
  );
  return { clock, endpoint, store, managers };
}

describe("TokenManager instances sharing a store", () => {
  it("fetches once for cold callers on every instance; the others wait for the lock holder", async () => {
    const { clock, endpoint, managers } = instances(3);
    const release = endpoint.holdNext();
    const callers = Array.from({ length: 90 }, (_, i) => managers[i % 3]!.getToken());
    await settle();
    await clock.advance(500); // the others poll meanwhile
    release();
    await clock.advance(200);
    expect(new Set(await Promise.all(callers))).toEqual(new Set(["token-1"]));
    expect(endpoint.calls).toBe(1);
    expect(managers.map((manager) => manager.snapshot().fetches)).toEqual([1, 0, 0]);
  });

  it("takes over the fetch when the lock holder stalls past the lock's lifetime", async () => {
    const { clock, endpoint, managers } = instances(2);
    const [stalled, other] = managers as [TokenManager, TokenManager];
    endpoint.holdNext(); // the first fetch never answers
    const stalledCall = stalled.getToken().catch((e: unknown) => e);
    await settle();
    const otherCall = other.getToken();
    await clock.advance(14_900);
    expect(endpoint.calls).toBe(1);
    await clock.advance(200);
    expect(await otherCall).toBe("token-2");
    expect(endpoint.calls).toBe(2);
    await clock.advance(30_000);
    expect(await stalledCall).toMatchObject({ reason: "timeout" });
  });

  it("adopts a renewal made by another instance instead of renewing again", async () => {
    const { endpoint, managers } = instances(2);
    const [first, second] = managers as [TokenManager, TokenManager];
    const rejected = await first.getToken();
    expect(await second.getToken()).toBe(rejected);
    expect(await first.renewAfterUnauthorized(rejected)).toBe("token-2");
    expect(await second.renewAfterUnauthorized(rejected)).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("adopts a background refresh made by another instance", async () => {
    const { clock, endpoint, managers } = instances(2);
    const [first, second] = managers as [TokenManager, TokenManager];
    await first.getToken();
    await second.getToken();
    await clock.advance(54 * 60_000 + 45_000); // after the early refresh starts (54.5 min), before the margin (55)
    expect(await first.getToken()).toBe("token-1");
    await settle();
    expect(await first.getToken()).toBe("token-2");
    expect(await second.getToken()).toBe("token-1"); // its refresh finds token-2 in the store
    await settle();
    expect(await second.getToken()).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("keeps one token per scope", async () => {
    const base = { baseUrl: "http://vts.test/", clientId: "dashboard" };
    const tasksKey = tokenCacheKey({ ...base, scope: "tasks:read" });
    const bothKey = tokenCacheKey({ ...base, scope: "tasks:read locations:read" });
    expect(tokenCacheKey({ ...base, scope: "locations:read  tasks:read" })).toBe(bothKey);
    expect(tokenCacheKey({ ...base, baseUrl: "http://vts.test" })).not.toBe(tasksKey);
    expect(tokenCacheKey({ ...base, clientId: "other", scope: "tasks:read" })).not.toBe(tasksKey);

    const { endpoint, managers } = instances(3, [tasksKey, bothKey, tasksKey]);
    const [tasks, both, tasksAgain] = managers as [TokenManager, TokenManager, TokenManager];
    expect(await tasks.getToken()).toBe("token-1");
    expect(await both.getToken()).toBe("token-2");
    expect(await tasksAgain.getToken()).toBe("token-1");
    expect(endpoint.calls).toBe(2);
  });

  it("does not release a lock it no longer holds", async () => {
    const clock = new FakeClock();
    const store: TokenStore = new MemoryTokenStore(clock);
    const lapsed = await store.acquireFetchLock("k", 1_000);
    await clock.advance(1_000);
    const current = await store.acquireFetchLock("k", 1_000);
    expect(current).toBeDefined();
    await lapsed?.release();
    expect(await store.acquireFetchLock("k", 1_000)).toBeUndefined();
    await current?.release();
    expect(await store.acquireFetchLock("k", 1_000)).toBeDefined();
  });
});

describe("TokenManager instances after the store was away", () => {
  it("converge on the first token offered to the emptied store, without fetching", async () => {
    const clock = new FakeClock();
    const endpoint = new FakeEndpoint();
    // Each instance on its own memory (Redis down), then all on one empty store (Redis back).
    const stores: TokenStore[] = [new MemoryTokenStore(clock), new MemoryTokenStore(clock)];
    const switchable = (index: number): TokenStore => ({
      get: (key) => stores[index]!.get(key),
      set: (key, token) => stores[index]!.set(key, token),
      offer: (key, token) => stores[index]!.offer(key, token),
      acquireFetchLock: (key, ttlMs) => stores[index]!.acquireFetchLock(key, ttlMs),
    });
    const [first, second] = [0, 1].map(
      (index) =>
        new TokenManager({ fetchToken: endpoint.fetchToken, cacheKey: "k", store: switchable(index), clock }),
    ) as [TokenManager, TokenManager];
    expect(await first.getToken()).toBe("token-1");
    expect(await second.getToken()).toBe("token-2");

    const back = new MemoryTokenStore(clock);
    stores[0] = back;
    stores[1] = back;
    await clock.advance(5_000);
    await second.getToken(); // offers token-2 first: it wins
    await settle();
    await first.getToken(); // finds token-2 stored and adopts it
    await settle();
    expect(await first.getToken()).toBe("token-2");
    expect(await second.getToken()).toBe("token-2");
    expect(endpoint.calls).toBe(2);
  });

  it("never offers a token the service refused, once the refusal is no longer remembered", async () => {
    const clock = new FakeClock();
    const endpoint = new FakeEndpoint();
    let store: TokenStore = new MemoryTokenStore(clock);
    const current: TokenStore = {
      get: (key) => store.get(key),
      set: (key, token) => store.set(key, token),
      offer: (key, token) => store.offer(key, token),
      acquireFetchLock: (key, ttlMs) => store.acquireFetchLock(key, ttlMs),
    };
    const manager = new TokenManager({
      fetchToken: endpoint.fetchToken,
      cacheKey: "k",
      store: current,
      clock,
    });
    expect(await manager.getToken()).toBe("token-1");
    // /v1 refuses token-1 and the token endpoint refuses the client: token-1 stays in hand.
    endpoint.failures.push(
      new TokenEndpointError("rejected", "answered 401 invalid_client", { status: 401 }),
    );
    await expect(manager.renewAfterUnauthorized("token-1")).rejects.toMatchObject({ reason: "rejected" });
    store = new MemoryTokenStore(clock); // Redis back, empty
    await clock.advance(31_000); // past the refusal's memory and the next convergence
    await manager.getToken().catch(() => undefined);
    await settle();
    expect((await store.get("k"))?.accessToken).not.toBe("token-1");
  });
});
