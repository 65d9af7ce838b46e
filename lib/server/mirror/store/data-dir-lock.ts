import "server-only";
import { lockDataDir } from "@/platform/data-dir-lock";

// One dashboard process per embedded mirror directory (platform/data-dir-lock.ts says why).

export function lockMirrorDir(dataDir: string): Promise<() => Promise<void>> {
  return lockDataDir(dataDir, {
    fileName: "mirror.lock",
    inUse: (holder) =>
      `The mirror ${dataDir} is in use by process ${holder} (another dashboard). Give each ` +
      "dashboard its own MIRROR_DATA_DIR, or share one PostgreSQL with DASHBOARD_DATABASE_URL.",
  });
}
