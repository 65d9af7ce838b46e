// The built dashboard behind a plain node:http server (Next's documented custom-server API) rather
// than `next start`, so that what Next never sees still gets the documented error body: requests
// Node's parser rejects (a malformed request line, oversized headers) and methods Next's request
// adapter cannot represent (TRACE). `next build` bundles it into the build directory
// (next.config.mjs). Usage: node .next/dashboard-server.mjs --port 3000 [--hostname localhost]
import { parseArgs } from "node:util";
import { serveDashboard } from "./serve-dashboard";

const { values } = parseArgs({
  options: { port: { type: "string", default: process.env.PORT ?? "3000" }, hostname: { type: "string" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`dashboard: --port must be a port number, got ${values.port}`);
  process.exit(2);
}
await serveDashboard({ port, hostname: values.hostname ?? "localhost" });
