// `npm start` as a newcomer runs it: a few readable lines in the terminal (addresses, sign-in,
// where the logs are), the full JSON logs in files under .data/logs/, and Ctrl-C stops everything.
// It runs in a scratch directory whose entries link to this repository, so its .data is its own.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "@/harness/free-port";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "npm-start-"));
for (const entry of readdirSync(ROOT)) {
  if (entry !== ".data" && entry !== ".git") symlinkSync(join(ROOT, entry), join(scratch, entry));
}
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment of someone who configured nothing (no settings of this shell's own). */
function newcomerEnv(ports: { dashboard: number; service: number }): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return { ...env, PORT: String(ports.dashboard), VTS_PORT: String(ports.service), VTS_SEED_TASKS: "1000" };
}

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const answers = (url: string) =>
  fetch(url, { redirect: "manual" }).then(
    (response) => response.status < 500,
    () => false,
  );

it(
  "prints a few readable lines, keeps the JSON logs in .data/logs, and stops on Ctrl-C",
  { timeout: 240_000 },
  async () => {
    const ports = { dashboard: await freePort(), service: await freePort() };
    const dashboard = `http://localhost:${ports.dashboard}`;
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"],
      {
        cwd: scratch,
        // Next's type declarations make NODE_ENV required; a newcomer's shell sets none.
        env: newcomerEnv(ports) as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
        // A process group of its own, to send Ctrl-C as a terminal does: to the whole group.
        detached: true,
      },
    );
    let terminal = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (terminal += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (terminal += chunk));
    const exited = new Promise<number | null>((done) => child.once("close", done));
    try {
      await waitUntil(
        () => terminal.includes(dashboard) && answers(`${dashboard}/api/health`),
        "the dashboard",
        180_000,
      );
      // A visit's worth of traffic, which both programs log.
      for (const path of ["/api/health", "/sign-in", "/api/tasks", "/tasks"])
        await fetch(`${dashboard}${path}`, { redirect: "manual" });
      await fetch(`http://127.0.0.1:${ports.service}/v1/locations`);
      await new Promise((done) => setTimeout(done, 500));
    } finally {
      if (child.pid !== undefined) interruptGroup(child.pid);
    }
    expect(await exited, terminal).toBe(0);
    expect(await answers(`${dashboard}/api/health`)).toBe(false);
    expect(await answers(`http://127.0.0.1:${ports.service}/healthz`)).toBe(false);

    const lines = terminal.split("\n").filter((line) => line.trim() !== "");
    expect(
      lines.filter((line) => line.trimStart().startsWith("{")),
      terminal,
    ).toEqual([]);
    expect(lines.length, terminal).toBeLessThanOrEqual(16);
    expect(terminal).not.toMatch(/telemetry/i);
    // Each program stopped once and cleanly: the terminal's signal and the runner's were once taken
    // for two, and the service quit at once ("second signal") without closing its store.
    expect(lines.filter((line) => /\b(WARN|ERROR)\b/.test(line))).toEqual([]);
    expect(terminal).toContain(dashboard);
    expect(terminal).toContain("staff@sandbox.example");
    expect(terminal).toContain(".data/logs/");

    const logDir = join(scratch, ".data", "logs");
    expect(existsSync(logDir)).toBe(true);
    const logs = readdirSync(logDir)
      .map((file) => readFileSync(join(logDir, file), "utf8"))
      .join("\n");
    const json = logs.split("\n").filter((line) => line.startsWith("{"));
    expect(json.some((line) => line.includes('"url":"/v1/locations"'))).toBe(true);
    expect(json.some((line) => line.includes('"path":"/api/tasks"'))).toBe(true);
  },
);

/** Ctrl-C to a process group that may be gone already: then the failure above, not this, says why. */
function interruptGroup(leader: number): void {
  try {
    process.kill(-leader, "SIGINT");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}
