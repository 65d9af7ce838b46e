// The header's menu, as a person moves between the dashboard's pages without a page load.
import type { Locator, Page } from "@playwright/test";

/** The menu's link named exactly `name` (Tasks, Due, Locations). */
export function mainLink(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}
