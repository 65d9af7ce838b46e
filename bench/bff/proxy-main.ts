// Runs one of the benchmark's proxies as a process of its own, so its work never shares an event
// loop with the simulated staff: `tap` (BENCH_TARGET_URL) or `pass-through` (BENCH_SERVICE_URL,
// BENCH_CLIENT_ID, BENCH_CLIENT_SECRET). Listens on 127.0.0.1:BENCH_PORT; GET /__health says ready.
import { createServer, type RequestListener } from "node:http";
import { createPassThroughProxy } from "./pass-through-proxy";
import { HEALTH_PATH } from "./proxies";
import { createUpstreamTap } from "./upstream-tap";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function handler(kind: string | undefined): Promise<RequestListener> {
  if (kind === "tap") return createUpstreamTap(required("BENCH_TARGET_URL"));
  if (kind === "pass-through") {
    return createPassThroughProxy({
      serviceUrl: required("BENCH_SERVICE_URL"),
      clientId: required("BENCH_CLIENT_ID"),
      clientSecret: required("BENCH_CLIENT_SECRET"),
    });
  }
  throw new Error(`usage: proxy-main.ts tap|pass-through (got ${kind})`);
}

const proxy = await handler(process.argv[2]);
const server = createServer((req, res) => {
  if (req.url === HEALTH_PATH) res.writeHead(200).end("ok");
  else proxy(req, res);
});
server.listen(Number(required("BENCH_PORT")), "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
