// Graceful shutdown without losing a keep-alive client's request. Once closing starts the service
// stops accepting connections, and every response says "Connection: close", so a busy client's
// next answer ends its connection cleanly. Closing an idle keep-alive connection at once would cut
// the request its client may be sending at that very moment (it sees a reset and cannot tell
// whether the request ran), so idle connections get a short grace first: only a client silent for
// the whole grace can still meet that race, which HTTP/1.1 leaves to clients (RFC 9112, 9.6).
import { Server as NetServer, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** How long a connection idle at shutdown may still send a request. */
export const IDLE_GRACE_MS = 1_000;
const POLL_MS = 20;

export function installDrainOnClose(app: FastifyInstance, idleGraceMs = IDLE_GRACE_MS): void {
  let closing = false;
  const sockets = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  app.addHook("preClose", async () => {
    closing = true;
    if (!app.server.listening) return;
    // net's close stops the listener only; http's own close (which Fastify calls after this hook)
    // also drops idle keep-alive connections, which must wait out the grace.
    NetServer.prototype.close.call(app.server);
    const deadline = Date.now() + idleGraceMs;
    while (sockets.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    // Node counts a connection that never sent a byte as busy, not idle, so http's close would
    // leave it open until the hard deadline in server.ts.
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
}
