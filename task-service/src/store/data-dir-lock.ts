// PGlite corrupts a data directory that two processes open at once, so the first process takes a lock file.
import { readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Returns a release function. A lock left by a process that no longer runs is taken over. */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, "vts.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: "wx" });
      return async () => {
        await unlink(lockPath).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(await readFile(lockPath, "utf8").catch(() => ""), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded store ${dataDir} is in use by process ${holder} (a running service). ` +
            `Stop it first, or run the service and this command against PostgreSQL with DATABASE_URL.`,
        );
      }
      await unlink(lockPath).catch(() => {});
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded store ${dataDir}.`);
}
