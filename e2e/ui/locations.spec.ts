// /locations on a phone and on a desktop: nothing cut off at the side, and the location names
// read as the links they are.
import { expect, test } from "../support/api-contract";
import { dashboardUrl, signedIn } from "../support/session";

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

// The page's layout is its CSS alone (no script reads the window's width), so a window narrowed
// after the load lays it out as one that loaded narrow would.
test("counts that could not be loaded come with a retry, then location names look like links, then at 390 px nothing scrolls or is cut off sideways", async ({
  page,
}) => {
  await test.step("counts that could not be loaded say so, and come with a retry", async () => {
    let failing = true;
    await page.route("**/api/maintenance/summary", (route) =>
      failing
        ? route.fulfill({
            status: 500,
            headers: { "x-request-id": "0b5f3a52-9d1c-4d36-8b57-6e0f2f1c4a10", "cache-control": "no-store" },
            contentType: "application/json",
            body: JSON.stringify({
              error: {
                code: "internal_error",
                message: "The dashboard failed.",
                request_id: "0b5f3a52-9d1c-4d36-8b57-6e0f2f1c4a10",
              },
            }),
          })
        : route.continue(),
    );
    await page.goto(dashboardUrl("/locations"));
    await expect(page.getByText("The dashboard failed.")).toBeVisible();
    failing = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("The dashboard failed.")).toBeHidden();
  });

  await test.step("location names look like links", async () => {
    // With the notice gone the table moves up, perhaps under the pointer that clicked Retry: the
    // pointer is taken off it, so the look read is the one at rest.
    await page.mouse.move(0, 0);
    const link = page.getByRole("table").getByRole("link").first();
    await expect(link).toBeVisible();
    const look = await link.evaluate((element) => {
      const style = getComputedStyle(element);
      return { line: style.textDecorationLine, cursor: style.cursor };
    });
    // Underlined at rest, not only under the pointer: a link has to be found before it is pointed at.
    expect(look).toEqual({ line: "underline", cursor: "pointer" });
  });

  await test.step("at 390 px the page does not scroll or cut off sideways", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("table").getByRole("link").first()).toBeVisible();
    // The window and every box that scrolls: none is wider than what shows of it.
    const overflowing = await page.evaluate(() =>
      [document.documentElement, ...document.body.querySelectorAll("*")]
        .filter(
          (element) =>
            element === document.documentElement || /auto|scroll/.test(getComputedStyle(element).overflowX),
        )
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map(
          (element) =>
            `${element.tagName}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`,
        ),
    );
    expect(overflowing).toEqual([]);
    // Nor is anything in the page drawn past the window's right edge (and clipped there).
    const right = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll("main *")].map((element) => element.getBoundingClientRect().right),
      ),
    );
    expect(right).toBeLessThanOrEqual(390);
  });
});
