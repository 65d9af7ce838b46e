// Time from a filter change to the table's new count and first rows: a location is ticked in the
// Location filter (each run one more, so each run is a list no cache holds), and the clock stops
// when the count names the new total and the first row is one of the new list. The floor, in the
// same run, is the dashboard API's own answer to the same query fetched from the same page: what
// the table adds to it is the ratio.
import type { Browser, Page } from "@playwright/test";
import { newContext, type SessionState } from "./browser";

export interface FilterChangeRun {
  /** Click to the new total and first row on screen, ms. */
  uiMs: number;
  /** The same /api/tasks request fetched by the page, ms. */
  apiMs: number;
}

/** Polls /api/mirror until every window of the horizon is synced (the count needs the mirror). */
export async function waitForMirror(baseUrl: string, cookie: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(new URL("/api/mirror", baseUrl), { headers: { cookie } });
    const status = (await response.json()) as {
      enabled: boolean;
      windows?: { synced: number; total: number };
    };
    if (!status.enabled) throw new Error("the dashboard's mirror is not enabled");
    if (status.windows && status.windows.total > 0 && status.windows.synced === status.windows.total) return;
    if (Date.now() > deadline) throw new Error(`the mirror did not fill in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export async function measureFilterChanges(
  browser: Browser,
  session: SessionState,
  listUrl: string,
  runs: number,
): Promise<FilterChangeRun[]> {
  const context = await newContext(browser, session);
  try {
    const page = await context.newPage();
    await page.goto(listUrl);
    await page.waitForSelector('[data-testid="row-count"][data-total]', { timeout: 60_000 });
    const filter = page.getByTestId("filter-location_id");
    await filter.locator("summary").click();
    const labels = filter.locator("label");
    await labels.first().waitFor();
    const count = Math.min(runs, await labels.count());
    const results: FilterChangeRun[] = [];
    for (let i = 0; i < count; i += 1) {
      // The list re-orders chosen values first: the i-th unchosen one is at index i.
      const box = labels.nth(i).locator("input");
      const uiMs = await timeChange(page, () => box.click());
      results.push({ uiMs, apiMs: await timeApi(page) });
    }
    return results;
  } finally {
    await context.close();
  }
}

/** From the action to a new total on the count and a first row of the new list, in the page's clock. */
async function timeChange(page: Page, act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => {
    const status = document.querySelector('[data-testid="row-count"]');
    const url = location.search;
    (window as unknown as { __benchClick?: number }).__benchClick = undefined;
    document.addEventListener(
      "click",
      () => ((window as unknown as { __benchClick?: number }).__benchClick = performance.now()),
      { capture: true, once: true },
    );
    return { total: status?.getAttribute("data-total"), url };
  });
  await act();
  const handle = await page.waitForFunction(
    (previous) => {
      const status = document.querySelector('[data-testid="row-count"]');
      const clicked = (window as unknown as { __benchClick?: number }).__benchClick;
      if (!status || clicked === undefined || location.search === previous.url) return undefined;
      // The count of the new list (it says so once its first page is in) and a row of it drawn.
      if (status.getAttribute("aria-busy") === "true" || !status.hasAttribute("data-total")) return undefined;
      const grid = document.querySelector('[role="grid"][aria-label="Tasks"]');
      if (!grid || grid.getAttribute("aria-busy") !== "false") return undefined;
      if (!grid.querySelector('[role="row"][data-index="0"]') && status.getAttribute("data-total") !== "0")
        return undefined;
      return performance.now() - clicked;
    },
    before,
    { timeout: 60_000, polling: "raf" },
  );
  const ms = (await handle.jsonValue()) as number;
  await handle.dispose();
  return ms;
}

/** The dashboard API's answer to the list's current query, fetched by the page. */
async function timeApi(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const last = entries.filter((entry) => new URL(entry.name).pathname === "/api/tasks").at(-1);
    if (!last) throw new Error("no /api/tasks request seen");
    const url = new URL(last.name);
    url.searchParams.delete("cursor");
    const started = performance.now();
    const response = await fetch(url, { cache: "no-store" });
    await response.json();
    return performance.now() - started;
  });
}
