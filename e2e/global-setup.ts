// One sandbox service, one test identity provider and one built dashboard for the whole browser
// run. The dashboard's service client is created with the CLI and its OIDC client secret is
// random, so the leak test can search for both.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../task-service/test/support/free-port";
import {
  addStaffMember,
  startDashboard,
  startLogged,
  startService,
  stop,
  waitForOk,
} from "./support/processes";
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
};
export const OIDC_PROVIDER_NAME = "Test IdP";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "fleet-e2e-"));
  mkdirSync(join(dir, "logs"));
  const [servicePort, dashboardPort, oidcPort] = [await freePort(), await freePort(), await freePort()];
  const serviceEnv = {
    VTS_MODE: "sandbox",
    VTS_SEED_TASKS: process.env.E2E_SEED_TASKS ?? "3000",
    VTS_DATA_DIR: join(dir, "vts"),
    VTS_PORT: String(servicePort),
    VTS_RATE_LIMIT_PER_MIN: process.env.E2E_RATE_LIMIT ?? "600",
  };
  const created = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "task-service/src/cli/main.ts",
      "clients",
      "create",
      "--id",
      "dashboard-e2e",
      "--scopes",
      "tasks:read locations:read",
    ],
    { env: { ...process.env, ...serviceEnv } },
  ).toString();
  const secret = /client_secret:\s+(\S+)/.exec(created)?.[1];
  if (!secret) throw new Error("the CLI did not print a client secret");
  const staffFile = join(dir, "staff.json");
  addStaffMember(staffFile, DEMO_STAFF);

  // The sandbox is generated at the service's first start; a task no generator would make (a
  // formula for the export tests) is imported after it, before the service starts for good.
  const preparing = startService(serviceEnv, join(dir, "logs", "service-prepare.log"));
  await waitForOk(`http://127.0.0.1:${servicePort}/healthz`, 90_000, preparing);
  await stop(preparing);
  const hostileFile = join(dir, "hostile-task.ndjson");
  writeFileSync(hostileFile, hostileTaskLine());
  execFileSync(
    process.execPath,
    ["--import", "tsx", "task-service/src/cli/main.ts", "import", "tasks", hostileFile],
    {
      env: { ...process.env, ...serviceEnv },
    },
  );
  const service = startService(serviceEnv, join(dir, "logs", "service.log"));
  await waitForOk(`http://127.0.0.1:${servicePort}/healthz`, 90_000, service);
  const baseUrl = `http://localhost:${dashboardPort}`;
  const authSecret = randomBytes(33).toString("base64url");
  const oidcClient = { clientId: "fleet-dashboard", clientSecret: randomBytes(32).toString("base64url") };
  const oidcPassword = randomBytes(12).toString("base64url");
  const metricsToken = randomBytes(24).toString("base64url");
  const identityProvider = startLogged(
    process.execPath,
    ["--import", "tsx", "e2e/support/oidc-server.ts"],
    {
      OIDC_TEST_CONFIG: JSON.stringify({
        port: oidcPort,
        ...oidcClient,
        redirectUri: `${baseUrl}/api/auth/callback/company-sso`,
        account: { ...OIDC_ACCOUNT, password: oidcPassword },
      }),
    },
    join(dir, "logs", "identity-provider.log"),
  );
  const issuer = `http://127.0.0.1:${oidcPort}`;
  await waitForOk(`${issuer}/.well-known/openid-configuration`, 30_000, identityProvider);
  const dashboard = startDashboard(
    dashboardPort,
    {
      VTS_BASE_URL: `http://127.0.0.1:${servicePort}`,
      VTS_CLIENT_ID: "dashboard-e2e",
      VTS_CLIENT_SECRET: secret,
      AUTH_SECRET: authSecret,
      AUTH_URL: baseUrl,
      STAFF_FILE: staffFile,
      AUTH_OIDC_ISSUER: issuer,
      AUTH_OIDC_CLIENT_ID: oidcClient.clientId,
      AUTH_OIDC_CLIENT_SECRET: oidcClient.clientSecret,
      AUTH_OIDC_NAME: OIDC_PROVIDER_NAME,
      METRICS_TOKEN: metricsToken,
      // The mirror is on, as people run it; its own directory, so a run never serves the last one's.
      MIRROR_DATA_DIR: join(dir, "mirror"),
    },
    join(dir, "logs", "dashboard.log"),
  );
  await waitForOk(`${baseUrl}/api/health`, 60_000, dashboard);

  Object.assign(process.env, {
    E2E_BASE_URL: baseUrl,
    E2E_SERVICE_URL: `http://127.0.0.1:${servicePort}`,
    E2E_CLIENT_SECRET: secret,
    E2E_AUTH_SECRET: authSecret,
    E2E_OIDC_ISSUER: issuer,
    E2E_OIDC_CLIENT_SECRET: oidcClient.clientSecret,
    E2E_OIDC_PASSWORD: oidcPassword,
    E2E_METRICS_TOKEN: metricsToken,
    E2E_LOG_DIR: join(dir, "logs"),
  });
  return async () => {
    await stop(dashboard);
    await stop(service);
    await stop(identityProvider);
  };
}
