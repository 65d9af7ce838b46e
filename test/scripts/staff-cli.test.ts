// `npm run staff`: roles and locations on the command line, as an operator types them, each run as
// its own process. A mistake is answered with the usage and exit 2, never a stack trace.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REPO_ROOT } from "@/harness/repo-root";

let dir: string;
const staff = (args: string[], input = "") =>
  spawnSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "scripts/staff.ts",
      ...args,
      "--file",
      join(dir, "staff.json"),
    ],
    { cwd: REPO_ROOT, encoding: "utf8", input },
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "staff-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("adds a viewer of some locations, changes them, and lists each member's access", () => {
  const added = staff(
    ["add", "Branch@Company.example", "--role", "viewer", "--locations", "loc_b, loc_a"],
    "a-long-branch-password\n",
  );
  expect(added.status, added.stderr).toBe(0);
  expect(added.stdout).toContain("as viewer of loc_a, loc_b");
  const changed = staff(["access", "branch@company.example", "--role", "admin", "--locations", "all"]);
  expect(changed.status, changed.stderr).toBe(0);
  const listed = staff(["list"]);
  expect(listed.stdout).toMatch(/^branch@company\.example\t.*\tadmin of all locations\tadded /m);
});

it("answers a mistake with the usage and exit 2, and an unknown member with exit 1", () => {
  for (const args of [
    ["access", "branch@company.example", "--role", "admin"],
    ["access", "branch@company.example", "--role", "owner", "--locations", "all"],
    ["add", "x@company.example", "--scope", "all"],
  ]) {
    const result = staff(args);
    expect(result.status, args.join(" ")).toBe(2);
    expect(result.stderr).toContain("Usage: npm run staff");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }
  const unknown = staff(["access", "nobody@company.example", "--role", "viewer", "--locations", "all"]);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain("is not in");
});
