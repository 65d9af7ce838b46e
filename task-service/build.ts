// The service and its CLI each run from one file under task-service/dist/, as `npm run service`
// and every test start them: esbuild joins the service's own modules into it, and its packages
// load from node_modules as they are. Loading each TypeScript module through tsx made every start
// spend CPU on compiling and resolving that a built file spends once.
//
// A file is written aside and renamed into place, so a process starting the service never reads
// half of one while another process (a second test runner) writes the same build.
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE_OPTIONS } from "../platform/node-bundle.mjs";

const ROOT = join(import.meta.dirname, "..");

/** Each program's file, relative to the repository root. task-service/dist/ sits beside src/, so
 * a path the service finds from its own folder (the OpenAPI document) is the same in both. */
export const SERVICE_BUNDLES = {
  server: "task-service/dist/server.mjs",
  cli: "task-service/dist/cli/main.mjs",
} as const;

export async function buildService(): Promise<void> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ["task-service/src/server.ts", "task-service/src/cli/main.ts"],
    outbase: "task-service/src",
    outdir: "task-service/dist",
    outExtension: { ".js": ".mjs" },
    ...NODE_BUNDLE_OPTIONS,
    write: false,
  });
  for (const file of result.outputFiles) {
    await mkdir(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    await writeFile(partial, file.contents);
    await rename(partial, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildService();
