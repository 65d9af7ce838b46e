// A budget as it stands once the service has told it its limit: the first answer's
// X-RateLimit-Limit, the only way a budget learns it (until then it probes one call at a time).
import type { UpstreamBudget } from "@/lib/server/upstream/budget/upstream-budget";

export async function teachLimit(budget: UpstreamBudget, limit: number): Promise<UpstreamBudget> {
  await budget.recordResponse(200, new Headers({ "X-RateLimit-Limit": String(limit) }));
  return budget;
}
