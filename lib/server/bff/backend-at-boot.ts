import "server-only";
import { dashboardLogger } from "../log/dashboard-logger";
import { dashboardBackend } from "./dashboard-backend";

/**
 * Starts the backend without holding up the server's readiness (health checks answer at once).
 * A backend that cannot start (a setting missing or wrong, a store that will not open) never
 * stops the server from starting: it is logged here, and each API request answers it as today.
 */
export function startBackendAtBoot(): void {
  Promise.resolve()
    .then(dashboardBackend)
    .catch((error: unknown) => {
      dashboardLogger().error({ err: error }, "dashboard backend did not start; API requests will say why");
    });
}
