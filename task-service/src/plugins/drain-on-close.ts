// Graceful shutdown without losing a keep-alive client's request (the steps and why:
// platform/http-drain.ts, shared with the dashboard's server). Fastify's own close then drops the
// connections left idle; the hard deadline is server.ts's.
import type { FastifyInstance } from "fastify";
import { IDLE_GRACE_MS, stopListeningWithGrace, trackConnections } from "../../../platform/http-drain";

export function installDrainOnClose(app: FastifyInstance, idleGraceMs = IDLE_GRACE_MS): void {
  let closing = false;
  const sockets = trackConnections(app.server);
  app.addHook("preClose", async () => {
    closing = true;
    if (!app.server.listening) return;
    await stopListeningWithGrace(app.server, sockets, idleGraceMs);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
}
