// Each instance keeps the clients in memory (src/auth/client-directory.ts). Two instances on one
// PostgreSQL: a change made anywhere (the CLI, plain SQL) reaches the other instance's next
// request, also when the change is made while that instance's listening connection is down.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CLIENT_CHANGES_CHANNEL } from "../../src/auth/client-directory";
import { scratchDatabase } from "../../../harness/local-postgres";
import { sleep } from "../../../harness/raw-http";
import { startServiceProcess, type ServiceProcess } from "../../../harness/service-process";
import { runCli, said } from "../cli/cli-process";
import { accessToken, bearer, call, requestToken } from "../support/service-calls";

const LISTENER = `${CLIENT_CHANGES_CHANNEL} listener`;
const DAY_MS = 86_400_000;
const TASKS = `/v1/tasks?from=${new Date(Date.now() - DAY_MS).toISOString()}&to=${new Date().toISOString()}`;
const secretIn = (stdout: string) => /client_secret: *(\S+)/.exec(stdout)?.[1] ?? "";

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let sql: pg.Client;
let a: ServiceProcess;
let b: ServiceProcess;

beforeAll(async () => {
  database = await scratchDatabase(inject("postgresUrl"), "client_changes");
  // Instances behind one load balancer share the issuer, so a token from A is valid on B.
  const env = { DATABASE_URL: database.url, VTS_MODE: "production", VTS_ISSUER: "http://vts.test" };
  a = await startServiceProcess(env);
  b = await startServiceProcess(env);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 90_000);
afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const cli = (...args: string[]) => runCli(args, { DATABASE_URL: database.url });

async function createClient(id: string, scopes: string): Promise<string> {
  const created = await cli("clients", "create", "--id", id, "--scopes", scopes);
  expect(created.code, said(created)).toBe(0);
  return secretIn(created.stdout);
}

/** Two answers in a row, so the second comes from B's memory if anything does. */
async function cachedOnB(token: string, path = "/v1/locations"): Promise<void> {
  for (let i = 0; i < 2; i++) {
    expect((await call(b.url, path, { headers: bearer(token) })).status).toBe(200);
  }
}

/**
 * The change's notification travels from PostgreSQL to the instance's listening connection after
 * the commit; a request may win that race by a few milliseconds on a loaded machine. Asks until the
 * instance answers `status`, for at most 3 s, and says how long the old answer was still given.
 */
async function answersSoon(url: string, path: string, token: string, status: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const answer = await call(url, path, { headers: bearer(token) });
    if (answer.status === status) return;
    if (Date.now() - started > 3_000)
      throw new Error(`${url}${path} still answered ${answer.status}, not ${status}, 3 s after the change`);
    await sleep(10);
  }
}

const listenerPids = async () =>
  // Other process tests run at once on the same server with listeners of the same name.
  (
    await sql.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
      [LISTENER],
    )
  ).rows.map((row) => row.pid);

describe("two instances on one PostgreSQL, each holding the clients in memory", { timeout: 120_000 }, () => {
  it("refuse a client revoked by the CLI on the instance that did not see it, once the notice arrives", async () => {
    const secret = await createClient("revoked-elsewhere", "locations:read");
    const token = await accessToken(a.url, "revoked-elsewhere", secret);
    await cachedOnB(token);

    const revoked = await cli("clients", "revoke", "revoked-elsewhere");
    expect(revoked.code, said(revoked)).toBe(0);
    await answersSoon(b.url, "/v1/locations", token, 401);
    const refused = await call(b.url, "/v1/locations", { headers: bearer(token) });
    expect(refused.json<{ error: { code: string } }>().error.code).toBe("unauthorized");
    expect((await call(a.url, "/v1/locations", { headers: bearer(token) })).status).toBe(401);
    // Nor does its secret get a new token, on either instance.
    for (const instance of [b, a]) {
      const denied = await requestToken(instance.url, "revoked-elsewhere", secret);
      expect(denied.status).toBe(401);
      expect(denied.json<{ error: string }>().error).toBe("invalid_client");
    }
  });

  it("refuse the old secret on every instance once the CLI rotated it; issued tokens keep working", async () => {
    const first = await createClient("rotated-elsewhere", "locations:read");
    const token = await accessToken(b.url, "rotated-elsewhere", first);
    await cachedOnB(token);

    const rotated = await cli("clients", "rotate-secret", "rotated-elsewhere");
    expect(rotated.code, said(rotated)).toBe(0);
    for (const instance of [b, a]) {
      const denied = await requestToken(instance.url, "rotated-elsewhere", first);
      expect(denied.status).toBe(401);
      expect(denied.json<{ error: string }>().error).toBe("invalid_client");
      expect((await requestToken(instance.url, "rotated-elsewhere", secretIn(rotated.stdout))).status).toBe(
        200,
      );
    }
    // docs/operators-guide.md: a rotation stops new tokens for the old secret, not issued ones.
    expect((await call(b.url, "/v1/locations", { headers: bearer(token) })).status).toBe(200);
  });

  it("see a change made in plain SQL, past the CLI and the service's code", async () => {
    const secret = await createClient("narrowed-in-sql", "locations:read tasks:read");
    const token = await accessToken(a.url, "narrowed-in-sql", secret);
    await cachedOnB(token, TASKS);

    await sql.query("UPDATE clients SET scopes = '{locations:read}' WHERE client_id = 'narrowed-in-sql'");
    await answersSoon(b.url, TASKS, token, 403);
    expect((await call(b.url, "/v1/locations", { headers: bearer(token) })).status).toBe(200);
  });

  it("refuse a client revoked while the listening connection was down, whose notice never came", async () => {
    const secret = await createClient("revoked-unheard", "locations:read");
    const token = await accessToken(a.url, "revoked-unheard", secret);
    await cachedOnB(token);
    const before = await listenerPids();
    expect(before).toHaveLength(2);

    // The listeners end before this transaction commits, so its notification reaches no one.
    await sql.query("BEGIN");
    await sql.query("UPDATE clients SET revoked_at = now() WHERE client_id = 'revoked-unheard'");
    await sql.query("SELECT pg_terminate_backend(pid, 5000) FROM unnest($1::int[]) AS pid", [before]);
    await sql.query("COMMIT");

    // Right after the commit (B reconnects 100 ms after the loss, so it may or may not listen again
    // yet: either way its cache must not answer) and once it surely listens again.
    expect((await call(b.url, "/v1/locations", { headers: bearer(token) })).status).toBe(401);
    for (let waited = 0; (await listenerPids()).filter((pid) => !before.includes(pid)).length < 2; waited++) {
      if (waited > 100) throw new Error("the instances did not listen again within 10 s");
      await sleep(100);
    }
    expect((await call(b.url, "/v1/locations", { headers: bearer(token) })).status).toBe(401);
    // The operator sees the loss, its cause and the return, and never where the database is.
    // "on" is logged once a probe has made the round trip on the new connection, a moment after
    // the connection itself shows in pg_stat_activity.
    const cacheBackOn = () => b.logs().lastIndexOf("client cache on") > b.logs().indexOf("client cache off");
    for (let waited = 0; !cacheBackOn(); waited++) {
      if (waited > 100) throw new Error("B did not log its cache back on within 10 s");
      await sleep(100);
    }
    const logs = b.logs();
    expect(logs).toMatch(/client changes: listening connection failed: .*terminat/);
    expect(logs.indexOf("client cache off")).toBeGreaterThan(-1);
    expect(logs).not.toContain(database.url);

    // And the cache works again once listening: a new client is served, then refused when revoked.
    const next = await createClient("after-reconnect", "locations:read");
    const nextToken = await accessToken(a.url, "after-reconnect", next);
    await cachedOnB(nextToken);
    expect((await cli("clients", "revoke", "after-reconnect")).code).toBe(0);
    expect((await call(b.url, "/v1/locations", { headers: bearer(nextToken) })).status).toBe(401);
  });
});
