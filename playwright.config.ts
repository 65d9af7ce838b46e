import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";

// Browser tests against real processes: the sandbox service and the built dashboard, started by
// e2e/global-setup.ts. Debian's Chromium; Playwright never downloads a browser here.
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  // The leak test reads every log line the run produced, so it runs after all other tests.
  projects: [
    { name: "flows", testIgnore: /secrets\.spec\.ts/ },
    { name: "secrets", testMatch: /secrets\.spec\.ts/, dependencies: ["flows"] },
  ],
  use: {
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
