import "server-only";
import { dashboardLogger } from "../log";
import { dashboardBackend } from "./dashboard-backend";

// The backend (token, budget, the task mirror's sync) starts at the first health check, which the
// dashboard's own server sends as soon as it listens (scripts/serve-dashboard.ts), and a load
// balancer soon after: a fresh deployment fills its mirror before anyone opens a page. It starts
// from a route handler, not from instrumentation.ts: Next bundles instrumentation apart from the
// routes, and a backend made by another copy of the modules fails the routes' instanceof checks
// (a spent budget answered 500 instead of 503).

let reported = false;

/** Never holds up the health answer, and never fails it: a backend that cannot start is logged once. */
export function warmUpBackend(): void {
  Promise.resolve()
    .then(dashboardBackend)
    .catch((error: unknown) => {
      if (reported) return;
      reported = true;
      dashboardLogger().error({ err: error }, "dashboard backend did not start; API requests will say why");
    });
}
