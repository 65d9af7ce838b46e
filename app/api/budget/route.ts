import { dashboardRoute, otherMethods, readQueryParams } from "@/lib/server/api";
import { dashboardBackend } from "@/lib/server/bff";

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
