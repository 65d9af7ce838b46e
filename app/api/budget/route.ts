import { dashboardRoute } from "@/lib/server/api/dashboard-route";
import { otherMethods } from "@/lib/server/api/other-methods";
import { readQueryParams } from "@/lib/server/api/query-params";
import { dashboardBackend } from "@/lib/server/bff/dashboard-backend";

// What the budget meter shows: calls left in the window, the queue, and when a slot frees.
export const GET = dashboardRoute(async ({ request }) => {
  readQueryParams(new URL(request.url), []);
  const snapshot = await (await dashboardBackend()).budget.snapshot();
  return Response.json({
    limit: snapshot.limit,
    remaining: snapshot.remaining,
    used_in_window: snapshot.usedInWindow,
    queued: snapshot.queued,
    reset_in_seconds: Math.ceil(snapshot.resetInMs / 1000),
    paused_for_seconds: Math.ceil(snapshot.pausedForMs / 1000),
    shared: !snapshot.degraded,
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
