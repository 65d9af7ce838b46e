// The Server-Timing header of the data routes: where a request's time went, and what the cache did.
import { describe, expect, it } from "vitest";
import { FreshnessCache } from "@/lib/server/bff/freshness-cache";
import {
  RequestTiming,
  recordTiming,
  timedCacheRead,
  withServerTiming,
} from "@/lib/server/bff/request-timing";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parts(header: string | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of (header ?? "").split(", ")) {
    const [name, value] = entry.split(";");
    result[name!] = value!.replace(/^(dur|desc)=/, "");
  }
  return result;
}

function cache() {
  return new FreshnessCache<{ n: number }>({
    maxEntries: 10,
    freshMs: 30_000,
    staleMs: 60_000,
    refreshInBackground: false,
  });
}

describe("withServerTiming", () => {
  it("splits the handler's time into queue, upstream and the BFF's own", async () => {
    let now = 1_000;
    const timing = new RequestTiming(() => now);
    const response = await withServerTiming(async () => {
      recordTiming("queue", 3);
      recordTiming("upstream", 10);
      now += 20;
      return Response.json({});
    }, timing);
    expect(parts(response.headers.get("server-timing"))).toEqual({
      total: "20.00",
      queue: "3.00",
      upstream: "10.00",
      shared: "0.00",
      bff: "7.00",
    });
  });

  it("says miss when any page had to be fetched, hit only when every page came from the cache", async () => {
    const pages = cache();
    const load = (n: number) => async () => {
      recordTiming("upstream", 1);
      return { n };
    };
    const read = (key: string) => timedCacheRead(() => pages.get(key, load(1)));
    const first = await withServerTiming(async () => (await read("a"), Response.json({})));
    const second = await withServerTiming(async () => (await read("a"), await read("b"), Response.json({})));
    const third = await withServerTiming(async () => (await read("a"), await read("b"), Response.json({})));
    expect(parts(first.headers.get("server-timing")).cache).toBe("miss");
    expect(parts(second.headers.get("server-timing")).cache).toBe("miss");
    expect(parts(third.headers.get("server-timing")).cache).toBe("hit");
    expect(parts(third.headers.get("server-timing")).upstream).toBe("0.00");
  });

  it("counts waiting for another request's identical call as shared, not as the BFF's own time", async () => {
    const pages = cache();
    const load = async () => {
      const started = performance.now();
      await sleep(40);
      recordTiming("upstream", performance.now() - started);
      return { n: 1 };
    };
    const request = () =>
      withServerTiming(async () => (await timedCacheRead(() => pages.get("k", load)), Response.json({})));
    const [owner, joiner] = (await Promise.all([request(), request()])).map((r) =>
      parts(r.headers.get("server-timing")),
    );
    expect(Number(owner!.upstream)).toBeGreaterThanOrEqual(35);
    expect(owner!.shared).toBe("0.00");
    expect(joiner!.upstream).toBe("0.00");
    expect(Number(joiner!.shared)).toBeGreaterThanOrEqual(35);
    expect(Number(joiner!.bff)).toBeLessThan(Number(joiner!.shared));
  });

  it("records nothing outside a timed request", async () => {
    recordTiming("upstream", 5);
    const cached = await timedCacheRead(() => cache().get("k", async () => ({ n: 1 })));
    expect(cached.value).toEqual({ n: 1 });
  });
});
