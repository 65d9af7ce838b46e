// One saved PGlite cluster for a whole test run, so each fresh store the run opens (in a test file,
// a service or a dashboard it starts) unpacks it instead of running initdb; and every store of the
// run is short-lived (platform/sql/pglite-db.ts says what that changes). Children inherit both
// settings through the environment.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writePgliteTemplate } from "../platform/sql/pglite-db";

export async function providePgliteTemplate(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "pglite-template-"));
  const file = join(dir, "cluster.tar");
  try {
    await writePgliteTemplate(file);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.env.PGLITE_TEMPLATE = file;
  process.env.PGLITE_SHORT_LIVED = "1";
  return () => {
    delete process.env.PGLITE_TEMPLATE;
    delete process.env.PGLITE_SHORT_LIVED;
    rmSync(dir, { recursive: true, force: true });
  };
}
