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
  const before = {
    tsconfig: readFileSync(join(root, "tsconfig.json"), "utf8"),
    nextEnv: existsSync(nextEnv) ? readFileSync(nextEnv, "utf8") : undefined,
  };
  try {
    execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      cwd: root,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  } finally {
    undoTypeScriptSetup(root, distDir, before, log);
  }
}

/**
 * `next build` adds `<distDir>/types/**` to tsconfig.json's `include` (writing the whole file in
 * its own format) and points next-env.d.ts at the new directory. Both files belong to the
 * repository, not to this benchmark: when the build's additions are all that changed, the files
 * get their exact text back; anything else (a person's edit meanwhile) is left as it is.
 */
function undoTypeScriptSetup(
  root: string,
  distDir: string,
  before: { tsconfig: string; nextEnv: string | undefined },
  log: (line: string) => void,
): void {
  const tsconfig = join(root, "tsconfig.json");
  const after = readFileSync(tsconfig, "utf8");
  if (after !== before.tsconfig) {
    const ours = new Set([`${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`]);
    const withoutOurs = (text: string) => {
      const config = JSON.parse(text) as { include?: string[] };
      config.include = config.include?.filter((entry) => !ours.has(entry));
      return JSON.stringify(config);
    };
    let onlyOurs = false;
    try {
      onlyOurs = withoutOurs(after) === withoutOurs(before.tsconfig);
    } catch {
      // Not plain JSON (a person's comments): not ours to rewrite.
    }
    if (onlyOurs) {
      writeFileSync(tsconfig, before.tsconfig);
      log(`took this build's ${distDir} entries out of tsconfig.json again`);
    } else {
      log(`tsconfig.json changed during the build beyond this build's ${distDir} entries; left as is`);
    }
  }
  const nextEnv = join(root, "next-env.d.ts");
  if (before.nextEnv !== undefined && readFileSync(nextEnv, "utf8").includes(`./${distDir}/`)) {
    writeFileSync(nextEnv, before.nextEnv);
  }
}
