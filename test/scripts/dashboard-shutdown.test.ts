// The built dashboard (`next build` first) stopped by SIGTERM while a reverse proxy's pooled
// keep-alive connections are busy: as the service (task-service/test/process/shutdown-burst.test.ts),
// every request gets a whole answer or finds its connection closed before it is sent. A request the
// hard deadline cuts makes the exit code say so.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterEach, expect, it } from "vitest";
import { dashboardServerArgs } from "@/scripts/dashboard-command";
import { keepAliveLoop, openRawConnection, sleep } from "@/task-service/test/process/raw-http";
import { freePort } from "@/harness/free-port";

const ROOT = resolve(import.meta.dirname, "../..");
const CONNECTIONS = 30;

const started: { kill(signal: NodeJS.Signals): void }[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

async function startDashboard() {
  const port = await freePort();
  const child = spawn(process.execPath, dashboardServerArgs(port, "127.0.0.1"), {
    cwd: ROOT,
    env: { ...process.env, VTS_BASE_URL: "http://127.0.0.1:9", AUTH_SECRET: "x".repeat(40) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once("close", done));
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no dashboard:\n${output}`);
    await sleep(200);
  }
  return { port, exited, output: () => output, stop: () => child.kill("SIGTERM") };
}

it(
  "cuts no keep-alive request when SIGTERM arrives during a 30-connection burst",
  { timeout: 120_000 },
  async () => {
    const dashboard = await startDashboard();
    const runs = Array.from({ length: CONNECTIONS }, () => keepAliveLoop(dashboard.port, "/api/health"));
    // Let every connection settle into its request-response rhythm first.
    await sleep(1_500);
    // A pooled connection that stays silent must not hold the shutdown open.
    const idle = await openRawConnection(dashboard.port);
    const signalled = Date.now();
    dashboard.stop();
    const settled = await Promise.all(runs);
    expect(settled.flatMap((run) => run.cut)).toEqual([]);
    expect(settled.every((run) => run.answered > 0)).toBe(true);
    expect(await dashboard.exited, dashboard.output()).toBe(0);
    expect(idle.closed()).toBe(true);
    expect(Date.now() - signalled).toBeLessThan(4_000);
  },
);

it(
  "exits non-zero when the hard deadline cuts a request still in progress",
  { timeout: 60_000 },
  async () => {
    const dashboard = await startDashboard();
    const stuck = await openRawConnection(dashboard.port);
    // Half a request: the connection is busy, and no grace ends it.
    stuck.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await sleep(200);
    dashboard.stop();
    expect(await dashboard.exited).not.toBe(0);
    expect(dashboard.output()).toMatch(/cut 1 connection/);
  },
);
