// Builds the dashboard from the sources as they are into the benchmark's own directory
// (next.config.mjs honours NEXT_DIST_DIR), so a developer's `.next` or another run's build is
// never touched.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface BuildOptions {
  root: string;
  distDir: string;
  /** Reuse the last build of this directory instead of building (BENCH_SKIP_BUILD=1). */
  reuse: boolean;
  log: (line: string) => void;
}

export function buildDashboard({ root, distDir, reuse, log }: BuildOptions): void {
  const buildId = join(root, distDir, "BUILD_ID");
  if (reuse && existsSync(buildId)) {
    log(`reusing the dashboard build in ${distDir} of ${statSync(buildId).mtime.toISOString()}`);
    return;
  }
  log(`building the dashboard into ${distDir} (BENCH_SKIP_BUILD=1 reuses it next time)`);
  const nextEnv = join(root, "next-env.d.ts");
  const nextEnvBefore = existsSync(nextEnv) ? readFileSync(nextEnv, "utf8") : undefined;
  try {
    execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      cwd: root,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  } finally {
    undoTypeScriptSetup(root, distDir, nextEnvBefore, log);
  }
}

/**
 * `next build` adds `<distDir>/types/**` to tsconfig.json's `include` and points next-env.d.ts at
 * the new directory. Both files belong to the repository, not to this benchmark: take back exactly
 * our own additions and leave anything else (another build's, a person's edit) as it is.
 */
function undoTypeScriptSetup(
  root: string,
  distDir: string,
  nextEnvBefore: string | undefined,
  log: (line: string) => void,
): void {
  const tsconfig = join(root, "tsconfig.json");
  const text = readFileSync(tsconfig, "utf8");
  let tidied = text;
  for (const entry of [`${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`]) {
    tidied = tidied.replace(new RegExp(`,\\s*"${escapeRegExp(entry)}"`, "g"), "");
  }
  if (tidied !== text) {
    try {
      JSON.parse(tidied);
      writeFileSync(tsconfig, tidied);
      log(`took this build's ${distDir} entries out of tsconfig.json again`);
    } catch {
      log(`tsconfig.json: next build added ${distDir} entries that could not be removed safely; left as is`);
    }
  }
  const nextEnv = join(root, "next-env.d.ts");
  if (nextEnvBefore !== undefined && readFileSync(nextEnv, "utf8").includes(`./${distDir}/`)) {
    writeFileSync(nextEnv, nextEnvBefore);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
