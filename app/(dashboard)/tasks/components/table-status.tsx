"use client";
import { useQueryClient, type InfiniteData, type UseInfiniteQueryResult } from "@tanstack/react-query";
import type { TaskPage } from "@/lib/client/api-types";
import { ErrorNotice } from "@/components/error-notice";
import { Notice } from "@/components/notice";
import { budgetIsSpent } from "@/lib/client/budget-level";
import type { BudgetReading } from "@/lib/client/export-waiting";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { taskListQuery } from "@/lib/client/task-queries";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { ListWait } from "./list-wait";

export type TaskListQuery = UseInfiniteQueryResult<InfiniteData<TaskPage, string>>;

// What the table is waiting for or could not do, in words: never a raw status code.
export function TableStatus({
  state,
  list,
  rowCount,
  budget,
}: {
  state: TaskListState;
  list: TaskListQuery;
  rowCount: number;
  budget: BudgetReading | undefined;
}) {
  const pages = list.data?.pages ?? [];
  const stalePage = pages.find((page) => page.stale);

  if (state.problem) return <Notice tone="error">{state.problem}</Notice>;
  return (
    <div className="flex flex-col gap-2">
      {state.linkProblems.length > 0 && (
        <Notice tone="wait" testId="link-problems">
          <p>This link&apos;s filters could not all be used:</p>
          <ul className="list-disc pl-5">
            {state.linkProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Notice>
      )}
      <ListWait list={list} budget={budget} />
      {list.isError && !list.isFetching && (
        <ErrorNotice
          testId="list-error"
          error={list.error}
          fallback="The tasks could not be loaded."
          onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
        />
      )}
      {stalePage?.fetchedAt && (
        <Notice tone="wait" testId="stale-banner">
          {stalePage.staleReason === "budget"
            ? "The shared budget is spent for now"
            : "The task service is not answering"}
          ; showing saved rows, data as of{" "}
          {new Date(stalePage.fetchedAt).toLocaleString([], {
            month: "short",
            day: "numeric",
            hour: "2-digit",
            minute: "2-digit",
            timeZoneName: "short",
          })}
          .
        </Notice>
      )}
      <div className="flex flex-wrap items-baseline gap-3 text-sm text-slate-600 dark:text-slate-400">
        <p role="status" aria-live="polite" data-testid="row-count">
          {!list.data
            ? list.isError
              ? "No tasks loaded."
              : "Loading tasks…"
            : `${rowCount.toLocaleString("en-US")} loaded, ${list.hasNextPage ? "more available" : "end of results"}`}
        </p>
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
