// The service and its CLI each run from one file under task-service/dist/, as `npm run service`
// and every test start them: esbuild joins the service's own modules into it, and its packages
// load from node_modules as they are. Loading each TypeScript module through tsx made every start
// spend CPU on compiling and resolving that a built file spends once.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeNodeBundles } from "../platform/write-node-bundles";

const ROOT = join(import.meta.dirname, "..");

/** Each program's file, relative to the repository root. task-service/dist/ sits beside src/, so
 * a path the service finds from its own folder (the OpenAPI document) is the same in both. */
export const SERVICE_BUNDLES = {
  server: "task-service/dist/server.mjs",
  cli: "task-service/dist/cli/main.mjs",
} as const;

export function buildService(): void {
  writeNodeBundles({
    absWorkingDir: ROOT,
    entryPoints: ["task-service/src/server.ts", "task-service/src/cli/main.ts"],
    outbase: "task-service/src",
    outdir: "task-service/dist",
    outExtension: { ".js": ".mjs" },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildService();
