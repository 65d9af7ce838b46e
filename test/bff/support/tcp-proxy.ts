// A TCP proxy in front of the service, to make it slow (every byte back is held for a while) or
// refuse connections (the port closed) without touching the service itself. Its timing uses
// performance.now, so tests that move Date.now do not change it.
import { connect, createServer, type Server, type Socket } from "node:net";

export class TcpProxy {
  /** Held before each chunk of the service's answer is passed on; 0 passes at once. */
  delayMs = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly targetPort: number,
    public port: number,
  ) {}

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort, 0);
    await proxy.accept();
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Listens (again, on the same port after refuse()). */
  async accept(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (typeof address === "object" && address) this.port = address.port;
    this.server = server;
  }

  /** Closes the port and cuts every open connection: new connections are refused. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.targetPort, "127.0.0.1");
    this.sockets.add(client);
    this.sockets.add(upstream);
    // Chunks leave in order: each no earlier than the one before it.
    let releaseAt = 0;
    const later = (action: () => void) => {
      const now = performance.now();
      releaseAt = Math.max(releaseAt, now + this.delayMs);
      if (releaseAt <= now) return action();
      setTimeout(action, releaseAt - now);
    };
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) =>
      later(() => {
        if (!client.destroyed) client.write(chunk);
      }),
    );
    client.on("end", () => upstream.end());
    upstream.on("end", () => later(() => client.end()));
    const teardown = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on("error", teardown);
    upstream.on("error", teardown);
    client.on("close", teardown);
    upstream.on("close", () => later(teardown));
  }
}
