// One service process per embedded store directory (platform/data-dir-lock.ts says why).
import { lockDataDir } from "../../../platform/data-dir-lock";

export { DataDirInUseError } from "../../../platform/data-dir-lock";

export function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  return lockDataDir(dataDir, {
    fileName: "vts.lock",
    inUse: (holder) =>
      `The embedded store ${dataDir} is in use by process ${holder} (a running service). ` +
      `Stop it first, or run the service and this command against PostgreSQL with DATABASE_URL.`,
  });
}
