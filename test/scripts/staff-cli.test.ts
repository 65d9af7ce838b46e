// `npm run staff`: roles and locations on the command line, as an operator types them, each run as
// its own process. A mistake is answered with the usage and exit 2, never a stack trace. Every
// change reaches the audit trail through the records the command leaves beside the staff file.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { commandLineArgs } from "@/harness/dashboard-command-lines";
import { REPO_ROOT } from "@/harness/repo-root";
import { takeInWaitingRecords } from "@/lib/server/bff/audit-trail";
import { staffAuditInbox } from "@/lib/server/staff";
import { openWorkspaceDb, readAudit } from "@/lib/server/workspace";

let dir: string;
const staff = (args: string[], input = "", file = join(dir, "staff.json")) =>
  spawnSync(process.execPath, commandLineArgs("staff", [...args, "--file", file]), {
    cwd: REPO_ROOT,
    encoding: "utf8",
    input,
  });

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

it("records every change it makes for the audit trail, which takes each in once, never a password", async () => {
  const file = join(dir, "audited.json");
  const run = (args: string[], input = "") => {
    const result = staff(args, input, file);
    expect(result.status, `${args.join(" ")}: ${result.stderr}`).toBe(0);
  };
  run(
    ["add", "Audited@Company.example", "--role", "viewer", "--locations", "loc_a"],
    "first-long-password\n",
  );
  run(["access", "audited@company.example", "--role", "admin", "--locations", "all"]);
  run(["disable", "audited@company.example"]);
  run(["disable", "audited@company.example"]); // already disabled: nothing changes, nothing recorded
  run(["enable", "audited@company.example"]);
  run(["add", "audited@company.example"], "second-long-password\n");
  run(["remove", "audited@company.example"]);
  const unknown = staff(["remove", "nobody@company.example"], "", file);
  expect(unknown.status).toBe(1); // no change, so no record

  const inbox = staffAuditInbox(file);
  writeFileSync(join(inbox, "0000-not-a-record.json"), "{ edited by hand");
  const db = await openWorkspaceDb({ databaseUrl: undefined, dataDir: undefined });
  try {
    const copy = readdirSync(inbox).find((name) => name.endsWith(".json") && !name.startsWith("0000"))!;
    const kept = readFileSync(join(inbox, copy), "utf8");
    await takeInWaitingRecords(db, file);
    // A dashboard that stopped between writing a record and removing its file takes it in again.
    writeFileSync(join(inbox, copy), kept);
    await takeInWaitingRecords(db, file);

    const trail = (await readAudit(db, {}, { limit: 50 })).reverse();
    expect(trail.map((record) => [record.action, record.details.email])).toEqual([
      ["staff_added", "audited@company.example"],
      ["staff_access_changed", "audited@company.example"],
      ["staff_access_changed", "audited@company.example"],
      ["sessions_ended", "audited@company.example"],
      ["staff_access_changed", "audited@company.example"],
      ["staff_password_set", "audited@company.example"],
      ["staff_removed", "audited@company.example"],
      ["sessions_ended", "audited@company.example"],
    ]);
    expect(new Set(trail.map((record) => record.actor))).toEqual(
      new Set([`command line (${userInfo().username})`]),
    );
    expect(trail[1]!.details).toMatchObject({
      before: { role: "viewer", locations: ["loc_a"], disabled: false },
      after: { role: "admin", locations: "all", disabled: false },
    });
    expect(trail[3]!.details).toMatchObject({ how: "disabled" });
    for (const record of trail) expect(Date.parse(String(record.details.happened_at))).not.toBeNaN();
    const text = JSON.stringify(trail);
    for (const password of ["first-long-password", "second-long-password", "scrypt$"])
      expect(text).not.toContain(password);
    // Taken in, the records leave the folder; what was not a record stays for a person to look at.
    expect(readdirSync(inbox)).toEqual(["0000-not-a-record.json"]);
  } finally {
    await db.close();
  }
});
