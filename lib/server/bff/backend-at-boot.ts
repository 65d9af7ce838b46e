import "server-only";
import { dashboardLogger } from "../log/dashboard-logger";
import { dashboardBackend } from "./dashboard-backend";

/**
 * Starts the backend without holding up the server's readiness (health checks answer at once);
 * a backend that cannot start is logged here and answered as an error by each API request.
 */
export function startBackendAtBoot(): void {
  dashboardBackend().catch((error: unknown) => {
    dashboardLogger().error({ err: error }, "dashboard backend failed to start");
  });
}
