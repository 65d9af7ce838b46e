// Debian's Chromium as every browser run here launches it (Playwright never downloads one):
// the browser tests and the UI benchmark share these settings.
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The tests' browser: Chromium's headless shell (Debian's `chromium-headless-shell`, the build of
 * the same Blink and V8 that Playwright itself runs headless tests in). It has no browser window
 * layer to drive, so the same page costs the machine less (docs/testing.md has the figures). The
 * binary, not Debian's wrapper script, so that Playwright's signals reach the browser itself.
 */
export const CHROMIUM_TEST_PATH = "/usr/lib/chromium/chromium-headless-shell";

/**
 * What the tests' browser does less of than a person's for the same page, leaving more of the
 * machine to the rest of the run. A test page lives for seconds, so optimizing its hot
 * JavaScript (V8's Maglev and TurboFan tiers) never pays back: Sparkplug's quick baseline code
 * does. Every page is on one site, so a renderer per site (site isolation) is only more
 * processes; and a scroll lands at once instead of animating through frames. A benchmark measures
 * a person's browser, so it keeps CHROMIUM_PATH and CHROMIUM_ARGS alone.
 */
export const CHROMIUM_TEST_ARGS = [
  ...CHROMIUM_ARGS,
  "--js-flags=--max-opt=1",
  "--disable-site-isolation-trials",
  "--disable-smooth-scrolling",
];

/** How every test launches its browser (the browser specs' config and the API reference test). */
export const TEST_BROWSER_LAUNCH = { executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_TEST_ARGS };
