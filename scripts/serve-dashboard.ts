// Runs the built dashboard (`next build` output) on a node:http server of its own, answering
// what Next cannot (dashboard-refusals.ts) before Next sees it, and stopping on SIGTERM/SIGINT.
import { createServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import { join } from "node:path";
import { answerMalformedRequest, answerUnsupportedMethod } from "./dashboard-refusals";
import { servePrecompressed } from "./serve-precompressed";
import { drainOnClose } from "../platform/http-drain";

/** How long a stop waits for responses in progress (a streamed export) before cutting them. */
const STOP_DEADLINE_MS = 5_000;
/** How long the backend (the mirror's store and sync, Redis) may take to close after that. */
const BACKEND_CLOSE_MS = 3_000;

export async function serveDashboard(options: { port: number; hostname: string }): Promise<void> {
  // A program whose output has no reader any more (its supervisor or terminal is gone) stops, as
  // Unix stops it with SIGPIPE; Node turns that signal into an error on the stream instead. Left
  // unheard, the error reaches Next's uncaught-exception handler, whose own log line fails the same
  // way: the process spun on a core, deaf to SIGTERM, until killed.
  let stop = (): void => process.exit(1);
  for (const output of [process.stdout, process.stderr]) output.on("error", () => stop());
  // Next and React choose their production builds by NODE_ENV when first loaded: it is set first,
  // and Next is loaded here rather than by a static import, which the bundled server would hoist
  // above every statement.
  Object.assign(process.env, { NODE_ENV: "production" });
  // Auth.js names AUTH_URL in every redirect and callback address. Unset, Auth.js would take each
  // request's URL as Next builds it: the listening address whatever Host the request carried, but
  // with X-Forwarded-Proto's scheme. The default is that address, stated here and in the guide; a
  // request's Host header, which any client writes, never chooses where a person is sent.
  const wildcard = ["0.0.0.0", "::"].includes(options.hostname);
  if (!process.env.AUTH_URL) {
    const host = wildcard
      ? "localhost"
      : options.hostname.includes(":")
        ? `[${options.hostname}]`
        : options.hostname;
    process.env.AUTH_URL = `http://${host}:${options.port}`;
    if (wildcard)
      log(
        "warn",
        `AUTH_URL is unset: sign-in links name ${process.env.AUTH_URL}; set it to the address staff use`,
      );
  }
  const { default: next } = await import("next");
  // This file runs from the build directory, one level below the repository root.
  const app = next({ dev: false, dir: join(import.meta.dirname, ".."), ...options });
  const handle = app.getRequestHandler();
  await app.prepare();
  // This file runs from the build directory itself.
  const distDir = import.meta.dirname;
  const server = dashboardHttpServer((request, response) => {
    void servePrecompressed(distDir, request, response).then(
      (served) => {
        if (!served) void handle(request, response);
      },
      // A copy that could not be read after all: Next answers from the original.
      () => void handle(request, response),
    );
  });

  const drain = drainOnClose(server);
  let stopping = false;
  stop = () => {
    if (stopping) return;
    stopping = true;
    const signalled = performance.now();
    void drain.close(STOP_DEADLINE_MS).then(async (cut) => {
      const drained = performance.now();
      await closeBackend(BACKEND_CLOSE_MS);
      const closed = performance.now();
      // Where a slow stop went: the drain (answers in flight, idle grace) or the backend's close.
      log(
        "info",
        `stopped: drained in ${ms(drained - signalled)} ms, backend closed in ${ms(closed - drained)} ms`,
      );
      if (cut === 0) process.exit(0);
      log("error", `stop deadline: cut ${cut} connection(s) still answering`);
      process.exit(1);
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, resolve);
  });
  log("info", `listening on http://${options.hostname}:${options.port}`);
  // The first health check starts the backend (warmUpBackend, in lib/server/bff/dashboard-backend.ts,
  // says why there).
  const self = wildcard ? "127.0.0.1" : options.hostname;
  // Only a head start: a check that fails here leaves the backend to start on the first request
  // instead, and that request says what is wrong. The address holds no credentials.
  void fetch(`http://${self}:${options.port}/api/health`).then(
    () => undefined,
    (error: unknown) => log("debug", `warm-up health check failed: ${messageOf(error)}`),
  );
}

/**
 * Closes the backend Next's route handlers keep on globalThis (lib/server/bff/dashboard-backend.ts):
 * an embedded mirror closed cleanly needs no recovery at the next start, and a walk under way is
 * abandoned (it changes nothing) rather than cut by the exit.
 */
async function closeBackend(deadlineMs: number): Promise<void> {
  const held = globalThis as { __dashboardBackend?: Promise<{ close(): Promise<void> }> };
  if (!held.__dashboardBackend) return;
  const closed = held.__dashboardBackend.then((backend) => backend.close());
  const timeUp = new Promise<void>((resolve) => setTimeout(resolve, deadlineMs).unref());
  await Promise.race([closed, timeUp]).catch((error: unknown) => {
    log("error", `backend did not close cleanly: ${messageOf(error)}`);
  });
}

const ms = (duration: number) => Math.round(duration);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// In the shape of the dashboard's own JSON log lines (lib/server/log), which this process cannot
// import (they are server-only modules, for Next's bundles).
function log(level: "debug" | "info" | "warn" | "error", msg: string): void {
  if (level === "debug" && !["debug", "trace"].includes(process.env.LOG_LEVEL ?? "")) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: "dashboard", msg });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

// A client that reuses an idle keep-alive connection at the moment the server closes it gets a
// failed request. Reverse proxies and load balancers keep idle connections for up to a minute
// (nginx's and most balancers' default), and busy clients notice Node's 5 s close late: so the
// dashboard keeps an idle connection longer than they do, and they close it first.
const IDLE_KEEP_ALIVE_MS = 65_000;

/** The HTTP server in front of `handle` (Next's), answering first what Next cannot. */
export function dashboardHttpServer(handle: RequestListener, options: ServerOptions = {}): Server {
  const server = createServer({ keepAliveTimeout: IDLE_KEEP_ALIVE_MS, ...options }, (request, response) => {
    if (answerUnsupportedMethod(request, response)) return;
    handle(request, response);
  });
  server.on("clientError", answerMalformedRequest);
  // CONNECT never reaches the request handler; without a listener Node drops the connection.
  server.on("connect", (_request, socket) => answerMalformedRequest(null, socket));
  return server;
}
