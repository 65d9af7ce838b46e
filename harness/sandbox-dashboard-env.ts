// The settings that point a dashboard at a sandbox service as its full-access client, with a
// session secret of its own so no two test dashboards can read each other's cookies.
import { randomBytes } from "node:crypto";
import { SANDBOX_CLIENTS } from "./sandbox-clients";

export function sandboxDashboardEnv(serviceUrl: string): Record<string, string> {
  return {
    VTS_BASE_URL: serviceUrl,
    VTS_CLIENT_ID: SANDBOX_CLIENTS.full.id,
    VTS_CLIENT_SECRET: SANDBOX_CLIENTS.full.secret,
    AUTH_SECRET: randomBytes(33).toString("base64url"),
  };
}
