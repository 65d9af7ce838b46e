import "server-only";
import { readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

// PGlite corrupts a data directory that two processes open at once: the first takes a lock file.
// (The service guards its own directory the same way; the dashboard may not import the service.)

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Returns a release function. A lock left by a process that no longer runs is taken over. */
export async function lockMirrorDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, "mirror.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: "wx" });
      return () => unlink(lockPath).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(await readFile(lockPath, "utf8").catch(() => ""), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The mirror ${dataDir} is in use by process ${holder} (another dashboard). Give each ` +
            "dashboard its own MIRROR_DATA_DIR, or share one PostgreSQL with DASHBOARD_DATABASE_URL.",
          { cause: error },
        );
      }
      await unlink(lockPath).catch(() => {});
    }
  }
  throw new Error(`Could not lock the mirror ${dataDir}.`);
}
