// One sandbox service, one test identity provider and one built dashboard for the whole browser
// run. The dashboard's service client is created with the CLI and its OIDC client secret is
// random, so the leak test can search for both.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningChild } from "../harness/child-process";
import { startDashboardProcess } from "../harness/dashboard-process";
import { freePort } from "../harness/free-port";
import { startLocalPostgres } from "../harness/local-postgres";
import { providePgliteTemplate } from "../harness/pglite-template";
import { startHealthyChild } from "../harness/healthy-child";
import { runToExit, startServiceProcess } from "../harness/service-process";
import { addStaffMember } from "../harness/dashboard-command-lines";
import { runFolder } from "./support/run-folder";
import { hostileTaskLine } from "./ui/hostile-task";

export const DEMO_STAFF = {
  email: "staff@sandbox.example",
  password: "sandbox-staff-password",
  name: "Sandbox Staff",
};

/** The identity provider's account; its password is random per run (E2E_OIDC_PASSWORD). */
export const OIDC_ACCOUNT = {
  sub: "idp-user-4711",
  email: "dana.okafor@company.example",
  name: "Dana Okafor",
  groups: ["fleet-operations", "fleet-admins"],
};
export const OIDC_PROVIDER_NAME = "Test IdP";

/** The service's CLI on the run's store; it fails the setup with its own words. */
async function serviceCli(args: string[], env: Record<string, string>): Promise<string> {
  const finished = await runToExit("cli", args, env);
  if (finished.code !== 0) throw new Error(`the CLI ${args.join(" ")} failed:\n${finished.stderr}`);
  return finished.stdout;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Every service and dashboard of the run (the specs' own stacks too) starts its store from it.
  const removeTemplate = await providePgliteTemplate();
  // The specs' own stacks keep their stores on it (own-stack.ts); the shared service and dashboard
  // stay on PGlite, the stores a fresh install runs on.
  const postgres = await startLocalPostgres();
  process.env.E2E_POSTGRES_URL = postgres.url;
  const folder = runFolder("shared");
  const dir = folder.path;
  mkdirSync(join(dir, "logs"));
  const [servicePort, dashboardPort, oidcPort] = [await freePort(), await freePort(), await freePort()];
  const serviceEnv = {
    VTS_MODE: "sandbox",
    VTS_SEED_TASKS: process.env.E2E_SEED_TASKS ?? "3000",
    VTS_DATA_DIR: join(dir, "vts"),
    VTS_PORT: String(servicePort),
    VTS_RATE_LIMIT_PER_MIN: process.env.E2E_RATE_LIMIT ?? "600",
  };
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);

  // The sandbox is generated at the service's first start (on a store with nothing in it: a
  // sandbox refuses one that holds what it did not make); the dashboard's own client and a task
  // no generator would make (a formula for the export tests) are added after it, before the
  // service starts for good.
  const serviceOptions = (log: string) => ({ logFile: join(dir, "logs", log), timeoutMs: 90_000 });
  const preparing = await startServiceProcess(serviceEnv, serviceOptions("service-prepare.log"));
  await preparing.stop();
  const created = await serviceCli(
    ["clients", "create", "--id", "dashboard-e2e", "--scopes", "tasks:read locations:read"],
    serviceEnv,
  );
  const secret = /client_secret:\s+(\S+)/.exec(created)?.[1];
  if (!secret) throw new Error("the CLI did not print a client secret");
  const hostileFile = join(dir, "hostile-task.ndjson");
  writeFileSync(hostileFile, hostileTaskLine());
  await serviceCli(["import", "tasks", hostileFile], serviceEnv);
  const started: RunningChild[] = [];
  const stopAll = async () => {
    for (const child of started.reverse()) await child.stop();
    postgres.stop();
    removeTemplate();
    folder.retire();
  };
  try {
    const service = await startServiceProcess(serviceEnv, serviceOptions("service.log"));
    started.push(service);
    const baseUrl = `http://localhost:${dashboardPort}`;
    const authSecret = randomBytes(33).toString("base64url");
    const oidcClient = { clientId: "fleet-dashboard", clientSecret: randomBytes(32).toString("base64url") };
    const oidcPassword = randomBytes(12).toString("base64url");
    const metricsToken = randomBytes(24).toString("base64url");
    const issuer = `http://127.0.0.1:${oidcPort}`;
    // The dashboard reads the identity provider only at a sign-in, so the two start side by side.
    const identityProviderStart = startHealthyChild({
      name: "identity provider",
      args: ["--import", "tsx", "e2e/support/oidc-server.ts"],
      env: {
        ...process.env,
        OIDC_TEST_CONFIG: JSON.stringify({
          port: oidcPort,
          ...oidcClient,
          redirectUri: `${baseUrl}/api/auth/callback/company-sso`,
          account: { ...OIDC_ACCOUNT, password: oidcPassword },
        }),
      },
      logFile: join(dir, "logs", "identity-provider.log"),
      healthUrl: `${issuer}/.well-known/openid-configuration`,
      timeoutMs: 30_000,
    });
    const dashboardStart = startDashboardProcess({
      port: dashboardPort,
      env: {
        VTS_BASE_URL: service.url,
        VTS_CLIENT_ID: "dashboard-e2e",
        VTS_CLIENT_SECRET: secret,
        AUTH_SECRET: authSecret,
        STAFF_FILE: staffFile,
        AUTH_OIDC_ISSUER: issuer,
        AUTH_OIDC_CLIENT_ID: oidcClient.clientId,
        AUTH_OIDC_CLIENT_SECRET: oidcClient.clientSecret,
        AUTH_OIDC_NAME: OIDC_PROVIDER_NAME,
        AUTH_OIDC_ACCESS_MAP: JSON.stringify({ "fleet-admins": { role: "admin", locations: "all" } }),
        METRICS_TOKEN: metricsToken,
      },
      logFile: join(dir, "logs", "dashboard.log"),
    });
    const starts = await Promise.allSettled([identityProviderStart, dashboardStart]);
    for (const start of starts) if (start.status === "fulfilled") started.push(start.value);
    for (const start of starts) if (start.status === "rejected") throw start.reason;

    Object.assign(process.env, {
      E2E_BASE_URL: baseUrl,
      E2E_SERVICE_URL: service.url,
      E2E_CLIENT_SECRET: secret,
      E2E_AUTH_SECRET: authSecret,
      E2E_OIDC_ISSUER: issuer,
      E2E_OIDC_CLIENT_SECRET: oidcClient.clientSecret,
      E2E_OIDC_PASSWORD: oidcPassword,
      E2E_METRICS_TOKEN: metricsToken,
      E2E_LOG_DIR: join(dir, "logs"),
      // The dashboard reads its staff file at every request: a spec adds a member it signs in as.
      E2E_STAFF_FILE: staffFile,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
