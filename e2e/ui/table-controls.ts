// The task table's count, multi-value filters, sort headers and the mirror they need, read and
// used the way a person does, for the table's specs (table-insights.spec.ts).
import { expect, type Page } from "@playwright/test";
import { dashboardUrl } from "../support/session";
import { grid, rowCount } from "./task-grid";

export type MultiFilter = "status" | "location_id" | "task_type";

/** A first fill of the shared dashboard's mirror takes minutes on a busy two-core machine. */
export const MIRROR_FILL_TIMEOUT = 600_000;

/**
 * Waits until the dashboard's mirror holds every window of its horizon, so what only the mirror
 * answers (status, lists, sort, q, totals) is answered. Asked with the page's session.
 */
export async function mirrorSynced(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(dashboardUrl("/api/mirror"));
        if (!response.ok()) return `HTTP ${response.status()}`;
        const status = (await response.json()) as {
          enabled: boolean;
          windows?: { synced: number; total: number };
        };
        if (!status.enabled || !status.windows) return "mirror not enabled";
        return status.windows.total > 0 && status.windows.synced === status.windows.total
          ? "synced"
          : `${status.windows.synced} of ${status.windows.total}`;
      },
      { timeout: MIRROR_FILL_TIMEOUT, intervals: [2_000] },
    )
    .toBe("synced");
}

/** The table's count once its first page came: rows loaded, every matching task, whether all are in. */
export async function counts(
  page: Page,
): Promise<{ loaded: number; total: number | undefined; complete: boolean }> {
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: 30_000 });
  // Read at one moment: a page arriving between two reads once gave the rows loaded before it and
  // the "complete" after it.
  const { loaded, total, complete } = await rowCount(page).evaluate((element) => ({
    loaded: element.getAttribute("data-loaded"),
    total: element.getAttribute("data-total"),
    complete: element.getAttribute("data-complete"),
  }));
  return {
    loaded: Number(loaded),
    total: total === null ? undefined : Number(total),
    complete: complete === "true",
  };
}

/** Waits for a list the mirror answered (it has a total) and returns that total. */
export async function mirrorTotal(page: Page): Promise<number> {
  await expect(rowCount(page)).toHaveAttribute("data-total", /^\d+$/, { timeout: 30_000 });
  return Number(await rowCount(page).getAttribute("data-total"));
}

/** Scrolls to the end of the grid until every page is loaded; returns the rows loaded. */
export async function scrollToEnd(page: Page): Promise<number> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const { loaded, complete } = await counts(page);
    if (complete) return loaded;
    await grid(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(150);
  }
  throw new Error("the list did not end");
}

export const multiFilter = (page: Page, name: MultiFilter) => page.getByTestId(`filter-${name}`);

/** Opens a multi-value filter, ticks (or unticks) the values by their readable label, closes it. */
export async function toggleValues(page: Page, name: MultiFilter, labels: string[]): Promise<void> {
  const filter = multiFilter(page, name);
  await filter.locator("summary").click();
  // A checkbox each, or a radio each while the mirror fills (one value at a time).
  for (const label of labels) await valueBox(page, name, label).click();
  await page.keyboard.press("Escape");
  await expect(filter).not.toHaveAttribute("open", "");
}

/** A value's checkbox (or radio) in an open multi-value filter, by its readable name. */
export const valueBox = (page: Page, name: MultiFilter, label: string) =>
  multiFilter(page, name)
    .locator("fieldset")
    .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(, [\\d,]+ tasks)?$`));

/** The header's sort button of a column, by its label. */
export const sortButton = (page: Page, label: string) =>
  grid(page)
    .getByRole("columnheader")
    .getByRole("button", { name: new RegExp(`^${label}`) });
