import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";

// Browser tests against real processes: the sandbox service and the built dashboard, started by
// e2e/global-setup.ts. Debian's Chromium; Playwright never downloads a browser here.

/** Specs that run against a service and dashboard of their own (e2e/ui/own-stack.ts). */
const OWN_STACK_SPECS = /(budget|service-freeze)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  // Two lanes: the specs on the shared processes one after another, and beside them the specs that
  // starve or freeze a service of their own (own-stack.ts), which mostly wait out rate-limit minutes.
  workers: 2,
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  // The leak test reads every log line the run produced, so it runs after all other tests.
  projects: [
    { name: "flows", testIgnore: [/secrets\.spec\.ts/, OWN_STACK_SPECS], workers: 1 },
    { name: "own-stack", testMatch: OWN_STACK_SPECS, workers: 1 },
    { name: "secrets", testMatch: /secrets\.spec\.ts/, dependencies: ["flows", "own-stack"] },
  ],
  use: {
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
