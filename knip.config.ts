import type { KnipConfig } from "knip";

// What is unused: files no entry reaches, exports no other file imports, dependencies no file
// names. Next's app router files, the package scripts, vitest and playwright are found by knip's
// own plugins; listed here are the programs only started as child processes or by hand.
/** The checks, shared with the planted project that test/lint-knip.test.ts runs them on. */
export const CHECKS = {
  // Knip's own set, and import cycles between files besides, which it leaves out unless asked.
  include: [
    "files",
    "dependencies",
    "devDependencies",
    "optionalPeerDependencies",
    "unlisted",
    "binaries",
    "unresolved",
    "exports",
    "types",
    "enumMembers",
    "namespaceMembers",
    "duplicates",
    "cycles",
  ],
  // An export its own file uses is live code; only the keyword would go.
  ignoreExportsUsedInFile: true,
} satisfies KnipConfig;

const config: KnipConfig = {
  ...CHECKS,
  entry: [
    "scripts/*.ts",
    "bench/*/run.ts",
    // Child processes of the benchmarks, the browser tests, the mirror's kill test and the reaper's.
    "bench/bff/proxy-main.ts",
    "bench/service/*-server.ts",
    "e2e/support/oidc-server.ts",
    "test/lib/server/mirror/sync-child.ts",
    "harness/test/daemon-holder.ts",
    // Run by hand, as their opening comments say.
    "bench/bff/sql-floor.ts",
    "bench/ui/first-load-modules.ts",
    // The service's CLI, which task-service/build.ts bundles.
    "task-service/src/cli/main.ts",
  ],
  project: ["**/*.{ts,tsx,mts,mjs,css}"],
  // Planted violations that test/lint-rules.test.ts checks on purpose.
  ignore: ["test/fixtures/**"],
  // The system's own tools, which .ci/run installs.
  ignoreBinaries: ["runuser", "redis-server", "redis-cli", "ss"],
  // Turbopack's alias names a package of React's that TanStack Store depends on, not one of ours.
  ignoreUnresolved: ["use-sync-external-store/with-selector"],
  ignoreIssues: {
    // The session error Auth.js itself throws, from the @auth/core that next-auth pins.
    "test/lib/server/auth/auth-logger.test.ts": ["unlisted"],
  },
};

export default config;
