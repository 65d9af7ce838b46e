import "server-only";
import type { DataDirLock } from "@/platform/data-dir-lock";

// One dashboard process per embedded mirror directory (platform/data-dir-lock.ts says why).

export function mirrorDirLock(dataDir: string): DataDirLock {
  return {
    fileName: "mirror.lock",
    inUse: (holder) =>
      `The mirror ${dataDir} is in use by process ${holder} (another dashboard). Give each ` +
      "dashboard its own MIRROR_DATA_DIR, or share one PostgreSQL with DASHBOARD_DATABASE_URL.",
  };
}
