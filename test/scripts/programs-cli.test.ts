// `npm run programs`: an export is a file an import takes back exactly, and a bad file is refused
// with the line at fault, changing nothing. Run as an operator runs it, as its own process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { commandLineArgs } from "@/harness/dashboard-command-lines";
import { REPO_ROOT } from "@/harness/repo-root";

let dir: string;
const env = () => ({
  ...process.env,
  WORKSPACE_DATA_DIR: join(dir, "workspace"),
  DASHBOARD_DATABASE_URL: "",
});
const programs = (args: string[]) =>
  spawnSync(process.execPath, commandLineArgs("programs", args), {
    cwd: REPO_ROOT,
    env: env(),
    encoding: "utf8",
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "programs-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (overrides: unknown[]) =>
  JSON.stringify({ format: "fleet-task-dashboard/program-overrides", version: 1, overrides });

it("imports a file, refuses a bad one whole, and exports what it imported", () => {
  const wanted = [
    {
      task_type: "car_wash",
      no_program: true,
      interval_days: null,
      interval_miles: null,
      due_soon_share: null,
    },
    {
      task_type: "oil_change",
      no_program: false,
      interval_days: 120,
      interval_miles: 6000,
      due_soon_share: 0.15,
    },
  ];
  writeFileSync(join(dir, "good.json"), file(wanted));
  const imported = programs(["import", join(dir, "good.json")]);
  expect(imported.stderr).toBe("");
  expect(imported.stdout).toBe("Imported: 2 set, 0 removed, 0 unchanged.\n");

  // The first override is fine, the second is not: nothing of the file is applied.
  writeFileSync(
    join(dir, "bad.json"),
    file([{ task_type: "tire_rotation" }, { task_type: "oil_change", interval_days: 0 }]),
  );
  const refused = programs(["import", join(dir, "bad.json")]);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toBe(
    'overrides[1] (oil_change): "interval_days" must be a whole number from 1 to 3,660, or null.\n',
  );

  expect(programs(["export", join(dir, "out.json")]).status).toBe(0);
  const exported = JSON.parse(readFileSync(join(dir, "out.json"), "utf8")) as {
    overrides: Record<string, unknown>[];
  };
  expect(exported.overrides.map(({ changed_by: _by, changed_at: _at, ...settings }) => settings)).toEqual(
    wanted,
  );
  for (const override of exported.overrides) expect(override.changed_by).toMatch(/^command line \(.+\)$/);
});
