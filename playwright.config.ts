import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";

// Browser tests against real processes: the sandbox service and the built dashboard, started by
// e2e/global-setup.ts. Debian's Chromium; Playwright never downloads a browser here.

/** Specs that run against a service and dashboard of their own (e2e/ui/own-stack.ts). */
const BUDGET_SPEC = /budget\.spec\.ts/;
const FREEZE_SPEC = /service-freeze\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  // Three lanes side by side: the specs on the shared processes one after another, and beside them
  // the specs that starve or freeze a service of their own (own-stack.ts), which mostly wait out
  // rate-limit minutes and frozen-service timeouts, idle. Each budget test waits out minutes of its
  // own, so they run two at a time, each worker with a stack of its own (a worker runs a file's
  // beforeAll for itself): the budget lane then ends before the shared lane does. Two, not three:
  // every stack started at once is a service and a dashboard booting on the same two cores. The
  // freeze tests keep their order on one stack: the second expects the dashboard to hold a service
  // token already.
  workers: 4,
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  // The leak test reads every log line the run produced, so it runs after all other tests.
  projects: [
    { name: "flows", testIgnore: [/secrets\.spec\.ts/, BUDGET_SPEC, FREEZE_SPEC], workers: 1 },
    { name: "budget", testMatch: BUDGET_SPEC, fullyParallel: true, workers: 2 },
    { name: "freeze", testMatch: FREEZE_SPEC, workers: 1 },
    { name: "secrets", testMatch: /secrets\.spec\.ts/, dependencies: ["flows", "budget", "freeze"] },
  ],
  use: {
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
