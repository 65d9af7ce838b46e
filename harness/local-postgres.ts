// Starts a throwaway PostgreSQL server (Debian's, version 15 on these machines) in a temp folder.
// PostgreSQL refuses to run as root, so as root the binaries run as the postgres user.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDaemonReaper } from "./daemon-reaper.mjs";
import { freePort } from "./free-port";

export interface LocalPostgres {
  url: string;
  /** Stops the server and removes its files. */
  stop(): void;
  /** Stops the server as a restart or a crash would, keeping its files, until `resume`. */
  halt(): void;
  resume(): void;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => join(root, version, "bin"))
    .find((dir) => existsSync(join(dir, "initdb")));
  if (!found)
    throw new Error(
      "PostgreSQL server binaries not found under /usr/lib/postgresql (see README: system packages).",
    );
  return found;
}

/** A client tool of the same PostgreSQL (pg_dump, pg_restore), which any user may run. */
export function postgresClientTool(tool: "pg_dump" | "pg_restore" | "psql"): string {
  return join(binDir(), tool);
}

export async function startLocalPostgres(settings: string[] = []): Promise<LocalPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "vts-pg-"));
  // SIGQUIT: PostgreSQL's immediate shutdown, as `pg_ctl -m immediate` asks for below.
  const reaper = startDaemonReaper(join(dir, "data", "postmaster.pid"), "SIGQUIT", dir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, ...postgresIds());
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { stdio: "pipe" })
      : execFileSync(join(bin, tool), args, { stdio: "pipe" });
  const port = await freePort();
  run("initdb", [
    "-D",
    join(dir, "data"),
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    ...settings,
  ].join(" ");
  const start = () =>
    run("pg_ctl", ["-D", join(dir, "data"), "-l", join(dir, "log"), "-w", "-o", options, "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run("pg_ctl", ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]),
    resume: start,
    stop() {
      reaper.dismiss();
      try {
        run("pg_ctl", ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresIds(): [number, number] {
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return [uid, gid];
}

/** A fresh database on the server, so test files never see each other's rows. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of its own on the run's PostgreSQL server; `drop` ends its connections first. */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(serverUrl, name);
  return {
    url,
    async drop() {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
