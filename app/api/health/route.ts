// Liveness for load balancers; open without a session and says nothing about the upstream's secrets.
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
