// The dashboard's staff CLI on a staff file (a password goes on stdin). Tests and benchmarks run
// without the react-server condition that the staff directory module needs, so they go through
// `scripts/staff.ts` rather than importing it.
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "./repo-root";

export function staffCli(file: string, args: string[], input = ""): void {
  execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/staff.ts", ...args, "--file", file],
    { cwd: REPO_ROOT, input, stdio: ["pipe", "ignore", "inherit"] },
  );
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
