// What an operator sees when a start goes wrong, and that production never serves sandbox data.
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { freePort } from "../../../harness/free-port";
import {
  runToExit,
  startServiceProcess,
  type Finished,
  type ServiceProcess,
} from "../../../harness/service-process";
import { hashClientSecret } from "../../src/auth/client-secrets";
import { insertClient, listClients } from "../../src/repositories/clients-repository";
import { readSetting } from "../../src/repositories/settings-repository";
import { openStore } from "../../src/store/open-store";
import { call, hasStackTrace, requestToken } from "../support/service-calls";
import { fixtureSecret } from "../support/test-service";

const said = (result: Finished) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

let dataDir: string;
let service: ServiceProcess | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "vts-startup-"));
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// These starts fail fast and touch nothing, so they run side by side.
describe.concurrent("a start that cannot work", () => {
  it("with an invalid configuration exits with code 2 and names every bad variable", async ({
    expect,
    signal,
  }) => {
    // A SEC1 key is what `openssl ecparam -genkey` prints; the service signs only with PKCS#8.
    const sec1Key = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "sec1", format: "pem" },
    }).privateKey;
    const bad = { VTS_PORT: "abc", VTS_MODE: "staging", DATABASE_URL: "mysql://x", VTS_SIGNING_KEY: sec1Key };
    // The data dir must stay untouched: configuration is checked before anything is opened.
    const untouched = join(dataDir, "never-created");
    const result = await runToExit("server", [], { VTS_DATA_DIR: untouched, ...bad }, signal);
    expect(result.code, said(result)).toBe(2);
    // All mistakes at once, one line each, so an operator fixes them in one go.
    for (const name of Object.keys(bad)) expect(result.stderr).toMatch(new RegExp(`^ +${name}: `, "m"));
    expect(hasStackTrace(result.stderr), result.stderr).toBe(false);
    expect(existsSync(untouched)).toBe(false);
  });

  it("with an unreachable DATABASE_URL exits non-zero with the reason, no stack trace and no password", async ({
    expect,
    signal,
  }) => {
    const port = await freePort(); // nothing listens there
    const env = { DATABASE_URL: `postgres://vts:hunter2-db-password@127.0.0.1:${port}/vts` };
    const result = await runToExit("server", [], env, signal);
    expect(result.code, said(result)).not.toBe(0);
    expect(result.code).not.toBeNull(); // it exited by itself, nothing had to kill it
    expect(result.stderr).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(result.stdout + result.stderr).toContain("DATABASE_URL");
    expect(hasStackTrace(result.stderr), result.stderr).toBe(false);
    expect(result.stdout + result.stderr).not.toContain("hunter2-db-password");
  });

  it("in sandbox mode on a store holding an operator's data exits with code 2 and changes nothing", async ({
    expect,
    signal,
  }) => {
    const operators = join(dataDir, "operators");
    const store = await openStore({ databaseUrl: undefined, dataDir: operators });
    try {
      await insertClient(store, {
        client_id: "acme-sync",
        secret_hash: hashClientSecret("an operator's client secret"),
        scopes: ["tasks:read"],
        description: "",
        expires_at: null,
      });
    } finally {
      await store.close();
    }
    // What `npm run service` runs when VTS_MODE is unset.
    const env = { VTS_DATA_DIR: operators, VTS_MODE: "sandbox" };
    const result = await runToExit("server", [], env, signal);
    expect(result.code, said(result)).toBe(2);
    expect(result.stderr).toContain(`refuses embedded PGlite at ${operators} (VTS_DATA_DIR)`);
    expect(result.stderr).toContain("VTS_MODE");
    expect(hasStackTrace(result.stderr), result.stderr).toBe(false);
    expect(existsSync(join(operators, "vts.lock"))).toBe(false);
    const reopened = await openStore({ databaseUrl: undefined, dataDir: operators });
    try {
      expect((await listClients(reopened)).map((client) => client.client_id)).toEqual(["acme-sync"]);
      expect(await readSetting(reopened, "sandbox_fingerprint")).toBeUndefined();
    } finally {
      await reopened.close();
    }
  });
});

// One data dir, in order: a fresh production store, then sandbox data in it, then production
// again. The steps run in order, side by side with the failing starts above.
describe.concurrent("production mode", { timeout: 90_000 }, () => {
  const productionDir = () => join(dataDir, "production");

  it.sequential("on a fresh data dir serves /healthz and has no sandbox fixture clients", async ({
    expect,
  }) => {
    service = await startServiceProcess({ VTS_DATA_DIR: productionDir(), VTS_MODE: "production" });
    expect((await call(service.url, "/healthz")).status).toBe(200);
    const denied = await requestToken(service.url, "sandbox-full", fixtureSecret("sandbox-full"));
    expect(denied.status).toBe(401);
    expect(denied.json<{ error: string }>().error).toBe("invalid_client");
    expect((await call(service.url, "/v1/locations")).status).toBe(401);
    expect(service.stdout()).not.toContain("sandbox tasks");
    expect(await service.stop()).toBe(0);
    service = undefined;
  });

  it.sequential("refuses a data dir that holds sandbox data, says why, and leaves it unlocked", async ({
    expect,
    signal,
  }) => {
    service = await startServiceProcess({
      VTS_DATA_DIR: productionDir(),
      VTS_MODE: "sandbox",
      VTS_SEED_TASKS: "500",
    });
    expect(await service.stop()).toBe(0);
    service = undefined;

    const env = { VTS_DATA_DIR: productionDir(), VTS_MODE: "production" };
    const result = await runToExit("server", [], env, signal);
    expect(result.code, said(result)).toBe(2);
    expect(result.stderr).toMatch(/holds sandbox data.*published secrets/s);
    expect(result.stderr).toContain("VTS_DATA_DIR");
    expect(hasStackTrace(result.stderr), result.stderr).toBe(false);
    expect(existsSync(join(productionDir(), "vts.lock"))).toBe(false);
  });
});
