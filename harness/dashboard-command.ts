// The one way every caller (npm start, the browser tests, the benchmarks) starts the built
// dashboard: Node running scripts/dashboard-server.ts from the repository root. Node itself rather
// than npx or a shell, so a signal reaches the server.

/** Arguments to this Node binary. localhost, not 127.0.0.1: Next rewrites 127.0.0.1 in redirects. */
export function dashboardServerArgs(port: number | string, hostname = "localhost"): string[] {
  return ["--import", "tsx", "scripts/dashboard-server.ts", "--port", String(port), "--hostname", hostname];
}
