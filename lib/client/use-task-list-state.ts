"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { OpenedView, SavedView } from "./api-types";
import { servedWindowOf, type ServedList } from "./served-window";
import { adoptWindow, repinWindow, stableWindow, windowAt } from "./stable-window";
import {
  calendarZone,
  changedView,
  parseTableView,
  rememberedViewSnapshot,
  rememberView,
  withLinkPins,
  withTableView,
  type TableView,
} from "./table-view";
import { listParams } from "./task-queries";
import { viewSearchOf } from "./saved-views";
import { noticeOf, useOpenedView, type ViewNotice } from "./use-opened-view";
import {
  DEFAULT_FILTERS,
  parseTaskFilters,
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
  /** The IANA zone calendar ranges are counted in (table-view.ts's calendarZone). */
  zone: string;
  window: TimeWindow;
  /** Set when the window cannot be asked for; the table then shows this instead of rows. */
  problem: string | undefined;
  /** What the opened link asked for that is not shown, and what is shown instead; kept until a change. */
  linkProblems: readonly string[];
  /** What an opened saved view could not show as saved (or why it did not open); kept until a change. */
  viewNotice: ViewNotice | undefined;
  /** The dashboard API query of these filters (no cursor or limit). */
  query: URLSearchParams;
  /** The list's URL parameters, for links that should come back to this list. */
  listParams: string;
  setFilters: (change: Partial<TaskFilters>) => void;
  clearFilters: () => void;
  /** Moves a relative range ("last 7 days") to end now; a custom range stays as it is. */
  refresh: () => void;
  setView: (change: Partial<TableView>) => void;
  /** Shows a saved view: its filters, sort, columns, widths, zone and summary. */
  openView: (view: SavedView) => void;
}

let scrollToTopRequested = false;

/** True once after a filter change: the table then starts at the top rather than where it was. */
export function takeScrollToTopRequest(): boolean {
  const requested = scrollToTopRequested;
  scrollToTopRequested = false;
  return requested;
}

const noSubscription = () => () => {};

/**
 * `served`: the list whose first page the server read and handed over with the page, if it did
 * (tasks/first-task-page.ts). `opened`: the saved view the server opened instead of the address.
 */
export function useTaskListState(
  maxWindowDays: number,
  served?: ServedList,
  opened?: OpenedView,
): TaskListState {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // localStorage is read after hydration only, so server and browser render the same first.
  const remembered = useSyncExternalStore(noSubscription, rememberedViewSnapshot, () => EMPTY_VIEW);
  const urlSearch = params.toString();
  const opening = useOpenedView(opened, urlSearch);
  const search = opening.search ?? urlSearch;
  // Once, before the first window is resolved: the tab pins the server's window, so its first
  // query key is the one the server's page came under (Refresh later moves past it as usual).
  useState(() => {
    if (!inBrowser()) return;
    const current = new URLSearchParams(search);
    const filters = parseTaskFilters(current);
    const window = servedWindowOf(filters, served);
    if (window) adoptWindow(filters, calendarZone(parseTableView(current, remembered).zone), window);
  });
  // A view change shows at once; the URL (the source of truth) catches up a moment later.
  // It belongs to the URL it was made on: once the URL moves on, the URL's own view is shown.
  const [pending, setPending] = useState<{ search: string; view: TableView } | undefined>(undefined);
  const pendingView = pending?.search === search ? pending.view : undefined;
  // Two changes in quick succession (typing in two fields) must build on each other, not on the
  // URL as it was before the first one landed.
  const latestSearch = useRef<string | undefined>(undefined);
  useEffect(() => {
    latestSearch.current = undefined;
  }, [search]);

  // A link's filters that cannot be shown as they are: said once, and the address is corrected to
  // what is shown, so a copy of it shows the same. The words stay until the person changes a filter.
  const [linkProblems, setLinkProblems] = useState<readonly string[]>(NO_PROBLEMS);

  // Bumped by refresh(): the URL stays the same while the window it resolves to moves.
  const [pinVersion, setPinVersion] = useState(0);

  const state = useMemo(() => {
    const current = new URLSearchParams(search);
    const filters = parseTaskFilters(current);
    const view = parseTableView(current, remembered);
    const zone = calendarZone(view.zone);
    // The server pins nothing: its module lives across requests, and a pin would outlive the
    // minute it was made in. It renders the window it read the page for, or a fresh one.
    const window = inBrowser()
      ? stableWindow(filters, zone)
      : (servedWindowOf(filters, served) ?? windowAt(filters, zone));
    return {
      filters,
      view,
      zone,
      window,
      problem: windowProblem(window, maxWindowDays),
      query: listParams(filters, window),
    };
    // pinVersion is not read here: a new one means stableWindow has a new pin for these filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pin lives outside React; pinVersion says it moved
  }, [search, remembered, maxWindowDays, pinVersion, served]);

  const latestParams = useCallback(() => new URLSearchParams(latestSearch.current ?? search), [search]);

  const navigate = useCallback(
    (next: URLSearchParams, how: "push" | "replace" = "push") => {
      const text = next.toString();
      latestSearch.current = text;
      const path = how === "push" ? "/tasks" : pathname;
      router[how](text ? `${path}?${text}` : path, { scroll: false });
    },
    [router, pathname],
  );

  useEffect(() => {
    const current = new URLSearchParams(search);
    const corrected = withLinkPins(withTaskFilters(current, parseTaskFilters(current)));
    // The words for a bad link are loaded only when the link has something the page drops.
    if (sameParams(corrected, current)) return;
    let cancelled = false;
    void import("./filter-link-problems").then(({ filterLinkProblems }) => {
      const problems = filterLinkProblems(current);
      if (cancelled || problems.length === 0) return;
      setLinkProblems(problems);
      navigate(corrected, "replace");
    });
    return () => {
      cancelled = true;
    };
  }, [search, navigate]);

  // A list a person chooses ends now, even if this tab resolved the same filters hours ago; back
  // and forward, which do not come through here, keep the pinned window and its cached pages.
  const { setNotice: setViewNotice } = opening;
  const goToFilters = useCallback(
    (filters: TaskFilters) => {
      scrollToTopRequested = true;
      setLinkProblems(NO_PROBLEMS);
      setViewNotice(undefined);
      const current = latestParams();
      const next = withTaskFilters(current, filters);
      repinWindow(parseTaskFilters(next), calendarZone(parseTableView(current, remembered).zone));
      navigate(next);
    },
    [navigate, latestParams, remembered, setViewNotice],
  );

  const setFilters = useCallback(
    (change: Partial<TaskFilters>) => goToFilters({ ...parseTaskFilters(latestParams()), ...change }),
    [goToFilters, latestParams],
  );

  const clearFilters = useCallback(() => {
    const { sort } = parseTaskFilters(latestParams());
    goToFilters({ ...DEFAULT_FILTERS, sort });
  }, [goToFilters, latestParams]);

  const refresh = useCallback(() => {
    scrollToTopRequested = true;
    const current = latestParams();
    repinWindow(parseTaskFilters(current), calendarZone(parseTableView(current, remembered).zone));
    setPinVersion((version) => version + 1);
  }, [latestParams, remembered]);

  const setView = useCallback(
    (change: Partial<TableView>) => {
      const current = latestParams();
      const view = changedView({ ...parseTableView(current, remembered), ...pendingView }, change);
      setPending({ search, view });
      rememberView(view);
      navigate(withTableView(current, view), "replace");
    },
    [navigate, latestParams, remembered, pendingView, search],
  );

  // Chosen like a list, so its window ends now too; its columns are this browser's from now on.
  const openView = useCallback(
    (view: SavedView) => {
      setViewNotice(noticeOf({ view }));
      const search = viewSearchOf(view);
      if (search === undefined) return;
      scrollToTopRequested = true;
      setLinkProblems(NO_PROBLEMS);
      const next = new URLSearchParams(search);
      const tableView = parseTableView(next, {});
      rememberView(tableView);
      repinWindow(parseTaskFilters(next), calendarZone(tableView.zone));
      navigate(next);
    },
    [navigate, setViewNotice],
  );

  return {
    filters: state.filters,
    view: pendingView ?? state.view,
    zone: state.zone,
    window: state.window,
    problem: state.problem,
    linkProblems,
    viewNotice: opening.notice,
    query: state.query,
    listParams: search,
    setFilters,
    clearFilters,
    refresh,
    setView,
    openView,
  };
}

/** The same parameters and values, in any order. */
function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (params: URLSearchParams) =>
    [...params]
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join("&");
  return sorted(a) === sorted(b);
}

const inBrowser = () => typeof document !== "undefined";

const EMPTY_VIEW: Partial<TableView> = {};
const NO_PROBLEMS: readonly string[] = [];
