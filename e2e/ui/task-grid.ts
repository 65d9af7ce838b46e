// Reading the task grid the way a person sees it, and the rows the dashboard API sent it.
import { expect, type Page, type Response } from "@playwright/test";
import type { Task } from "@/lib/client/api-types";
import { dashboardUrl } from "../support/session";

export type ApiTask = Task;

/** Every task page the browser received from /api/tasks. */
export interface TaskPageRecord {
  /** Pages whose body arrived (an aborted request is left out), in the order they were answered. */
  read(): Promise<{ urls: URL[]; pages: ApiTask[][] }>;
}

export function recordTaskPages(page: Page): TaskPageRecord {
  const answers: Promise<{ url: URL; data: ApiTask[] } | undefined>[] = [];
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname === "/tasks" && response.request().resourceType() === "document") {
      // Caught as the JSON below is: a check still asking when its test ended (a spec's last
      // page load) would otherwise reject unhandled and fail whichever test runs next.
      answers.push(servedFirstPage(page, response).catch(() => undefined));
      return;
    }
    if (url.pathname !== "/api/tasks" || !response.ok()) return;
    answers.push(
      response
        .json()
        .then((body: { data: ApiTask[] }) => ({ url, data: body.data }))
        .catch(() => undefined),
    );
  });
  return {
    async read() {
      const read = (await Promise.all(answers)).filter((answer) => answer !== undefined);
      return { urls: read.map((answer) => answer.url), pages: read.map((answer) => answer.data) };
    },
  };
}

/**
 * The first page the server sent with a /tasks document (app/(dashboard)/tasks/first-task-page.ts),
 * which the browser then does not ask /api/tasks for: asked here for the same query, which the
 * dashboard answers alike (from the mirror, or its cache of the live page).
 */
async function servedFirstPage(page: Page, document: Response) {
  // TasksView's `served` prop, as the page's RSC payload writes it inside a script's string
  // (with "&" as \u0026).
  const html = await document.text().catch(() => "");
  const served = /\\"served\\":\{\\"query\\":\\"(.*?)\\"/.exec(html)?.[1];
  if (!served) return undefined;
  const query = JSON.parse(`"${served}"`) as string;
  const url = new URL(dashboardUrl(`/api/tasks?${query}&limit=100`));
  const answer = await page.request.get(url.toString());
  if (!answer.ok()) return undefined;
  return { url, data: ((await answer.json()) as { data: ApiTask[] }).data };
}

/** A first page may need an upstream call on a busy machine; 5 s is too tight for that. */
export const LOAD_TIMEOUT = 20_000;

/**
 * The list's first page shown and the page's code in: the server's HTML may hold the rows before
 * the grid's code runs, and keys or clicks sent then would go nowhere. The filter bar, the
 * toolbar and the export buttons load their code apart from the grid's (HeldUntilHydrated in
 * tasks-view.tsx) and take a click only once it has come, as a person's click on a page whose
 * scripts have not run is lost too; so the page's requests settle first.
 */
export async function listShown(page: Page): Promise<void> {
  await expect(rowCount(page)).toHaveAttribute("data-loaded", /^\d+$/, { timeout: LOAD_TIMEOUT });
  await expect(grid(page)).toHaveAttribute("data-hydrated", "true", { timeout: LOAD_TIMEOUT });
  await page.waitForLoadState("networkidle");
}

export const grid = (page: Page) => page.getByRole("grid", { name: "Tasks" });
export const rowCount = (page: Page) => page.getByTestId("row-count");
export const textFilter = (page: Page, label: "MVA" | "Vehicle" | "Search") =>
  page.getByLabel(label, { exact: true });
export const renderedRows = (page: Page) => grid(page).locator("[role=row][data-index]");
/**
 * Where a click opens a row's task: its Started cell, past the row's checkbox (the MVA and Vehicle
 * cells are links).
 */
export const ROW_START = { x: 56, y: 18 };

export async function openTasks(page: Page, query = ""): Promise<void> {
  await page.goto(dashboardUrl(`/tasks${query ? `?${query}` : ""}`));
  await listShown(page);
}

export async function loadedCount(page: Page): Promise<number> {
  return Number((await rowCount(page).getAttribute("data-loaded")) ?? "0");
}

export async function columnLabels(page: Page): Promise<string[]> {
  return (await grid(page).getByRole("columnheader").allTextContents()).map((text) =>
    text.replace(/[▲▼]\d?/g, "").trim(),
  );
}

/** The texts of one column in the rows now in the DOM (the grid is virtual). */
export async function columnTexts(page: Page, label: string): Promise<string[]> {
  const index = (await columnLabels(page)).indexOf(label);
  expect(index, `column ${label}`).toBeGreaterThanOrEqual(0);
  return renderedRows(page).evaluateAll(
    (rows, column) => rows.map((row) => row.querySelectorAll("[role=gridcell]")[column]?.textContent ?? ""),
    index,
  );
}

/** Scrolls to the end of the grid until `minimum` rows are loaded or the results end. */
export async function scrollUntilLoaded(page: Page, minimum: number): Promise<number> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const count = await loadedCount(page);
    if (count >= minimum) return count;
    // Complete now, the last page may have come after the count: count again.
    if ((await rowCount(page).getAttribute("data-complete")) === "true") return loadedCount(page);
    await grid(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(250);
  }
  return loadedCount(page);
}

/** Waits until the rendered rows are those of the new filter: some rows, each with `value`. */
export async function expectEveryRow(page: Page, label: string, value: string): Promise<void> {
  await expect
    .poll(async () => {
      const texts = await columnTexts(page, label);
      return texts.length > 0 && texts.every((text) => text === value);
    })
    .toBe(true);
}
