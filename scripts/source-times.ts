// The newest modification time under some paths, to tell whether a build is out of date.
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";

/** Built files (scripts/dist/, the command lines a test run rebuilds at will) are not sources. */
const BUILT_FOLDER = "dist";

export function newestSourceTime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) {
      if (basename(path) !== BUILT_FOLDER) for (const entry of readdirSync(path)) visit(join(path, entry));
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}
