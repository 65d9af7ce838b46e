import { otherMethods } from "@/lib/server/api";
import { warmUpBackend } from "@/lib/server/bff";

// Liveness for load balancers; open without a session and says nothing about the upstream's secrets.
// Degraded (still 200: the dashboard answers) names what an operator should look at.
export function GET() {
  const problems = warmUpBackend();
  const body = problems.length === 0 ? { status: "ok" } : { status: "degraded", problems };
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
