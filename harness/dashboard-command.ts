// The one way every caller (npm start, the browser tests, the benchmarks) starts the built
// dashboard: Node running the server `next build` bundles beside the app (next.config.mjs), from
// the repository root. Node itself rather than npx or a shell, so a signal reaches the server;
// one plain file rather than scripts/dashboard-server.ts under tsx, whose loader every module the
// server loads went through (about a second of CPU at each start).
import { join } from "node:path";

/**
 * Arguments to this Node binary for the server in `distDir` (where next.config.mjs writes it).
 * localhost, not 127.0.0.1: Next rewrites 127.0.0.1 in redirects.
 */
export function dashboardServerArgs(
  port: number | string,
  hostname = "localhost",
  distDir = process.env.NEXT_DIST_DIR || ".next",
): string[] {
  return [join(distDir, "dashboard-server.mjs"), "--port", String(port), "--hostname", hostname];
}
