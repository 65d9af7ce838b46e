// The operator revokes the dashboard's client (or its secret stops matching): the token it holds
// is refused, and so is every token request. The dashboard must not ask for a token on every
// request until the service throttles it: it remembers the refusal for 30 s, answers from memory
// meanwhile (502 upstream_refused: a refusal no retry mends), and says so once in its log and in its metrics.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DashboardBackend } from "@/lib/server/bff/dashboard-backend";
import { readTaskPage } from "@/lib/server/bff/task-data";
import { scratchDatabase } from "@/task-service/test/support/service-process";
import { capturingLogger } from "@/test/lib/server/log/capture";
import {
  CLIENTS,
  DAY_MS,
  closeBackend,
  describeOutcome,
  installShiftableClock,
  isoMinutesFromNow,
  makeBackend,
  serviceCounters,
  settle,
  sleep,
  startVts,
  type Vts,
} from "./support/harness";

const REFUSAL_MEMORY_MS = 30_000;

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let vts: Vts;
let backend: DashboardBackend | undefined;
let clock: ReturnType<typeof installShiftableClock>;
const log = capturingLogger();

beforeAll(async () => {
  clock = installShiftableClock();
  database = await scratchDatabase(inject("postgresUrl"), "bff_client_revoked");
  vts = await startVts({ DATABASE_URL: database.url, VTS_RATE_LIMIT_PER_MIN: "100000" });
}, 90_000);

afterAll(async () => {
  clock?.restore();
  if (backend) await closeBackend(backend);
  await vts?.dispose();
  await database?.drop();
});

async function revoke(clientId: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("UPDATE clients SET revoked_at = now() WHERE client_id = $1", [clientId]);
  } finally {
    await client.end();
  }
}

let day = 0;
/** A page nobody asked for yet, so each request goes upstream. */
function newQuery() {
  day += 1;
  return {
    from: isoMinutesFromNow(-(day + 1) * DAY_MS),
    to: isoMinutesFromNow(-day * DAY_MS),
    order: "asc" as const,
  };
}

describe("a revoked client", () => {
  it("costs one token request per 30 s, answered from memory in between, logged and counted", async () => {
    backend = await makeBackend(vts.url, { logger: log.logger });
    expect((await readTaskPage(backend, newQuery(), "interactive")).data.length).toBeGreaterThan(0);
    await revoke(CLIENTS.full.id);
    const before = await serviceCounters(vts.url);

    // Staff keep working for a while: 20 requests, one every 100 ms.
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(await settle(readTaskPage(backend, newQuery(), "interactive")));
      await sleep(100);
    }
    const after = await serviceCounters(vts.url);
    expect(after.tokenRequests - before.tokenRequests).toBe(1);
    // Only the first request sent the refused token to /v1; the others were answered at once.
    expect(after.v1Unauthorized - before.v1Unauthorized).toBe(1);
    expect(outcomes.map(describeOutcome)).toEqual(outcomes.map(() => "upstream_refused (502)"));

    const refusals = log.lines.filter((line) => line.level === "warn" && /refused/.test(String(line.msg)));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      oauth_error: "invalid_client",
      remembered_for_ms: REFUSAL_MEMORY_MS,
    });
    expect(log.text()).not.toContain(CLIENTS.full.secret);
    const metrics = await backend.metrics.registry.metrics();
    expect(metrics).toMatch(/dashboard_token_refusals_total\{oauth_error="invalid_client"\} 1/);
    expect(metrics).toMatch(/dashboard_token_refusal_remembered_seconds (2\d|30)(\.\d+)?\n/);

    // Once the 30 s have passed, the next request asks again (the operator may have fixed it).
    clock.advance(REFUSAL_MEMORY_MS);
    const later = await settle(readTaskPage(backend, newQuery(), "interactive"));
    expect(describeOutcome(later)).toBe("upstream_refused (502)");
    expect((await serviceCounters(vts.url)).tokenRequests - before.tokenRequests).toBe(2);
    expect(log.lines.filter((line) => /refused/.test(String(line.msg)))).toHaveLength(2);
  }, 60_000);
});
