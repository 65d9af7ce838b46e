// The harness's own promises: a program that dies before it is healthy says why (the tail of its
// log), a start meets its deadline whatever its probes and the test's clock do, a stop always
// ends with the process gone, even when it ignores SIGTERM, and a test run's children run as the
// short-lived processes they are.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, onTestFinished, vi } from "vitest";
import { startChild } from "../child-process";
import { freePort } from "../free-port";
import { startHealthyChild } from "../healthy-child";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("rejects with the tail of the log when the program exits before it is healthy", async () => {
  const folder = mkdtempSync(join(tmpdir(), "harness-"));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  const logFile = join(folder, "early-exit.log");
  const port = await freePort();
  const started = startHealthyChild({
    name: "early-exit",
    args: ["-e", "console.log('opening the store'); console.error('store is locked'); process.exit(3)"],
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    timeoutMs: 20_000,
    logFile,
  });
  await expect(started).rejects.toThrow(
    /early-exit exited \(code 3\) before it was healthy[\s\S]*store is locked/,
  );
  expect(readFileSync(logFile, "utf8")).toContain("opening the store");
});

it("rejects with the tail of the log when the program is not healthy by the deadline", async () => {
  const port = await freePort();
  const started = startHealthyChild({
    name: "never-ready",
    args: ["-e", "console.log('still warming up'); setInterval(() => {}, 1000)"],
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    timeoutMs: 1_500,
  });
  await expect(started).rejects.toThrow(/never-ready was not healthy within 1500 ms[\s\S]*still warming up/);
});

it("meets its deadline when a probe never settles and a test has frozen Date", async () => {
  // A request that never comes back, and a clock a test file faked and left frozen: neither may
  // keep a start waiting past its deadline without a word.
  vi.stubGlobal("fetch", () => new Promise(() => {}));
  vi.useFakeTimers({ toFake: ["Date"] });
  onTestFinished(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const port = await freePort();
  const started = startHealthyChild({
    name: "unanswered",
    args: ["-e", "setInterval(() => {}, 1000)"],
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    timeoutMs: 1_500,
  });
  await expect(started).rejects.toThrow(/unanswered was not healthy within 1500 ms/);
});

it("is ready once its health URL answers 200, and a stop resolves once it has exited", async () => {
  const port = await freePort();
  const program = `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1")`;
  const child = await startHealthyChild({
    name: "server",
    args: ["-e", program],
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    timeoutMs: 20_000,
  });
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  expect(await child.stop()).toBe(null);
  expect(child.hasExited()).toBe(true);
  expect(alive(child.pid)).toBe(false);
});

it("kills a program that ignores SIGTERM once the grace period is over", async () => {
  const child = startChild({
    name: "stubborn",
    args: [
      "-e",
      "process.on('SIGTERM', () => console.log('not now')); console.log('up'); setInterval(() => {}, 1000)",
    ],
  });
  await expect.poll(() => child.stdout()).toContain("up");
  const asked = Date.now();
  const code = await child.stop("SIGTERM", 1_000);
  expect(Date.now() - asked).toBeGreaterThanOrEqual(900);
  expect(code).toBe(null);
  expect(child.signal()).toBe("SIGKILL");
  expect(child.stdout()).toContain("not now");
  expect(alive(child.pid)).toBe(false);
});

it("stops at once when the program leaves on SIGTERM, within the grace period", async () => {
  const child = startChild({
    name: "polite",
    args: ["-e", "console.log('up'); setInterval(() => {}, 1000)"],
  });
  await expect.poll(() => child.stdout()).toContain("up");
  const asked = Date.now();
  await child.stop("SIGTERM", 10_000);
  expect(Date.now() - asked).toBeLessThan(5_000);
  expect(child.signal()).toBe("SIGTERM");
});

it("has exited once the program has, though a process it left behind still holds its output", async () => {
  // The program starts a process of its own that keeps the same stdout and outlives it.
  const program = [
    "const { spawn } = require('node:child_process');",
    "const straggler = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'inherit', detached: true });",
    "console.log(straggler.pid);",
    "straggler.unref();",
  ].join(" ");
  const child = startChild({ name: "parent", args: ["-e", program] });
  const started = Date.now();
  expect(await child.exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(15_000);
  const straggler = Number(child.stdout().trim());
  expect(alive(straggler)).toBe(true);
  process.kill(straggler, "SIGKILL");
});

it("tells a test run's children that they are short-lived, and no other process", async () => {
  const report =
    "console.log(JSON.stringify([process.execArgv.includes('--max-opt=1'), process.env.PGLITE_SHORT_LIVED ?? null]))";
  const run = async (env: NodeJS.ProcessEnv) => {
    const child = startChild({ name: "lifetime", args: ["-e", report], env });
    expect(await child.exited).toBe(0);
    return JSON.parse(child.stdout()) as [boolean, string | null];
  };
  const { PGLITE_TEMPLATE: _template, ...outsideARun } = process.env;
  expect(await run({ ...outsideARun, PGLITE_TEMPLATE: "/tmp/cluster.tar" })).toEqual([true, "1"]);
  expect(await run(outsideARun)).toEqual([false, null]);
});
