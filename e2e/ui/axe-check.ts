// The one axe pass every UI spec runs, so each checks the same rules and reports alike.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

const THEMES = ["light", "dark"] as const;

/**
 * The page as it is now, in the light and then the dark theme: saved as a screenshot for a person to
 * look at, and checked by axe. The app follows the system's theme as it changes (its stylesheets
 * and its charts alike), so one page load serves both themes.
 */
export async function checkEachTheme(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshotAndAxe(page, testInfo, `${name}-${theme}`);
  }
}

/**
 * The dashboard's pages scroll inside their layout, not the window, so a full-page screenshot is
 * the window: a tall one shows the whole page for a person to look at.
 */
async function screenshotAndAxe(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  if (viewport) await page.setViewportSize(viewport);
  await expectNoAxeViolations(page, name);
}

/**
 * axe-core's WCAG 2.1 A/AA and best-practice rules find nothing on the page as it is now.
 *
 * The dashboard's pages have no frames, so axe runs once in the page (legacy mode) instead of once
 * per frame and again in a blank page that merges the frames' results; and only violations are
 * collected in full, since they are all this reads. The violations are the same, found in a
 * fraction of the time.
 */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  expect(page.frames(), `${name}: axe runs in the page alone`).toHaveLength(1);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
  expect(summary, `${name}: axe violations`).toEqual([]);
}
