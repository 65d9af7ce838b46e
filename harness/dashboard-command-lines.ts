// The dashboard's command lines (`npm run staff`, `npm run programs`) each run from one file under
// scripts/dist/, as the service's CLI runs from task-service/dist/: esbuild joins their modules
// into it, and packages load from node_modules as they are. Through tsx, every run compiled and
// resolved each module of the staff directory and the workspace again, about half a second of CPU
// a command, which test runs (that add staff dozens of times) paid at every call. Tests and
// benchmarks build them from the sources once per process, so a test never runs stale code.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { oncePerProcess, writeNodeBundles } from "../platform/write-node-bundles";
import { REPO_ROOT } from "./repo-root";

/** Each command line's file, relative to the repository root. */
const COMMAND_LINE_BUNDLES = {
  staff: "scripts/dist/staff.mjs",
  programs: "scripts/dist/programs.mjs",
} as const;

type CommandLine = keyof typeof COMMAND_LINE_BUNDLES;

export function buildCommandLines(): void {
  writeNodeBundles({
    absWorkingDir: REPO_ROOT,
    entryPoints: ["scripts/staff.ts", "scripts/programs.ts"],
    outdir: "scripts/dist",
    outExtension: { ".js": ".mjs" },
  });
}

const buildCommandLinesOnce = oncePerProcess(buildCommandLines);

/**
 * Arguments to this Node binary for `program` with `args`, run from the repository root. The staff
 * directory's modules are the server's alone ("server-only"), so Node resolves them under the
 * react-server condition, as the dashboard's server does.
 */
export function commandLineArgs(program: CommandLine, args: string[]): string[] {
  buildCommandLinesOnce();
  return ["--conditions=react-server", COMMAND_LINE_BUNDLES[program], ...args];
}

/** The staff CLI on a staff file (a password goes on stdin); throws if it fails. */
export function staffCli(file: string, args: string[], input = ""): void {
  execFileSync(process.execPath, commandLineArgs("staff", [...args, "--file", file]), {
    cwd: REPO_ROOT,
    input,
    stdio: ["pipe", "ignore", "inherit"],
  });
}

/**
 * Adds a staff member to a staff file through the dashboard's own CLI: an admin of every location,
 * as the sandbox's demo account is, unless `role` and `locations` (all, or ids with commas) say.
 */
export function addStaffMember(
  file: string,
  member: { email: string; name?: string; password: string; role?: string; locations?: string },
): void {
  const name = member.name ? ["--name", member.name] : [];
  const access = ["--role", member.role ?? "admin", "--locations", member.locations ?? "all"];
  staffCli(file, ["add", member.email, ...name, ...access], member.password);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildCommandLines();
