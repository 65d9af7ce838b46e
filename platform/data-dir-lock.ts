// PGlite corrupts a data directory that two processes open at once, so the first process takes a
// lock file. Shared by the service's embedded store and the dashboard's embedded mirror.
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

export interface DataDirLock {
  /** The lock file's name inside the directory. */
  fileName: string;
  /** What to tell the person who started a second process on the directory. */
  inUse(holderPid: number): string;
}

/**
 * A lock file already gone is what removing or reading it was for (its holder released it
 * meanwhile); any other failure (permissions, a read-only disk) is the caller's to report.
 */
function unlessMissing<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  };
}

/** Returns a release function. A lock left by a process that no longer runs is taken over. */
export async function lockDataDir(dataDir: string, lock: DataDirLock): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, lock.fileName);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: "wx" });
      return () => unlink(lockPath).catch(unlessMissing(undefined));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(await readFile(lockPath, "utf8").catch(unlessMissing("")), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(lock.inUse(holder));
      }
      await unlink(lockPath).catch(unlessMissing(undefined));
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}
