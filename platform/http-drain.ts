// Graceful stop of a node:http server without losing a keep-alive client's request, shared by the
// service (task-service/src/plugins/drain-on-close.ts) and the dashboard (serve-dashboard.ts), so
// framework-free and in neither program's source. Stop listening; every response from then on
// says "Connection: close", so a busy client's next answer ends its connection cleanly; idle
// connections get a short grace before they are closed, because closing one at once cuts the
// request a client (a reverse proxy's pool) may be sending at that very moment.
import { Server as NetServer, type Socket } from "node:net";
import type { Server, ServerResponse } from "node:http";

/** How long a connection idle at shutdown may still send a request. */
export const IDLE_GRACE_MS = 1_000;
const POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's open connections, kept up to date. */
export function trackConnections(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * Stops listening and waits up to `idleGraceMs` for the connections to close by themselves (the
 * caller's responses say "Connection: close" meanwhile); then closes those that never sent a byte.
 */
export async function stopListeningWithGrace(
  server: Server,
  sockets: Set<Socket>,
  idleGraceMs = IDLE_GRACE_MS,
): Promise<void> {
  // net's close stops the listener only; http's own close also drops idle keep-alive connections.
  NetServer.prototype.close.call(server);
  const deadline = Date.now() + idleGraceMs;
  while (sockets.size > 0 && Date.now() < deadline) await sleep(POLL_MS);
  // Silent for the whole grace: only such a client can still meet the race, which HTTP/1.1 leaves
  // to clients (RFC 9112, 9.6). Node counts a connection that never sent a byte as busy, not idle,
  // so http's idle-closing would leave it open.
  for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
}

export interface Drain {
  /** Resolves with the number of connections still open at `hardDeadlineMs` (destroyed then). */
  close(hardDeadlineMs: number): Promise<number>;
}

/** The whole stop for a server no framework wraps (the dashboard's). */
export function drainOnClose(server: Server, idleGraceMs = IDLE_GRACE_MS): Drain {
  let closing = false;
  const sockets = trackConnections(server);
  const pending = new Set<ServerResponse>();
  // Registered before the app's handler, so it sees every response before its headers go out.
  server.prependListener("request", (_request, response: ServerResponse) => {
    if (closing) response.setHeader("connection", "close");
    else {
      pending.add(response);
      response.once("close", () => pending.delete(response));
    }
  });
  return {
    async close(hardDeadlineMs) {
      closing = true;
      const hardDeadline = Date.now() + hardDeadlineMs;
      // Responses already under way whose headers are not out yet end their connection too.
      for (const response of pending) if (!response.headersSent) response.setHeader("connection", "close");
      await stopListeningWithGrace(server, sockets, Math.min(idleGraceMs, hardDeadlineMs));
      // A response whose headers went out before the stop (a streamed export) leaves its
      // connection idle once it ends: close those as they come.
      while (sockets.size > 0 && Date.now() < hardDeadline) {
        server.closeIdleConnections();
        await sleep(POLL_MS);
      }
      const cut = sockets.size;
      for (const socket of sockets) socket.destroy();
      return cut;
    },
  };
}
