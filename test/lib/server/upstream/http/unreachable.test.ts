// A service that refuses connections is unavailable, not busy: calls that never left this
// instance give their budget slot back, so however many people keep trying during an outage,
// they are told the service cannot be reached, and the budget is whole when it comes back. One
// whose answer stops half way did not answer in time, whatever its status said.
import { once } from "node:events";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { asDashboardError } from "@/lib/server/bff/upstream-failure";
import { MemoryRateLog } from "@/lib/server/upstream/budget/rate-log/rate-log";
import { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { UpstreamError, VtsClient } from "@/lib/server/upstream/http/vts-client";
import type { TokenManager } from "@/lib/server/upstream/token/manager";

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("a service that refuses connections", () => {
  it("is unavailable to every caller, however many, and the budget keeps its slots", async () => {
    const budget = new UpstreamBudget({ rateLog: new MemoryRateLog() });
    // The limit is known, as once the service has answered: 60 a minute, 58 of them ours to use.
    await budget.recordResponse(
      200,
      new Headers({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59", "x-ratelimit-reset": "60" }),
    );
    const vts = new VtsClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      tokens: { getToken: async () => "token" } as unknown as TokenManager,
      budget,
      timeoutMs: 5_000,
    });
    const codes: string[] = [];
    for (let call = 0; call < 70; call++) {
      const error = await vts
        .listLocations({ priority: "interactive", deadlineMs: Date.now() + 15_000 })
        .catch((failure: unknown) => failure);
      codes.push(asDashboardError(error)?.code ?? String(error));
    }
    expect(new Set(codes)).toEqual(new Set(["upstream_unavailable"]));
    // The one entry is the service's own count, from its answer before the outage.
    expect((await budget.snapshot()).usedInWindow).toBeLessThanOrEqual(1);
  });
});

describe("a service whose answer stops half way", () => {
  it("did not answer in time: a timeout, not an answer of an unexpected shape", async () => {
    const server = createHttpServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"data":['); // and nothing more
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const budget = new UpstreamBudget({ rateLog: new MemoryRateLog() });
    const vts = new VtsClient({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      tokens: { getToken: async () => "token" } as unknown as TokenManager,
      budget,
      timeoutMs: 300,
    });
    try {
      const error = await vts
        .listLocations({ priority: "interactive", deadlineMs: Date.now() + 5_000 })
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).failure).toBe("timeout");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("a grant a request does not use", () => {
  it("goes back when no token came after the wait, and a caller who left still counts the answer's headers", async () => {
    const counted: string[] = [];
    const budget = {
      acquire: async () => {},
      recordResponse: async (status: number) => void counted.push(`response ${status}`),
      recordUnused: () => void counted.push("unused"),
      recordAbandoned: () => void counted.push("abandoned"),
    } as unknown as UpstreamBudget;
    let tokens = 0;
    const noTokenAfterWait = new VtsClient({
      baseUrl: "http://127.0.0.1:9",
      tokens: {
        getToken: async () => {
          tokens += 1;
          if (tokens > 1) throw new Error("the token endpoint refused");
          return "token";
        },
      } as unknown as TokenManager,
      budget,
      timeoutMs: 5_000,
    });
    await expect(
      noTokenAfterWait.listLocations({ priority: "interactive", deadlineMs: Date.now() + 5_000 }),
    ).rejects.toThrow("the token endpoint refused");
    expect(counted).toEqual(["unused"]);

    // Headers come, then the body stalls, and the caller leaves.
    const server = createHttpServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "x-ratelimit-remaining": "5" });
      response.write('{"data":[');
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const leaving = new AbortController();
    const callerLeaves = new VtsClient({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      tokens: { getToken: async () => "token" } as unknown as TokenManager,
      budget,
      timeoutMs: 5_000,
      onCall: () => setTimeout(() => leaving.abort(new Error("the caller left")), 50),
    });
    counted.length = 0;
    try {
      await expect(
        callerLeaves.listLocations({
          priority: "interactive",
          deadlineMs: Date.now() + 5_000,
          signal: leaving.signal,
        }),
      ).rejects.toThrow("the caller left");
      expect(counted).toEqual(["response 200"]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
