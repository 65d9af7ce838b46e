import "server-only";
import { isIP } from "node:net";

// Where a sign-in attempt came from, for the per-address throttle. Next hands a route handler no
// peer address: it only fills X-Forwarded-For with the peer when the request has none, so without
// a proxy in front the header is whatever the client wrote. It is therefore read only when the
// operator says how many reverse proxies stand in front (DASHBOARD_TRUST_PROXY); each appends the
// address it saw, so the client is the entry that many places from the right, and anything to its
// left the client may have made up.

/** The client's address as the outermost trusted proxy saw it; undefined when none is trusted. */
export function clientAddress(headers: Headers, trustedProxies: number): string | undefined {
  if (trustedProxies < 1) return undefined;
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  const address = entries[entries.length - trustedProxies];
  return address && isIP(address) ? address : undefined;
}
