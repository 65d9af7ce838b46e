// What the upstream client reports for a request's Server-Timing: the budget wait, granted or not,
// and the exchange with the service up to the last byte of its body.
import { describe, expect, it } from "vitest";
import { BudgetExhaustedError } from "@/lib/server/upstream/budget/queue";
import type { TokenManager } from "@/lib/server/upstream/token/manager";
import type { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";
import { VtsClient } from "@/lib/server/upstream/http/vts-client";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 200 whose body arrives `delayMs` after its headers. */
function slowBody(json: unknown, delayMs: number): Response {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      await sleep(delayMs);
      controller.enqueue(new TextEncoder().encode(JSON.stringify(json)));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}

function client(acquire: () => Promise<void>, response: () => Response) {
  const timings: { part: "queue" | "upstream"; ms: number }[] = [];
  const vts = new VtsClient({
    baseUrl: "http://service.test",
    tokens: { getToken: async () => "token" } as unknown as TokenManager,
    budget: { acquire, recordResponse: async () => {} } as unknown as UpstreamBudget,
    timeoutMs: 5_000,
    fetchImpl: async () => response(),
    onTiming: (part, ms) => timings.push({ part, ms }),
  });
  return { vts, timings };
}

const call = { priority: "interactive" as const, deadlineMs: Date.now() + 60_000 };

describe("VtsClient timing", () => {
  it("counts the slot wait as queue and the body's arrival as upstream", async () => {
    const { vts, timings } = client(
      () => sleep(30),
      () => slowBody({ data: [] }, 40),
    );
    expect(await vts.listLocations(call)).toEqual([]);
    const [queue, upstream] = timings;
    expect(queue?.part).toBe("queue");
    expect(queue?.ms).toBeGreaterThanOrEqual(25);
    expect(upstream?.part).toBe("upstream");
    expect(upstream?.ms).toBeGreaterThanOrEqual(35);
  });

  it("gives up on a service that keeps answering 429, with the wait it last asked for", async () => {
    const { vts } = client(
      async () => {},
      () => Response.json({ error: {} }, { status: 429, headers: { "retry-after": "7" } }),
    );
    await expect(vts.listLocations(call)).rejects.toMatchObject({
      details: { status: 429, retryAfterMs: 7_000 },
    });
  });

  it("reports the wait of a slot that never came", async () => {
    const { vts, timings } = client(
      async () => {
        await sleep(30);
        throw new BudgetExhaustedError(1_000);
      },
      () => Response.json({ data: [] }),
    );
    await expect(vts.listLocations(call)).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(timings.map((t) => t.part)).toEqual(["queue"]);
    expect(timings[0]!.ms).toBeGreaterThanOrEqual(25);
  });
});

describe("the token a request carries", () => {
  it("is the one held when its slot comes, not the one held when it began to wait", async () => {
    const tokens = ["token-1", "token-2"];
    let granted = () => {};
    const sent: string[] = [];
    const vts = new VtsClient({
      baseUrl: "http://service.test",
      // The token manager's answer changes while the request waits: its refresh came meanwhile.
      tokens: { getToken: async () => tokens[0]! } as unknown as TokenManager,
      budget: {
        acquire: () => new Promise<void>((resolve) => (granted = resolve)),
        recordResponse: async () => {},
      } as unknown as UpstreamBudget,
      timeoutMs: 5_000,
      fetchImpl: async (_url, init) => {
        sent.push(new Headers(init?.headers).get("authorization") ?? "");
        return Response.json({ data: [] });
      },
    });
    const answer = vts.listLocations(call);
    await sleep(10);
    tokens.shift();
    granted();
    await answer;
    expect(sent).toEqual(["Bearer token-2"]);
  });
});
