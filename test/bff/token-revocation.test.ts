// The token the dashboard holds stops being accepted while its client stays valid: the operator
// withdraws the signing key that signed it (a suspected key leak: the key is deleted from the
// store and the service restarted, which makes it sign with a fresh key). The dashboard must
// recover with exactly one renewal, shared by everyone who hit the 401, and nobody sees an error.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { readTaskPage } from "@/lib/server/bff/task-data";
import {
  DAY_MS,
  dashboardTaskPage,
  describeOutcome,
  isoMinutesFromNow,
  serviceCounters,
  settle,
  taskListParams,
} from "./support/harness";
import { bffSuite } from "./support/bff-suite";

const suite = bffSuite({ VTS_RATE_LIMIT_PER_MIN: "100000" });

async function sql(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: suite.vts.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as unknown[];
  } finally {
    await client.end();
  }
}

describe("a token invalidated mid-run", () => {
  it("is renewed exactly once, and every caller is served", async () => {
    const backend = await suite.backend();
    const now = Date.now();
    const query = (day: number) => ({
      from: isoMinutesFromNow(-(day + 7) * DAY_MS, now),
      to: isoMinutesFromNow(-day * DAY_MS, now),
      order: "asc" as const,
    });

    const first = await readTaskPage(backend, query(0), "interactive");
    expect(first.data.length).toBeGreaterThan(0);
    expect(backend.tokens.snapshot().fetches).toBe(1);
    const heldToken = await backend.tokens.getToken();

    // The operator withdraws every signing key and restarts the service (same address, same
    // issuer, same clients): it signs with a fresh key, and the old kid is unknown.
    await suite.vts.stop();
    await sql("DELETE FROM signing_keys");
    await suite.vts.start();
    expect(
      await sql("SELECT 1 FROM clients WHERE client_id = 'sandbox-full' AND revoked_at IS NULL"),
    ).toHaveLength(1);
    // The premise: the token the dashboard holds is refused now.
    const probe = await fetch(`${suite.vts.url}/v1/locations`, {
      headers: { authorization: `Bearer ${heldToken}` },
    });
    expect(probe.status).toBe(401);
    const before = await serviceCounters(suite.vts.url);

    // 30 people at once, each a query not in the cache, so each goes upstream with the old token.
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        settle(
          i % 2
            ? readTaskPage(backend, query(i + 1), "interactive")
            : dashboardTaskPage(backend, taskListParams(backend, { ...query(i + 1), limit: 25 })),
        ),
      ),
    );
    const after = await serviceCounters(suite.vts.url);

    expect(outcomes.filter((outcome) => !outcome.ok).map(describeOutcome)).toEqual([]);
    expect(backend.tokens.snapshot().fetches).toBe(2);
    expect(after.tokensIssued - before.tokensIssued).toBe(1);
    expect(after.tokenRequests - before.tokenRequests).toBe(1);
    expect(await backend.tokens.getToken()).not.toBe(heldToken);
    // Each of the 30 was answered once it had the new token.
    expect(after.v1Ok - before.v1Ok).toBe(30);

    // And it stays renewed: later requests need no further token.
    const later = await readTaskPage(backend, query(40), "interactive");
    expect(later.stale).toBe(false);
    expect(backend.tokens.snapshot().fetches).toBe(2);
  }, 90_000);
});
