// Builds the real app on a real store for tests. Every response that passes through `request`
// is validated against the service's openapi.yaml, so the contract cannot drift from the behaviour.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { scratchDatabase } from "../../../harness/local-postgres";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { SANDBOX_FIXTURES } from "../../src/seeding/fixture-clients";
import { openServiceContext, type ServiceContext } from "../../src/service-context";
import { serviceContract } from "../../../contract/conformance/documents";

export interface TestService {
  app: FastifyInstance;
  context: ServiceContext;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A client-credentials request to the real token endpoint, answered as it is. */
  tokenRequest(clientId: string, secret: string, scope?: string): Promise<LightMyRequestResponse>;
  /** A token for a sandbox fixture client, fetched through the real token endpoint. */
  token(clientId?: string, scope?: string): Promise<string>;
  close(): Promise<void>;
}

export const SMALL_SANDBOX = { VTS_MODE: "sandbox", VTS_SEED_TASKS: "3000", VTS_LOG_LEVEL: "silent" };

export function fixtureSecret(clientId: string): string {
  const fixture = SANDBOX_FIXTURES.find((candidate) => candidate.client_id === clientId);
  if (!fixture) throw new Error(`no sandbox fixture ${clientId}`);
  return fixture.secret;
}

export function basicAuth(clientId: string, secret: string): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

/** Without DATABASE_URL in `env` the store is an in-memory PGlite. */
export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const config = { ...loadConfig({ ...SMALL_SANDBOX, VTS_RATE_LIMIT_PER_MIN: "100000", ...env }) };
  if (!env.VTS_DATA_DIR) config.dataDir = undefined;
  const context = await openServiceContext(config);
  const app = await buildApp(context, { logLevel: "silent", trustProxy: false });

  const request = async (options: InjectOptions) => {
    const response = await app.inject(options);
    const url = typeof options.url === "string" ? options.url : "/";
    serviceContract.assertMatches({
      method: options.method ?? "GET",
      url,
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
    });
    return response;
  };

  const tokenRequest = (clientId: string, secret: string, scope?: string) =>
    request({
      method: "POST",
      url: "/oauth/token",
      headers: {
        authorization: basicAuth(clientId, secret),
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams({
        grant_type: "client_credentials",
        ...(scope ? { scope } : {}),
      }).toString(),
    });

  return {
    app,
    context,
    request,
    tokenRequest,
    async token(clientId = "sandbox-full", scope) {
      const response = await tokenRequest(clientId, fixtureSecret(clientId), scope);
      if (response.statusCode !== 200)
        throw new Error(`token for ${clientId}: ${response.statusCode} ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    async close() {
      await app.close();
      await context.close();
    },
  };
}

/**
 * The service on a database of its own on the run's PostgreSQL, dropped at close: for tests where
 * the service is the far side (a mirror's source, a token client's server), whose store's engine
 * they do not test. Its start costs a tenth of the CPU of an in-memory PGlite's (0.2 to 0.3 s
 * against 1.7 to 2.8 s for 3,000 to 12,000 tasks), and every read they make of it is cheaper too.
 */
export async function startTestServiceOnPostgres(env: Record<string, string> = {}): Promise<TestService> {
  const database = await scratchDatabase(inject("postgresUrl"), "service");
  const service = await startTestService({ ...env, DATABASE_URL: database.url }).catch(
    async (error: unknown) => {
      await database.drop();
      throw error;
    },
  );
  return {
    ...service,
    async close() {
      await service.close();
      await database.drop();
    },
  };
}
