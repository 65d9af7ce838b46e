// One saved PGlite cluster for a whole test run, so each fresh store the run opens (in a test file,
// a service or a dashboard it starts) unpacks it instead of running initdb. Children inherit the
// setting through the environment.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writePgliteTemplate } from "../platform/sql/pglite-db";
import { TEMPLATE_SETTING } from "../platform/sql/pglite-settings";

export async function providePgliteTemplate(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "pglite-template-"));
  const file = join(dir, "cluster.tar");
  try {
    await writePgliteTemplate(file);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.env[TEMPLATE_SETTING] = file;
  return () => {
    delete process.env[TEMPLATE_SETTING];
    rmSync(dir, { recursive: true, force: true });
  };
}
