// A free loopback port for a server a test starts, so parallel runs never collide.
//
// Not one the kernel picks (listen on port 0): it picks from its ephemeral range, the same range
// it takes the local port of every outgoing connection from. Between this probe's close and the
// server's listen (seconds, while a service seeds its store), any connection on the machine (a
// pooled PostgreSQL client, a browser's fetch) may take that port, and the server's listen fails
// with EADDRINUSE. A port below that range is only ever taken by a process that names it.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const LOWEST_PORT = 10_000;
/** Where Linux's ephemeral range starts by default (and below macOS's and Windows' ranges too). */
const DEFAULT_EPHEMERAL_START = 32_768;
const ATTEMPTS = 50;

/** The first port of the kernel's ephemeral range, where this machine says. */
export function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST_PORT ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const end = ephemeralRangeStart();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (end - LOWEST_PORT));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free loopback port in ${LOWEST_PORT}-${end - 1} after ${ATTEMPTS} tries`);
}
