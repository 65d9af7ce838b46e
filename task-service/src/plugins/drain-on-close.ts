// Graceful shutdown: once closing starts, every response says "Connection: close", so keep-alive
// clients let go after their current request instead of holding the process open for the whole
// keep-alive timeout.
import type { FastifyInstance } from "fastify";

export function installDrainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
}
