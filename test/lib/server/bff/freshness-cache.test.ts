// Coalescing and staleness of the dashboard's upstream cache.
import { describe, expect, it } from "vitest";
import { FreshnessCache } from "@/lib/server/bff/freshness-cache";
import { SharedFlights } from "@/lib/server/bff/freshness-cache";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe("SharedFlights", () => {
  it("turns 100 concurrent identical loads into one", async () => {
    const flights = new SharedFlights<number>();
    let loads = 0;
    const gate = deferred<number>();
    const all = Array.from({ length: 100 }, () => flights.run("k", () => (loads++, gate.promise)));
    gate.resolve(7);
    expect(await Promise.all(all)).toEqual(Array(100).fill(7));
    expect(loads).toBe(1);
  });

  it("keeps loading for the others when one caller leaves, and cancels when the last leaves", async () => {
    const flights = new SharedFlights<number>();
    let loadSignal: AbortSignal | undefined;
    const gate = deferred<number>();
    const first = new AbortController();
    const second = new AbortController();
    const a = flights.run("k", (signal) => ((loadSignal = signal), gate.promise), first.signal);
    const b = flights.run("k", () => gate.promise, second.signal);
    first.abort(new Error("gone"));
    await expect(a).rejects.toThrow("gone");
    expect(loadSignal!.aborted).toBe(false);
    second.abort(new Error("gone too"));
    await expect(b).rejects.toThrow("gone too");
    expect(loadSignal!.aborted).toBe(true);
  });
});

describe("FreshnessCache", () => {
  function cache(refreshInBackground: boolean) {
    let now = 0;
    const subject = new FreshnessCache<{ n: number }>({
      maxEntries: 10,
      freshMs: 1_000,
      staleMs: 60_000,
      refreshInBackground,
      now: () => now,
    });
    return { subject, advance: (ms: number) => (now += ms) };
  }

  it("serves a fresh answer without loading again", async () => {
    const { subject, advance } = cache(false);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect((await subject.get("k", load)).hit).toBe(false);
    advance(500);
    expect(await subject.get("k", load)).toMatchObject({ value: { n: 1 }, hit: true, stale: false });
    expect(loads).toBe(1);
  });

  it("serves the old answer, marked stale with its age, when a refresh fails", async () => {
    const { subject, advance } = cache(false);
    await subject.get("k", async () => ({ n: 1 }));
    advance(5_000);
    const failure = new Error("upstream down");
    const served = await subject.get("k", async () => {
      throw failure;
    });
    // The failure goes with it, so the answer can say why it is old.
    expect(served).toMatchObject({ value: { n: 1 }, stale: true, fetchedAt: 0, refreshError: failure });
  });

  it("fails when the only answer is older than the stale limit", async () => {
    const { subject, advance } = cache(false);
    await subject.get("k", async () => ({ n: 1 }));
    advance(61_000);
    await expect(subject.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });

  it("with background refresh, answers stale at once and has the new answer next time", async () => {
    const { subject, advance } = cache(true);
    await subject.get("k", async () => ({ n: 1 }));
    advance(2_000);
    const gate = deferred<{ n: number }>();
    expect(await subject.get("k", () => gate.promise)).toMatchObject({ value: { n: 1 }, stale: true });
    gate.resolve({ n: 2 });
    await gate.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await subject.get("k", () => gate.promise)).toMatchObject({
      value: { n: 2 },
      stale: false,
      hit: true,
    });
  });
});
