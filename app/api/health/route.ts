import { otherMethods } from "@/lib/server/api";
import { warmUpBackend } from "@/lib/server/bff";

// Liveness for load balancers; open without a session and says nothing about the upstream's secrets.
export function GET() {
  warmUpBackend();
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods;
