import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// Which servers a test file needs decides its project. Folders say it where they can; these lists
// name the files whose folder does not (test/vitest-config.test.ts fails on a file no project
// runs, on one that two run, and on a name here that matches no file).
const SERVER_SETUP = ["task-service/test/global-setup.ts"];

/** Real PostgreSQL or Redis, an embedded PGlite store, or the service in-process, in folders that otherwise need nothing. */
export const INTEGRATION_FILES = [
  "test/bff/sign-in-throttle.test.ts",
  "test/lib/server/auth/session-revocation.test.ts",
  "test/lib/server/mirror/read-coverage.test.ts",
  "test/lib/server/mirror/read-coverage-cache.test.ts",
  "test/lib/server/mirror/read-coverage-snapshot.test.ts",
  "test/lib/server/mirror/read-due-bookings.test.ts",
  "test/lib/server/mirror/read-indexes.test.ts",
  "test/lib/server/mirror/read-pages.test.ts",
  "test/lib/server/mirror/read-prepared.test.ts",
  "test/lib/server/mirror/read-search.test.ts",
  "test/lib/server/mirror/read-summary.test.ts",
  "test/lib/server/mirror/read-vehicle.test.ts",
  "test/lib/server/mirror/store-postgres.test.ts",
  "test/lib/server/mirror/sync-backend.test.ts",
  "test/lib/server/mirror/store-open.test.ts",
  "test/lib/server/mirror/sync-adopted.test.ts",
  "test/lib/server/mirror/sync-budget.test.ts",
  "test/lib/server/mirror/sync-feed.test.ts",
  "test/lib/server/mirror/sync-disk.test.ts",
  "test/lib/server/mirror/store-damaged.test.ts",
  "test/lib/server/mirror/sync-horizon.test.ts",
  "test/lib/server/mirror/sync-service.test.ts",
  "test/lib/server/mirror/sync-side-calls.test.ts",
  "test/lib/server/upstream/budget/redis.test.ts",
  "test/lib/server/upstream/token/endpoint.test.ts",
  "test/lib/server/upstream/token/redis.test.ts",
  "test/lib/server/workspace/workspace-store.test.ts",
];

// Files that replace modules (vi.mock) or stub the environment a module caches on first read
// (dashboardEnv) need a fresh module graph of their own, which the rest of their project does
// without (see isolate: false below).

/** Such files among those that need the servers: the integration-isolated project. */
export const ISOLATED_SERVER_FILES = [
  "test/lib/server/mirror/api-maintenance.test.ts",
  "test/lib/server/mirror/api-mirror-outage.test.ts",
  "test/lib/server/mirror/api-scope.test.ts",
  "test/lib/server/mirror/api-tasks.test.ts",
  "test/lib/server/mirror/api-tasks-postgres.test.ts",
];

/** Such files among the unit files: the unit-isolated project. */
export const ISOLATED_UNIT_FILES = [
  "test/app/api/route-answers.test.ts",
  "test/app/sign-in/page.test.ts",
  "test/lib/server/auth/api-session.test.ts",
  "test/lib/server/auth/auth-logger.test.ts",
  "test/lib/server/log/request-log.test.ts",
];

/** Real child processes, outside the folders that hold only such tests. */
export const PROCESS_FILES = [
  "test/lint-knip.test.ts",
  "test/lint-typed.test.ts",
  "test/lib/server/mirror/sync-kill.test.ts",
  "test/scripts/dashboard-shutdown.test.ts",
  "test/scripts/programs-cli.test.ts",
  "test/scripts/staff-cli.test.ts",
  "test/scripts/npm-start.test.ts",
];

const UNIT_INCLUDE = [
  "task-service/test/{unit,sandbox,docs,support}/**/*.test.ts",
  "contract/**/*.test.ts",
  "test/*.test.ts",
  "test/{app,lib,scripts}/**/*.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Tests run on the server, where Next resolves "server-only" to its empty module too.
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    // Vitest's default on a two-core machine is one worker (cores - 1): every file waits for the one
    // before it, though much of an integration or process file's time is spent waiting on a
    // database, a child process or a timer. Two files at a time keep both cores busy; three, tried
    // on a loaded machine, pushed CPU-heavy files (the mirror's 200-query walks) past their 30 s.
    // Projects that share this figure share one queue; the process project, whose files mostly
    // wait, has a figure and a group of its own (below). --maxWorkers overrides the shared figure.
    maxWorkers: 2,
    // next-auth imports "next/server" without a file extension, which Node's own ESM loader refuses
    // (next has no exports map); Next's bundler resolves it. Loaded through Vite, it resolves too.
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          // No global setup: a file here that reaches for a server fails, which is the point.
          name: "unit",
          include: UNIT_INCLUDE,
          exclude: [
            ...configDefaults.exclude,
            ...INTEGRATION_FILES,
            ...PROCESS_FILES,
            ...ISOLATED_UNIT_FILES,
            ...ISOLATED_SERVER_FILES,
          ],
          // Most of a unit file's time was importing its modules afresh (a worker re-imported the
          // same graph for each of 90 files); these files keep no state between files, so a
          // worker imports each module once. The same holds for the projects with servers, where
          // a fresh worker per file also cost a process start each.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-isolated", include: ISOLATED_UNIT_FILES },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["task-service/test/{api,store,fuzz}/**/*.test.ts", ...INTEGRATION_FILES],
          globalSetup: SERVER_SETUP,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "integration-isolated", include: ISOLATED_SERVER_FILES, globalSetup: SERVER_SETUP },
      },
      {
        extends: true,
        test: {
          name: "process",
          include: [
            "task-service/test/{process,cli}/**/*.test.ts",
            "harness/**/*.test.ts",
            "test/bff/**/*.test.ts",
            ...PROCESS_FILES,
          ],
          exclude: [...configDefaults.exclude, ...INTEGRATION_FILES, ...ISOLATED_SERVER_FILES],
          globalSetup: SERVER_SETUP,
          isolate: false,
          // A file here mostly waits on the processes it started. Its files end the run, alone once
          // the browser tests are done, and four at a time keep both cores busy there where three
          // left part of one idle (docs/test-runs.md). A figure of its own needs a group of its
          // own, which runs once the other projects' files are done.
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
