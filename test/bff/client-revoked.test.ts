// The operator revokes the dashboard's client (or its secret stops matching): the token it holds
// is refused, and so is every token request. The dashboard must not ask for a token on every
// request until the service throttles it: it remembers the refusal for 30 s, answers from memory
// meanwhile (502 upstream_refused: a refusal no retry mends), and says so once in its log and in its metrics.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { eventually } from "@/harness/eventually";
import { clientToken } from "@/harness/sandbox-clients";
import { readTaskPage } from "@/lib/server/bff/task-data";
import { capturingLogger } from "@/test/lib/server/log/capture";
import {
  CLIENTS,
  DAY_MS,
  describeOutcome,
  isoMinutesFromNow,
  serviceCounters,
  settle,
  sleep,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";

const REFUSAL_MEMORY_MS = 30_000;
const NOTICE_DELIVERED_MS = 5_000;

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" }, { shiftableClock: true });
const log = capturingLogger();

/**
 * Revokes the client as an operator's SQL would, and returns once the service acts on it: it drops
 * its copy of a client when PostgreSQL delivers the change's notice, a moment after the commit
 * (longer on a busy machine), so until a token of the client is refused.
 */
async function revoke(client: { id: string; secret: string }): Promise<void> {
  const token = await clientToken(suite.vts.url, client);
  const db = new pg.Client({ connectionString: suite.vts.databaseUrl });
  await db.connect();
  try {
    await db.query("UPDATE clients SET revoked_at = now() WHERE client_id = $1", [client.id]);
  } finally {
    await db.end();
  }
  const refused = async () =>
    (await fetch(`${suite.vts.url}/v1/locations`, { headers: { authorization: `Bearer ${token}` } }))
      .status === 401;
  await eventually(refused, NOTICE_DELIVERED_MS, 50);
}

let day = 0;
/**
 * A page nobody asked for yet (each ends a day earlier), so each request goes upstream. Each spans
 * a week: the first must hold a task, and a single day of the small sandbox held none now and then.
 */
function newQuery() {
  day += 1;
  return {
    from: isoMinutesFromNow(-(day + 7) * DAY_MS),
    to: isoMinutesFromNow(-day * DAY_MS),
    order: "asc" as const,
  };
}

describe("a revoked client", () => {
  it("costs one token request per 30 s, answered from memory in between, logged and counted", async () => {
    const backend = await suite.backend(undefined, { logger: log.logger });
    expect((await readTaskPage(backend, newQuery(), "interactive")).data.length).toBeGreaterThan(0);
    await revoke(CLIENTS.full);
    const before = await serviceCounters(suite.vts.url);

    // Staff keep working for a while: 20 requests, one every 100 ms.
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(await settle(readTaskPage(backend, newQuery(), "interactive")));
      await sleep(100);
    }
    const after = await serviceCounters(suite.vts.url);
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
    suite.advanceClock(REFUSAL_MEMORY_MS);
    const later = await settle(readTaskPage(backend, newQuery(), "interactive"));
    expect(describeOutcome(later)).toBe("upstream_refused (502)");
    expect((await serviceCounters(suite.vts.url)).tokenRequests - before.tokenRequests).toBe(2);
    expect(log.lines.filter((line) => /refused/.test(String(line.msg)))).toHaveLength(2);
  }, 60_000);
});
