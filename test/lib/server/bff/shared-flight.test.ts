// One load for identical concurrent requests, cancelled only when every caller has gone. A caller
// that has gone before the load starts (a browser tab closed mid-request) must not leave a
// rejected load that nobody handles: Node reports it as an unhandled rejection with a stack trace.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SharedFlights } from "@/lib/server/bff/freshness-cache";

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", record);
});
afterEach(() => {
  process.off("unhandledRejection", record);
});

/** A load that runs until its signal aborts, as an upstream call does. */
const loadUntilAborted = (signal: AbortSignal) =>
  new Promise<string>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error)));

const turn = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("SharedFlights", () => {
  it("shares one load between callers and hands each its result", async () => {
    const flights = new SharedFlights<string>();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await turn();
      return "page";
    };
    const results = await Promise.all([flights.run("k", load), flights.run("k", load)]);
    expect(results).toEqual(["page", "page"]);
    expect(loads).toBe(1);
  });

  it("cancels the load when its only caller goes away, and that caller gets the reason", async () => {
    const flights = new SharedFlights<string>();
    const caller = new AbortController();
    const result = flights.run("k", loadUntilAborted, caller.signal);
    caller.abort(new Error("client gone"));
    await expect(result).rejects.toThrow("client gone");
    await turn();
    expect(unhandled).toEqual([]);
  });

  it("leaves no unhandled rejection when the caller had gone before the load began", async () => {
    const flights = new SharedFlights<string>();
    const gone = AbortSignal.abort(new Error("client gone"));
    await expect(flights.run("k", loadUntilAborted, gone)).rejects.toThrow("client gone");
    await turn();
    expect(unhandled).toEqual([]);
  });

  it("keeps the load for the callers still waiting when one goes", async () => {
    const flights = new SharedFlights<string>();
    const leaving = new AbortController();
    let finish: (value: string) => void = () => undefined;
    const load = () => new Promise<string>((resolve) => (finish = resolve));
    const first = flights.run("k", load, leaving.signal);
    const second = flights.run("k", load, new AbortController().signal);
    leaving.abort(new Error("client gone"));
    await expect(first).rejects.toThrow("client gone");
    finish("page");
    await expect(second).resolves.toBe("page");
  });
});
