// Graceful stop of a plain node:http server without losing a keep-alive client's request: the
// approach of the service's drain-on-close plugin (task-service/src/plugins/drain-on-close.ts),
// for a server no framework wraps. Stop listening; every response from then on says
// "Connection: close", so a busy client's next answer ends its connection cleanly; idle
// connections get a short grace before they are closed, because closing one at once cuts the
// request a client (a reverse proxy's pool) may be sending at that very moment. Framework-free and
// outside both programs' sources, so the service can share it.
import { Server as NetServer, type Socket } from "node:net";
import type { Server, ServerResponse } from "node:http";

/** How long a connection idle at shutdown may still send a request. */
export const IDLE_GRACE_MS = 1_000;
const POLL_MS = 20;

export interface Drain {
  /** Resolves with the number of connections still open at `hardDeadlineMs` (destroyed then). */
  close(hardDeadlineMs: number): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function drainOnClose(server: Server, idleGraceMs = IDLE_GRACE_MS): Drain {
  let closing = false;
  const sockets = new Set<Socket>();
  const pending = new Set<ServerResponse>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  // Registered before the app's handler, so it sees every response before its headers go out.
  server.prependListener("request", (_request, response: ServerResponse) => {
    if (closing) response.setHeader("connection", "close");
    else {
      pending.add(response);
      response.once("close", () => pending.delete(response));
    }
  });
  const untilEmptyOr = async (deadline: number) => {
    while (sockets.size > 0 && Date.now() < deadline) await sleep(POLL_MS);
  };
  return {
    async close(hardDeadlineMs) {
      closing = true;
      const hardDeadline = Date.now() + hardDeadlineMs;
      // Responses already under way whose headers are not out yet end their connection too.
      for (const response of pending) if (!response.headersSent) response.setHeader("connection", "close");
      // net's close stops the listener only; http's own close would also drop idle keep-alive
      // connections at once.
      NetServer.prototype.close.call(server);
      await untilEmptyOr(Math.min(Date.now() + idleGraceMs, hardDeadline));
      // Silent for the whole grace: only such a client can still meet the race, which HTTP/1.1
      // leaves to clients (RFC 9112, 9.6). Node counts a connection that never sent a byte as
      // busy, not idle.
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
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
