import { otherMethods } from "@/lib/server/api/other-methods";

// Liveness for load balancers; open without a session and says nothing about the upstream's secrets.
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
