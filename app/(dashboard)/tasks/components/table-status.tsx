"use client";
import { useQueryClient, type InfiniteData, type UseInfiniteQueryResult } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import type { TaskPage } from "@/lib/client/api-types";
import { DashboardApiError } from "@/lib/client/dashboard-api";
import { Notice } from "@/components/notice";
import { budgetIsSpent } from "@/lib/client/budget-level";
import type { BudgetReading } from "@/lib/client/export-waiting";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { taskListQuery } from "@/lib/client/task-queries";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { RowSelectionState } from "@/lib/client/use-row-selection";
import { SelectionStatus } from "./selection-status";

// What the list waits for and why it failed show only when it does: their code (countdowns, the
// budget's arithmetic, an error's words) loads after the page, not in /tasks's first load.
// So do the notices the server never renders (list-notices.tsx: a link's problems, the offer to drop
// what waits for the mirror, the stale rows' banner): never hydrated, nothing of theirs can be
// updated before their code is in.
const loadErrorNotice = () => import("@/components/error-notice");
const loadListNotices = () => import("./list-notices");
const ListWait = lazy(() => import("./list-wait").then((module) => ({ default: module.ListWait })));
const ErrorNotice = lazy(() => loadErrorNotice().then((module) => ({ default: module.ErrorNotice })));
const LinkProblems = lazy(() => loadListNotices().then((module) => ({ default: module.LinkProblems })));
const SavedViewNotice = lazy(() => loadListNotices().then((module) => ({ default: module.SavedViewNotice })));
const LiveInstead = lazy(() => loadListNotices().then((module) => ({ default: module.LiveInstead })));
const StaleBanner = lazy(() => loadListNotices().then((module) => ({ default: module.StaleBanner })));

/**
 * Fetches the conditional notices' code once the page is up, so one that shows later appears with
 * the rows it is about rather than a chunk's round trip after them: it sits above the table, and
 * would push the table down a moment later. (ListWait always renders, so its code comes anyway.)
 */
function usePreloadedNotices(): void {
  useEffect(() => {
    // A chunk that does not load now (offline, a deployment replaced it) costs nothing yet: the
    // notice that needs it asks for it again when it shows, and fails visibly then. Nothing to
    // tell the person; the console says it for whoever debugs the page.
    Promise.all([loadErrorNotice(), loadListNotices()]).catch((error: unknown) => {
      console.debug("tasks: notice code not preloaded; it loads again when a notice shows", error);
    });
  }, []);
}

export type TaskListQuery = UseInfiniteQueryResult<InfiniteData<TaskPage, string>>;

// What the table is waiting for or could not do, in words: never a raw status code.
export function TableStatus({
  state,
  list,
  rowCount,
  total,
  budget,
  selection,
  picked,
}: {
  state: TaskListState;
  list: TaskListQuery;
  rowCount: number;
  /** Every matching task, when the list is counted (from the mirror). */
  total: number | null;
  budget: BudgetReading | undefined;
  selection: RowSelectionState;
  /** How many loaded rows are picked. */
  picked: number;
}) {
  usePreloadedNotices();
  const pages = list.data?.pages ?? [];
  const stalePage = pages.find((page) => page.stale);

  if (state.problem) return <Notice tone="error">{state.problem}</Notice>;
  return (
    <div className="flex flex-col gap-2">
      {state.viewNotice && (
        <Suspense>
          <SavedViewNotice notice={state.viewNotice} />
        </Suspense>
      )}
      {state.linkProblems.length > 0 && (
        <Suspense>
          <LinkProblems problems={state.linkProblems} />
        </Suspense>
      )}
      <Suspense>
        <ListWait list={list} budget={budget} />
      </Suspense>
      {waitsForMirror(list) && (
        <Suspense>
          <LiveInstead state={state} />
        </Suspense>
      )}
      {list.isError && !list.isFetching && (
        <Suspense>
          <ErrorNotice
            testId="list-error"
            error={list.error}
            fallback="The tasks could not be loaded."
            onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
          />
        </Suspense>
      )}
      {stalePage?.fetchedAt && (
        <Suspense>
          <StaleBanner reason={stalePage.staleReason} fetchedAt={stalePage.fetchedAt} />
        </Suspense>
      )}
      <div className="flex flex-wrap items-baseline gap-3 text-sm text-slate-600 dark:text-slate-400">
        <p
          role="status"
          aria-live="polite"
          data-testid="row-count"
          data-loaded={list.data ? rowCount : undefined}
          data-total={total ?? undefined}
          data-complete={list.data ? String(!list.hasNextPage) : undefined}
          title={list.data && total === null && list.hasNextPage ? LIVE_COUNT_NOTE : undefined}
        >
          {!list.data
            ? list.isError
              ? "No tasks loaded."
              : "Loading tasks…"
            : rowsInWords(rowCount, total, list.hasNextPage)}
        </p>
        <SelectionStatus
          selection={selection}
          picked={picked}
          loaded={rowCount}
          total={total}
          more={list.hasNextPage || (total ?? 0) > rowCount}
        />
        {state.view.zone === "location" && (
          <span data-testid="time-order-note">
            In true time order across zones: each local time shows its UTC offset.
          </span>
        )}
        {/* Refresh would only queue and trade the loaded rows for skeletons: it waits. */}
        <RefreshControl state={state} budgetSpent={budgetIsSpent(budget?.snapshot)} />
      </div>
    </div>
  );
}

function waitsForMirror(list: TaskListQuery): boolean {
  const reason = list.error ?? list.failureReason;
  return reason instanceof DashboardApiError && reason.code === "mirror_not_ready";
}

const LIVE_COUNT_NOTE =
  "The task service does not count matching tasks; the count shows once the dashboard's synced copy holds this window.";

/**
 * "1–100 of 4,382": the rows loaded and every matching task, from the mirror. Live there is no
 * count until the last page: "1–100 of 100+".
 */
export function rowsInWords(loaded: number, total: number | null, more: boolean): string {
  const format = (value: number) => value.toLocaleString("en-US");
  if (loaded === 0 && !more) return "No matching tasks";
  const range = `1–${format(loaded)}`;
  if (total !== null) return `${range} of ${format(total)}`;
  return more ? `${range} of ${format(loaded)}+` : `${range} of ${format(loaded)}`;
}

/**
 * A relative range ends when it was chosen; this says when, and moves it to now. A custom range
 * does not move: its list is loaded again from the first page.
 */
function RefreshControl({ state, budgetSpent }: { state: TaskListState; budgetSpent: boolean }) {
  const client = useQueryClient();
  // The end of the window is written in the browser's zone, so only in the browser (use-in-browser.ts).
  const inBrowser = useInBrowser();
  const relative = state.filters.range !== "custom";
  const refresh = () => {
    if (relative) state.refresh();
    else void client.resetQueries({ queryKey: taskListQuery(state.query).queryKey, exact: true });
  };
  return (
    <>
      {relative && inBrowser && (
        <span data-testid="window-end">
          up to{" "}
          {state.window.to.toLocaleString([], {
            dateStyle: "medium",
            timeStyle: "short",
          })}
        </span>
      )}
      <button
        type="button"
        onClick={refresh}
        disabled={budgetSpent}
        className="rounded border border-slate-400 px-2 py-0.5 text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Refresh
      </button>
      {budgetSpent && <span>Waits for the shared budget</span>}
    </>
  );
}
