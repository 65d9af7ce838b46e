// A real Redis that the dashboard reaches through a TCP proxy, so a test can take it away (every
// connection cut, new ones refused, as when the server is killed) and bring it back empty, as a
// restarted Redis without persistence comes back, while the test keeps its own way in.
import { execFileSync } from "node:child_process";
import { startLocalRedis, type LocalRedis } from "@/harness/local-redis";
import { TcpProxy } from "./tcp-proxy";

export class OutageRedis {
  private constructor(
    private readonly redis: LocalRedis,
    private readonly proxy: TcpProxy,
  ) {}

  static async start(): Promise<OutageRedis> {
    const redis = await startLocalRedis();
    return new OutageRedis(redis, await TcpProxy.start(redis.port));
  }

  /** What the dashboard is configured with. */
  get url(): string {
    return `redis://127.0.0.1:${this.proxy.port}`;
  }

  /** Redis is gone: connections are cut and refused. */
  async goAway(): Promise<void> {
    await this.proxy.refuse();
  }

  /** Redis is back, without any of the keys it held. */
  async comeBackEmpty(): Promise<void> {
    this.cli("flushall");
    await this.proxy.accept();
  }

  /** The keys Redis holds now, read behind the dashboard's back. */
  keys(pattern: string): string[] {
    return this.cli("--raw", "keys", pattern).split("\n").filter(Boolean);
  }

  async stop(): Promise<void> {
    try {
      await this.proxy.close();
    } finally {
      this.redis.stop();
    }
  }

  private cli(...args: string[]): string {
    return execFileSync("redis-cli", ["-p", String(this.redis.port), ...args]).toString();
  }
}
