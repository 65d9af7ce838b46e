// The one axe pass every UI spec runs, so each checks the same rules and reports alike.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/** WCAG 2.1 A and AA, and axe's best practices. */
const ALL_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The axe rules whose verdict depends on colours: all that can change between the themes, which
 * restyle the same elements (the app follows the system's theme with its stylesheets and charts
 * alike, and renders no element for one theme only).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page as it is now, in the light and then the dark theme, checked by axe: every rule in the
 * light theme and the colour rules in the dark. One page load serves both themes. With
 * `E2E_SCREENSHOTS=1` each theme is also saved as a screenshot for a person to look at; a run that
 * nobody looks at (npm test, CI) skips them, since a tall screenshot costs the renderer a layout
 * and an encode twice a page, and a failure saves its own screenshot anyway.
 */
export async function checkEachTheme(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await screenshot(page, testInfo, `${name}-light`);
  await expectNoAxeViolations(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, `${name}-dark`);
  await expectNoAxeViolations(page, `${name}-dark`, COLOUR_RULES);
}

/**
 * The dashboard's pages scroll inside their layout, not the window, so a full-page screenshot is
 * the window: a tall one shows the whole page for a person to look at.
 */
async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * axe-core's rules (ALL_TAGS, or the rules named) find nothing on the page as it is now.
 *
 * The dashboard's pages have no frames, so axe runs once in the page (legacy mode) instead of once
 * per frame and again in a blank page that merges the frames' results; and only violations are
 * collected in full, since they are all this reads. The violations are the same, found in a
 * fraction of the time.
 */
export async function expectNoAxeViolations(page: Page, name: string, rules?: string[]): Promise<void> {
  expect(page.frames(), `${name}: axe runs in the page alone`).toHaveLength(1);
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules(rules) : axe.withTags(ALL_TAGS))
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
  expect(summary, `${name}: axe violations`).toEqual([]);
}
