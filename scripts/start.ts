// `npm start`: the sandbox Vehicle Task Service and the dashboard, configured for each other.
// Builds the dashboard first when its build is missing or older than its sources. The terminal
// shows a few readable lines (addresses, sign-in, warnings, errors); both programs' full JSON logs
// go to files under .data/logs/ (start-output.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { upsertStaffMember, readStaff } from "../lib/server/auth/staff-directory";
import { dashboardServerArgs } from "./dashboard-command";
import { newestSourceTime } from "./source-times";
import { INFO, WARN, followOutput } from "./start-output";

const SERVICE_PORT = process.env.VTS_PORT ?? "4010";
const DASHBOARD_PORT = process.env.PORT ?? "3000";
const DEMO_STAFF = {
  email: "staff@sandbox.example",
  password: "sandbox-staff-password",
  name: "Sandbox Staff",
};
const STAFF_FILE = ".data/staff.json";
const NEXT_BIN = "node_modules/next/dist/bin/next";
const SECRET_FILE = ".data/dashboard-auth-secret";
const LOG_DIR = ".data/logs";
// A newcomer's terminal gets no telemetry notice; nothing is sent either.
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1" };

/** Kept across restarts so sign-ins survive them; never committed (.data is ignored). */
function authSecret(): string {
  mkdirSync(".data", { recursive: true });
  if (!existsSync(SECRET_FILE))
    writeFileSync(SECRET_FILE, randomBytes(33).toString("base64url"), { mode: 0o600 });
  return readFileSync(SECRET_FILE, "utf8").trim();
}

function buildIfStale(): void {
  const built = existsSync(".next/BUILD_ID") ? statSync(".next/BUILD_ID").mtimeMs : 0;
  if (
    built > newestSourceTime(["app", "lib", "components", "proxy.ts", "next.config.mjs", "package-lock.json"])
  )
    return;
  const logFile = `${LOG_DIR}/build.log`;
  console.log(`[start] building the dashboard (once; about a minute; output in ${logFile})`);
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], {
    env: { ...process.env, ...NEXT_ENV },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(logFile, `${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.status === 0) return;
  console.error(`${result.stdout ?? ""}${result.stderr ?? ""}`.trimEnd().split("\n").slice(-30).join("\n"));
  console.error(`[start] the build failed (full output in ${logFile})`);
  process.exit(result.status ?? 1);
}

const children: ChildProcess[] = [];
let stopping = false;
function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(exitCode), 5_000).unref();
  void Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve)))).then(() =>
    process.exit(exitCode),
  );
}

/** Until the service answers, its progress (the first start generates the data) is worth seeing. */
let serviceReady = false;

function run(name: string, args: string[], env: Record<string, string>): void {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logFile = createWriteStream(`${LOG_DIR}/${name}.log`, { flags: "a" });
  const minLevel = () => (name === "service" && !serviceReady ? INFO : WARN);
  followOutput(name, child.stdout, logFile, () => ({ minLevel: minLevel(), plainText: false }));
  followOutput(name, child.stderr, logFile, () => ({ minLevel: minLevel(), plainText: true }));
  child.on("exit", (code, signal) => {
    if (!stopping) console.log(`[start] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

/** The first start generates the sandbox (up to a minute): the URLs are printed once both answer. */
async function waitForOk(url: string): Promise<void> {
  for (let waited = 0; waited < 300_000 && !stopping; waited += 1_000) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

mkdirSync(LOG_DIR, { recursive: true });
if (!(await readStaff(STAFF_FILE)).some((member) => member.email === DEMO_STAFF.email)) {
  await upsertStaffMember(STAFF_FILE, DEMO_STAFF.email, DEMO_STAFF.name, DEMO_STAFF.password);
}
buildIfStale();

run("service", ["--import", "tsx", "task-service/src/server.ts"], {
  VTS_MODE: process.env.VTS_MODE ?? "sandbox",
  VTS_PORT: SERVICE_PORT,
});
console.log(`[start] logs (JSON lines): ${LOG_DIR}/service.log and ${LOG_DIR}/dashboard.log`);
console.log("[start] waiting for the sandbox service (the first start generates its data)");
await waitForOk(`http://127.0.0.1:${SERVICE_PORT}/healthz`);
serviceReady = true;
run("dashboard", dashboardServerArgs(DASHBOARD_PORT), {
  ...NEXT_ENV,
  VTS_BASE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
  VTS_CLIENT_ID: process.env.VTS_CLIENT_ID ?? "sandbox-full",
  VTS_CLIENT_SECRET: process.env.VTS_CLIENT_SECRET ?? "sandbox-full-secret",
  AUTH_SECRET: process.env.AUTH_SECRET ?? authSecret(),
  AUTH_URL: `http://localhost:${DASHBOARD_PORT}`,
  STAFF_FILE,
});
await waitForOk(`http://localhost:${DASHBOARD_PORT}/api/health`);

console.log(`
[start] Fleet Task Dashboard: http://localhost:${DASHBOARD_PORT}   (PORT=... to change)
[start]   sign in as ${DEMO_STAFF.email} / ${DEMO_STAFF.password}
[start] Vehicle Task Service (sandbox): http://127.0.0.1:${SERVICE_PORT}  (client sandbox-full / sandbox-full-secret)
[start] Warnings and errors show here; everything else is in ${LOG_DIR}/. Ctrl-C stops both.
`);
