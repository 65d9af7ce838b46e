import "server-only";
import { statfs } from "node:fs/promises";

// An embedded mirror must never fill its disk: PGlite, running inside the dashboard's process,
// does not recover from ENOSPC mid-write (it spins in a loop that blocks the event loop, so no
// request, health check or SIGTERM is served). So writes stop while the disk's free space is below
// a reserve, and start again by themselves once space is freed.

/**
 * Why writes must wait now (the free space and the reserve), or undefined while there is room.
 * `minFreeBytes` 0 turns the check off.
 */
export async function diskTooFull(dataDir: string, minFreeBytes: number): Promise<string | undefined> {
  if (minFreeBytes === 0) return undefined;
  const stats = await statfs(dataDir);
  const free = stats.bavail * stats.bsize;
  if (free >= minFreeBytes) return undefined;
  const mb = (bytes: number) => Math.floor(bytes / 1_048_576);
  return (
    `the mirror's disk has ${mb(free)} MB free, under the ${mb(minFreeBytes)} MB it keeps ` +
    `(MIRROR_MIN_FREE_MB); sync writes nothing until more is free`
  );
}
