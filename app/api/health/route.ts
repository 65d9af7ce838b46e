import { otherMethods } from "@/lib/server/api/other-methods";
import { warmUpBackend } from "@/lib/server/bff/backend-warm-up";

// Liveness for load balancers; open without a session and says nothing about the upstream's secrets.
export function GET() {
  warmUpBackend();
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
