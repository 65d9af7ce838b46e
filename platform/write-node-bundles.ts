// Writes Node programs bundled with NODE_BUNDLE_OPTIONS: the service and its CLI
// (task-service/build.ts) and the dashboard's command lines (harness/dashboard-command-lines.ts).
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildSync, type BuildOptions } from "esbuild";
import { NODE_BUNDLE_OPTIONS } from "./node-bundle.mjs";

/**
 * Bundles `options`' entry points and writes each file aside and renames it into place, so a
 * process starting a program never reads half of one while another process (a second test runner)
 * writes the same build. Synchronous, so that a caller that starts its program synchronously (the
 * harness's staff CLI) can build first.
 */
export function writeNodeBundles(options: BuildOptions): void {
  const result = buildSync({ ...NODE_BUNDLE_OPTIONS, ...options, write: false });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

/**
 * `build`, run at the first call in this process only: a test process starts its programs many
 * times over, from sources that do not change under it, and builds them at the first start.
 */
export function oncePerProcess(build: () => void): () => void {
  let built = false;
  return () => {
    if (!built) build();
    built = true;
  };
}
