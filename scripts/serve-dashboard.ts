// Runs the built dashboard (`next build` output) on a node:http server of its own, answering
// what Next cannot (dashboard-refusals.ts) before Next sees it, and stopping on SIGTERM/SIGINT.
import { createServer } from "node:http";
import { join } from "node:path";
import next from "next";
import { answerMalformedRequest, answerUnsupportedMethod } from "./dashboard-refusals";

const STOP_GRACE_MS = 5_000;

export async function serveDashboard(options: { port: number; hostname: string }): Promise<void> {
  const app = next({ dev: false, dir: join(import.meta.dirname, ".."), ...options });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((request, response) => {
    if (answerUnsupportedMethod(request, response)) return;
    void handle(request, response);
  });
  server.on("clientError", answerMalformedRequest);
  // CONNECT never reaches the request handler; without a listener Node drops the connection.
  server.on("connect", (_request, socket) => answerMalformedRequest(null, socket));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, resolve);
  });
  console.log(`dashboard listening on http://${options.hostname}:${options.port}`);
}
