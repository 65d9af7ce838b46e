import { defineConfig } from "@playwright/test";
import { TEST_BROWSER_LAUNCH } from "./e2e/support/chromium";

// Browser tests against real processes: the sandbox service and the built dashboard, started by
// e2e/global-setup.ts. Debian's Chromium; Playwright never downloads a browser here.

/** Specs that run against a service and dashboard of their own (e2e/ui/own-stack.ts). */
const BUDGET_SPEC = /budget\.spec\.ts/;
const FREEZE_SPEC = /service-freeze\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  // Three lanes side by side. The specs on the shared processes run in two workers, a file at a
  // time in each: their tests read and sign in, and nothing one file does to the shared service
  // or dashboard changes what another sees. Beside them, the specs that starve or freeze a service
  // of their own (own-stack.ts), which mostly wait, idle, for a short rate window or a frozen
  // service's timeouts: one stack per lane, tests in order, since every stack started at once is a
  // service and a dashboard booting on the same two cores as the browsers, and both lanes still
  // end before the shared one. The freeze tests need their order anyway: the second expects the
  // dashboard to hold a service token already.
  workers: 4,
  timeout: 60_000,
  // A page's own answer can take seconds on this shared two-core machine while the other phases
  // run beside the browsers: an expectation waits for what it proves up to 10 s, not Playwright's 5.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  // The leak test reads every log line the run produced, so it runs after all other tests.
  projects: [
    { name: "flows", testIgnore: [/secrets\.spec\.ts/, BUDGET_SPEC, FREEZE_SPEC], workers: 2 },
    { name: "budget", testMatch: BUDGET_SPEC, workers: 1 },
    { name: "freeze", testMatch: FREEZE_SPEC, workers: 1 },
    { name: "secrets", testMatch: /secrets\.spec\.ts/, dependencies: ["flows", "budget", "freeze"] },
  ],
  use: {
    screenshot: "only-on-failure",
    // As many people's browsers do. A looping animation left running while a test waits (a list's
    // grey rows while it waits for a spent budget or a frozen service) draws every frame for
    // minutes; the table spec checks the rows pulse where no less motion is asked for.
    reducedMotion: "reduce",
    launchOptions: TEST_BROWSER_LAUNCH,
  },
});
