// `npm start`: the sandbox Vehicle Task Service and the dashboard, configured for each other.
// Builds the dashboard first when its build is missing or older than its sources. The terminal
// shows a few readable lines (addresses, sign-in, warnings, errors); both programs' full JSON logs
// go to files under .data/logs/ (start-output.ts).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { RunningChild } from "../harness/child-process";
import { NEXT_ENV, startDashboardProcess } from "../harness/dashboard-process";
import { startServiceProcess } from "../harness/service-process";
import { FULL_ACCESS, upsertStaffMember, readStaff } from "../lib/server/staff";
import { newestSourceTime } from "./source-times";
import { INFO, WARN, followOutput } from "./start-output";
import { readStartSettings, StartSettingError, type StartSettings } from "./start-settings";

function settingsOrExit(): StartSettings {
  try {
    return readStartSettings(process.env);
  } catch (error) {
    if (!(error instanceof StartSettingError)) throw error;
    console.error(`[start] ${error.message}`);
    process.exit(2);
  }
}

const settings = settingsOrExit();
const DEMO_STAFF = {
  email: "staff@sandbox.example",
  password: "sandbox-staff-password",
  name: "Sandbox Staff",
};
const STAFF_FILE = ".data/staff.json";
const NEXT_BIN = "node_modules/next/dist/bin/next";
const SECRET_FILE = ".data/dashboard-auth-secret";
const LOG_DIR = ".data/logs";
/** The first start generates the sandbox (up to a minute): the URLs are printed once both answer. */
const START_TIMEOUT_MS = 300_000;

/** Kept across restarts so sign-ins survive them; never committed (.data is ignored). */
function authSecret(): string {
  mkdirSync(".data", { recursive: true });
  if (!existsSync(SECRET_FILE))
    writeFileSync(SECRET_FILE, randomBytes(33).toString("base64url"), { mode: 0o600 });
  return readFileSync(SECRET_FILE, "utf8").trim();
}

/** What the dashboard's build is made of: a change to any of them makes the build stale. */
const DASHBOARD_SOURCES = [
  "app",
  "lib",
  "components",
  "contract",
  "platform",
  "scripts",
  "proxy.ts",
  "next.config.mjs",
  "package-lock.json",
];

function buildIfStale(): void {
  // A build from before the dashboard's server was bundled with it has no server file to run.
  const buildId = `${settings.distDir}/BUILD_ID`;
  const complete = existsSync(buildId) && existsSync(`${settings.distDir}/dashboard-server.mjs`);
  const built = complete ? statSync(buildId).mtimeMs : 0;
  if (built > newestSourceTime(DASHBOARD_SOURCES)) return;
  const logFile = `${LOG_DIR}/build.log`;
  // The build writes into the file as it goes, so the file named below is there to follow at once.
  const log = openSync(logFile, "w");
  console.log(`[start] building the dashboard (once; about a minute; output in ${logFile})`);
  let result;
  try {
    result = spawnSync(process.execPath, [NEXT_BIN, "build"], {
      env: { ...process.env, ...NEXT_ENV, NEXT_DIST_DIR: settings.distDir },
      stdio: ["ignore", log, log],
    });
  } finally {
    closeSync(log);
  }
  if (result.status === 0) return;
  console.error(readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-30).join("\n"));
  console.error(`[start] the build failed (full output in ${logFile})`);
  process.exit(result.status ?? 1);
}

const children: RunningChild[] = [];
let stopping = false;
function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  void stopInTurn().then(() => process.exit(exitCode));
}

/**
 * The dashboard first (started last): it calls the service until it has stopped, and a service
 * gone first could leave its sync a call that failed, a warning on the terminal at every Ctrl-C.
 */
async function stopInTurn(): Promise<void> {
  for (const child of [...children].reverse()) await child.stop("SIGTERM", 5_000);
}

/** Until the service answers, its progress (the first start generates the data) is worth seeing. */
let serviceReady = false;

/** Shows its readable lines here; when it stops, so does everything else. */
function follow(name: string, child: RunningChild): void {
  const minLevel = () => (name === "service" && !serviceReady ? INFO : WARN);
  followOutput(name, child.process.stdout!, () => ({ minLevel: minLevel(), plainText: false }));
  followOutput(name, child.process.stderr!, () => ({ minLevel: minLevel(), plainText: true }));
  void child.exited.then(() => {
    const how = child.signal() ?? `exit ${child.process.exitCode}`;
    if (!stopping) console.log(`[start] ${name} stopped (${how}); stopping the rest`);
    stopAll(child.process.exitCode ?? 1);
  });
  children.push(child);
}

/** A program that never got healthy has said why in its lines above and stopped the rest. */
async function started<T>(starting: Promise<T>): Promise<T> {
  try {
    return await starting;
  } catch (error) {
    if (!stopping) console.error(`[start] ${(error as Error).message.split("\n")[0]}`);
    stopAll(1);
    return new Promise<never>(() => {});
  }
}

const programOptions = (name: string) => ({
  // Ctrl-C reaches this runner alone, which stops each program once (stopAll).
  ownProcessGroup: true,
  logFile: `${LOG_DIR}/${name}.log`,
  appendLog: true,
  timeoutMs: START_TIMEOUT_MS,
  onSpawn: (child: RunningChild) => follow(name, child),
});

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
// A closed terminal: the programs, in groups of their own, hear of it only from here.
process.on("SIGHUP", () => stopAll(0));

mkdirSync(LOG_DIR, { recursive: true });
if (!(await readStaff(STAFF_FILE)).some((member) => member.email === DEMO_STAFF.email)) {
  await upsertStaffMember(STAFF_FILE, DEMO_STAFF.email, DEMO_STAFF.name, DEMO_STAFF.password, FULL_ACCESS);
}
buildIfStale();

console.log(`[start] logs (JSON lines): ${LOG_DIR}/service.log and ${LOG_DIR}/dashboard.log`);
console.log("[start] waiting for the sandbox service (the first start generates its data)");
const service = await started(
  startServiceProcess(
    { VTS_PORT: String(settings.servicePort) },
    { inheritSettings: true, ...programOptions("service") },
  ),
);
serviceReady = true;
await started(
  startDashboardProcess({
    port: settings.dashboardPort,
    env: {
      VTS_BASE_URL: service.url,
      VTS_CLIENT_ID: settings.clientId,
      VTS_CLIENT_SECRET: settings.clientSecret,
      AUTH_SECRET: settings.authSecret ?? authSecret(),
      ...(settings.authUrl ? { AUTH_URL: settings.authUrl } : {}),
      STAFF_FILE,
      NEXT_DIST_DIR: settings.distDir,
      MIRROR_DATA_DIR: settings.mirrorDataDir,
      WORKSPACE_DATA_DIR: settings.workspaceDataDir,
    },
    ...programOptions("dashboard"),
  }),
);

console.log(`
[start] Fleet Task Dashboard: http://localhost:${settings.dashboardPort}   (PORT=... to change)
[start]   sign in as ${DEMO_STAFF.email} / ${DEMO_STAFF.password}
[start] Vehicle Task Service (sandbox): ${service.url}  (client sandbox-full / sandbox-full-secret)
[start] Warnings and errors show here; everything else is in ${LOG_DIR}/. Ctrl-C stops both.
`);
