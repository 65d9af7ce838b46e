"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { usePathname, useRouter } from "next/navigation";
import {
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import type { Task } from "@/lib/client/api-types";
import { extendRange, isPicked, pickLoaded, toggleRange, toggleRow } from "@/lib/client/row-selection";
import { widthsWithinLimits, type ColumnWidths } from "@/lib/client/table-view";
import { HeldUntilHydrated } from "@/lib/client/held-until-hydrated";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { PagePriority } from "@/lib/client/task-queries";
import { takeScrollToTopRequest, type TaskListState } from "@/lib/client/use-task-list-state";
import { NO_SELECTION, type RowSelectionState } from "@/lib/client/use-row-selection";
import { SkeletonRows } from "./table-placeholders";
import type { TaskListQuery } from "./table-status";
import { gridLayout, SELECT_COLUMN } from "./grid-layout";
import { gridPlaces } from "./pinned-columns";
import { tabStopRow } from "./row-tab-stop";
import { taskCells } from "./task-columns";
import { TaskTableHeader } from "./task-table-header";
import { ROW_HEIGHT, TaskRow } from "./task-row";
import { useElementWidth } from "./use-element-width";

// The task grid, loaded beside the first page of rows rather than with the page (tasks-view.tsx):
// TanStack Table's column model draws the header (task-table-header.tsx),
// TanStack Virtual keeps only the rows in view in the DOM (20,000 loaded rows scroll like 50), the
// pinned columns stand first and stick at the left (pinned-columns.ts), and the next page is asked
// for as the end nears. Before them, each row's checkbox picks it for "Export selected": a click,
// Shift-click for a range, Space on the current row (Shift+Space a range, Shift with a move key
// picks the rows passed over, Ctrl+A every loaded row). TanStack's row selection needs its Row
// objects, which the grid does without (task-table-header.tsx): row-selection.ts keeps the picks.

const EmptyState = lazy(() => import("./empty-state").then((module) => ({ default: module.EmptyState })));

/** How near the end the next page is fetched ahead of need, when the budget allows it. */
const PREFETCH_ROWS = 60;
/** Nearer than this, the next page is what a person is waiting for. */
const AT_END_ROWS = 15;
const KEY_STEPS: Record<string, number> = {
  ArrowDown: 1,
  j: 1,
  ArrowUp: -1,
  k: -1,
  PageDown: 10,
  PageUp: -10,
};

/** Where a move key takes the focus from row `index` of `count`; undefined for another key. */
function keyTarget(key: string, index: number, count: number): number | undefined {
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const step = KEY_STEPS[key];
  return step === undefined ? undefined : index + step;
}

/** About a tall screen's worth of rows, before the grid is measured. */
const FIRST_SCREEN_RECT = { width: 0, height: 30 * ROW_HEIGHT };

/** Scroll positions by list, so back and forward return to where a person was. */
const savedOffsets = new Map<string, number>();

export function TaskTable({
  state,
  list,
  rows,
  zoneOf,
  priority,
  budgetLow,
  sortBlocked,
  selection,
  pickedCount,
}: {
  state: TaskListState;
  list: TaskListQuery;
  rows: Task[];
  zoneOf: (task: Task) => string;
  priority: PagePriority;
  budgetLow: boolean;
  /** Why sorting by other columns waits for the mirror, if it does. */
  sortBlocked: string | undefined;
  selection: RowSelectionState;
  /** How many loaded rows are picked. */
  pickedCount: number;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const listKey = state.query.toString();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef<number | undefined>(undefined);

  const detailHref = useCallback(
    (id: string) => `/tasks/${encodeURIComponent(id)}${state.listParams ? `?${state.listParams}` : ""}`,
    [state.listParams],
  );
  const { columns: visible, pinned } = state.view;
  // While a column is dragged its width changes with every pointer move; the URL (and this
  // browser's memory) take it when the drag ends. Every change (a drag, a key, a double-click)
  // comes in here, where it is held within the limits.
  const [draftWidths, setDraftWidths] = useState<ColumnWidths | undefined>(undefined);
  const widths = draftWidths ?? state.view.widths;
  const latestWidths = useRef(widths);
  useEffect(() => {
    latestWidths.current = widths;
  }, [widths]);
  const changeWidths = useCallback((change: ColumnWidths | ((old: ColumnWidths) => ColumnWidths)) => {
    const next = widthsWithinLimits(typeof change === "function" ? change(latestWidths.current) : change);
    latestWidths.current = next;
    setDraftWidths(next);
  }, []);
  const { setView } = state;
  const rememberWidths = useCallback(() => {
    setView({ widths: latestWidths.current });
    setDraftWidths(undefined);
  }, [setView]);
  const { template: gridTemplateColumns, minWidth } = useMemo(
    () => gridLayout(visible, widths, pinned, SELECT_COLUMN),
    [visible, widths, pinned],
  );
  const gridWidth = useElementWidth(scrollRef);
  const places = useMemo(() => gridPlaces(pinned, widths, gridWidth), [pinned, widths, gridWidth]);
  // Across zones, a local time alone reads as out of order: it shows its offset.
  const withOffset = state.view.zone === "location";
  const cells = useMemo(
    () => taskCells(visible, zoneOf, detailHref, withOffset),
    [visible, zoneOf, detailHref, withOffset],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer changes in place as rows scroll; this component is left uncompiled on purpose
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The server has no element to measure: without a size the server's HTML (and the browser's
    // hydrating render, which must match it) would hold no rows. The grid's real size follows.
    initialRect: FIRST_SCREEN_RECT,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  const tabStop = tabStopRow(activeIndex, items, virtualizer.scrollOffset ?? 0);

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isError) return;
    const left = rows.length - 1 - lastShown;
    const atEnd = left < AT_END_ROWS;
    if (!atEnd && (budgetLow || left >= PREFETCH_ROWS)) return;
    priority.current = atEnd ? "interactive" : "prefetch";
    void fetchNextPage();
  }, [lastShown, rows.length, hasNextPage, isFetchingNextPage, isError, budgetLow, fetchNextPage, priority]);

  // A new list starts at the top after a filter change, or where it was left (back, forward).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = takeScrollToTopRequest() ? 0 : (savedOffsets.get(listKey) ?? 0);
    setActiveIndex(0);
  }, [listKey]);

  // Closing the drawer gives focus back to the row it was opened from.
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (pathname === "/tasks" && previousPath.current !== "/tasks") pendingFocus.current = activeIndex;
    previousPath.current = pathname;
  }, [pathname, activeIndex]);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === undefined) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) {
      row.focus({ preventScroll: true });
      pendingFocus.current = undefined;
    }
  });

  // Stable across renders, so memoised rows are not rendered again for a new callback.
  const latest = useRef({ rows, detailHref, pathname });
  useEffect(() => {
    latest.current = { rows, detailHref, pathname };
  });
  const open = useCallback(
    (index: number) => {
      const { rows: loaded, detailHref: hrefOf, pathname: path } = latest.current;
      const task = loaded[index];
      if (!task) return;
      // With a drawer open, another row replaces it: the drawer stays one history entry, so Esc
      // (and the back button) return to the list however many rows were looked at.
      router[path === "/tasks" ? "push" : "replace"](hrefOf(task.id), { scroll: false });
    },
    [router],
  );

  const { selection: picks, change: changePicks } = selection;
  const pick = useCallback(
    (index: number, range: boolean) =>
      changePicks((current) => (range ? toggleRange : toggleRow)(current, latest.current.rows, index)),
    [changePicks],
  );
  const picked =
    picks.allMatching || (pickedCount > 0 && pickedCount === rows.length)
      ? "all"
      : pickedCount > 0
        ? "some"
        : "none";
  const pickAll = () =>
    changePicks((current) => (picked === "all" ? NO_SELECTION : pickLoaded(current, rows)));

  const moveFocus = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActiveIndex(target);
    pendingFocus.current = target;
    virtualizer.scrollToIndex(target, { align: "auto" });
    return target;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || rows.length === 0) return;
    // The header row's controls take their keys (Enter on a column's name sorts by it).
    if ((event.target as HTMLElement).closest('[aria-rowindex="1"]')) return;
    if (event.ctrlKey || event.metaKey) {
      if (event.key.toLowerCase() !== "a") return;
      changePicks((current) => pickLoaded(current, rows));
    } else {
      const to = keyTarget(event.key, activeIndex, rows.length);
      if (to !== undefined) {
        const from = activeIndex;
        const reached = moveFocus(to);
        if (event.shiftKey) changePicks((current) => extendRange(current, rows, from, reached));
      } else if (event.key === "Enter") open(activeIndex);
      // A checkbox that has the focus (a screen reader may put it there) flips itself.
      else if (event.key === " " && !(event.target instanceof HTMLInputElement))
        pick(activeIndex, event.shiftKey);
      else return;
    }
    event.preventDefault();
  };

  const showEmpty = !list.isPending && !list.isError && rows.length === 0;
  // The server's rows show before the grid's code has hydrated; from this mark on, keys and clicks
  // on them work (tests and the benchmark wait for it).
  const hydrated = useInBrowser();

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="Tasks"
      aria-rowcount={hasNextPage || list.isPending ? -1 : rows.length + 1}
      aria-colcount={visible.length + 1}
      aria-multiselectable="true"
      aria-busy={list.isFetching}
      data-hydrated={hydrated || undefined}
      onScroll={(event) => savedOffsets.set(listKey, event.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      className="relative min-h-60 flex-1 overflow-auto rounded border border-slate-300 dark:border-slate-700"
    >
      <div style={{ minWidth }}>
        <TaskTableHeader
          state={state}
          places={places}
          gridTemplateColumns={gridTemplateColumns}
          widths={widths}
          onWidthsChange={changeWidths}
          onResizeEnd={rememberWidths}
          sortBlocked={sortBlocked}
          picked={picked}
          onPickAll={pickAll}
        />
        {list.isPending && <SkeletonRows columns={visible.length + 1} template={gridTemplateColumns} />}
        {showEmpty && (
          <HeldUntilHydrated>
            <EmptyState state={state} />
          </HeldUntilHydrated>
        )}
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const task = rows[item.index];
            return (
              task && (
                <TaskRow
                  key={task.id}
                  task={task}
                  cells={cells}
                  places={places}
                  index={item.index}
                  start={item.start}
                  holdsTabStop={item.index === tabStop}
                  selected={isPicked(picks, task.id)}
                  gridTemplateColumns={gridTemplateColumns}
                  onActivate={setActiveIndex}
                  onOpen={open}
                  onSelect={pick}
                />
              )
            );
          })}
        </div>
      </div>
    </div>
  );
}
