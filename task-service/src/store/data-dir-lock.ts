// One service process per embedded store directory (platform/data-dir-lock.ts says why).
import type { DataDirLock } from "../../../platform/data-dir-lock";

export { DataDirInUseError } from "../../../platform/data-dir-lock";

export function storeDirLock(dataDir: string): DataDirLock {
  return {
    fileName: "vts.lock",
    inUse: (holder) =>
      `The embedded store ${dataDir} is in use by process ${holder} (a running service). ` +
      `Stop it first, or run the service and this command against PostgreSQL with DATABASE_URL.`,
  };
}
