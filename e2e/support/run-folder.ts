import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

// A folder of the browser run's own in the system's temp folder: a service's store, a staff file,
// logs. Once its processes have stopped, its logs are kept under test-results/ (Playwright's
// output folder, beside a failed test's other artefacts, and cleared by the next run) and the rest
// goes: a store is tens of megabytes, and a run starts several.

export const KEPT_LOGS = join("test-results", "logs");

export interface RunFolder {
  path: string;
  /** Keeps its logs (`*.log`, at any depth) under test-results/logs/, and removes the folder. */
  retire(): void;
}

export function runFolder(name: string): RunFolder {
  const path = mkdtempSync(join(tmpdir(), `fleet-e2e-${name}-`));
  return {
    path,
    retire() {
      const logs = readdirSync(path, { recursive: true, encoding: "utf8" }).filter((entry) =>
        entry.endsWith(".log"),
      );
      for (const log of logs) {
        const kept = join(KEPT_LOGS, basename(path), log);
        mkdirSync(dirname(kept), { recursive: true });
        copyFileSync(join(path, log), kept);
      }
      rmSync(path, { recursive: true, force: true });
    },
  };
}
