// `npm start`: the sandbox service, configured for local use, with its output and a clean stop on Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process";

const servicePort = process.env.VTS_PORT ?? "4010";
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code, signal) => {
    console.log(`[start] ${name} stopped (${signal ?? `exit ${code}`})`);
    stopAll(code ?? 1);
  });
  children.push(child);
  return child;
}

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

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

run("service", process.execPath, ["--import", "tsx", "task-service/src/server.ts"], {
  VTS_MODE: process.env.VTS_MODE ?? "sandbox",
  VTS_PORT: servicePort,
});
console.log(`[start] Vehicle Task Service (sandbox) starting on http://127.0.0.1:${servicePort}`);
console.log("[start] try: curl -u sandbox-full:sandbox-full-secret -d grant_type=client_credentials " +
  `http://127.0.0.1:${servicePort}/oauth/token`);
