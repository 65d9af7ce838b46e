"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { stableWindow } from "./stable-window";
import { parseTableView, rememberedView, rememberView, withTableView, type TableView } from "./table-view";
import {
  parseTaskFilters,
  taskQuery,
  windowProblem,
  withTaskFilters,
  type TaskFilters,
  type TimeWindow,
} from "./task-filters";

// The task list's state, read from and written to the URL. Each committed change is a history
// entry, so back and forward walk through the views a person saw.

export interface TaskListState {
  filters: TaskFilters;
  view: TableView;
  window: TimeWindow;
  /** Set when the window cannot be asked for; the table then shows this instead of rows. */
  problem: string | undefined;
  /** The dashboard API query of these filters (no cursor or limit). */
  query: URLSearchParams;
  /** The list's URL parameters, for links that should come back to this list. */
  listParams: string;
  setFilters: (change: Partial<TaskFilters>) => void;
  clearFilters: () => void;
  setView: (change: Partial<TableView>) => void;
}

let scrollToTopRequested = false;

/** True once after a filter change: the table then starts at the top rather than where it was. */
export function takeScrollToTopRequest(): boolean {
  const requested = scrollToTopRequested;
  scrollToTopRequested = false;
  return requested;
}

const noSubscription = () => () => {};

export function useTaskListState(maxWindowDays: number): TaskListState {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // localStorage is read after hydration only, so server and browser render the same first.
  const remembered = useSyncExternalStore(noSubscription, rememberedViewOnce, () => EMPTY_VIEW);
  const search = params.toString();
  // A view change shows at once; the URL (the source of truth) catches up a moment later.
  const [pendingView, setPendingView] = useState<TableView | undefined>(undefined);
  useEffect(() => setPendingView(undefined), [search]);

  const state = useMemo(() => {
    const current = new URLSearchParams(search);
    const filters = parseTaskFilters(current);
    const view = parseTableView(current, remembered);
    const window = stableWindow(filters);
    return {
      current,
      filters,
      view,
      window,
      problem: windowProblem(window, maxWindowDays),
      query: taskQuery(filters, window),
    };
  }, [search, remembered, maxWindowDays]);

  const navigate = useCallback(
    (next: URLSearchParams) => {
      const text = next.toString();
      router.push(text ? `/tasks?${text}` : "/tasks", { scroll: false });
    },
    [router],
  );

  const setFilters = useCallback(
    (change: Partial<TaskFilters>) => {
      scrollToTopRequested = true;
      navigate(withTaskFilters(state.current, { ...state.filters, ...change }));
    },
    [navigate, state],
  );

  const clearFilters = useCallback(() => {
    scrollToTopRequested = true;
    navigate(withTaskFilters(state.current, { range: "7d", order: state.filters.order }));
  }, [navigate, state]);

  const setView = useCallback(
    (change: Partial<TableView>) => {
      const view = { ...(pendingView ?? state.view), ...change };
      setPendingView(view);
      rememberView(view);
      const next = withTableView(state.current, view);
      router.replace(`${pathname}?${next.toString()}`, { scroll: false });
    },
    [pathname, router, state, pendingView],
  );

  return {
    filters: state.filters,
    view: pendingView ?? state.view,
    window: state.window,
    problem: state.problem,
    query: state.query,
    listParams: search,
    setFilters,
    clearFilters,
    setView,
  };
}

const EMPTY_VIEW: Partial<TableView> = {};
let rememberedCache: Partial<TableView> | undefined;

function rememberedViewOnce(): Partial<TableView> {
  rememberedCache ??= rememberedView();
  return rememberedCache;
}
