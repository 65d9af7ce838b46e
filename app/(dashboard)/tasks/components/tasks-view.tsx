"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { lazy, useMemo, useState } from "react";
import { SkipLink } from "@/components/skip-link";
import { HeldUntilHydrated } from "@/lib/client/held-until-hydrated";
import { budgetIsLow } from "@/lib/client/budget-level";
import type { OpenedView, Task } from "@/lib/client/api-types";
import { displayZone } from "@/lib/client/table-view";
import {
  budgetQuery,
  locationsQuery,
  taskListQuery,
  uniqueRows,
  type PagePriority,
} from "@/lib/client/task-queries";
import type { ServedList } from "@/lib/client/served-window";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { useMirrorReadiness } from "@/lib/client/use-mirror-readiness";
import { useRowSelection } from "@/lib/client/use-row-selection";
import { useTaskListState } from "@/lib/client/use-task-list-state";
import { TableShell } from "./table-shell";
import { TableStatus } from "./table-status";

// Export hydrates a moment after the page (the server's buttons show meanwhile): its code is not
// needed to see the first rows, and in the page's own bundle it would push /tasks past its
// first-load budget.
const ExportControls = lazy(() =>
  import("./export-controls").then((module) => ({ default: module.ExportControls })),
);

// The filters, the view controls and the summary's toggle likewise: the server renders them, and
// their code (fields, pickers, menus) comes a moment after the page's: in the page's own bundle it
// would push /tasks past its first-load budget. The list's own request does not wait for them.
const loadControls = loadOnce(() => import("./tasks-controls"));
const TaskFilterBar = lazy(() => loadControls().then((module) => ({ default: module.TaskFilterBar })));
const TableToolbar = lazy(() => loadControls().then((module) => ({ default: module.TableToolbar })));
const SummaryPanel = lazy(() => loadControls().then((module) => ({ default: module.SummaryPanel })));

// The grid (TanStack Table and Virtual, the rows, sorting and resizing) has nothing to show before
// the first page of rows arrives, so its code loads beside that request, not with the page; the
// server's header and placeholder rows show meanwhile, and the first load stays within its budget.
const loadTable = loadOnce(() => import("./task-table"));
const TaskTable = lazy(() => loadTable().then((module) => ({ default: module.TaskTable })));

// The tasks page: filters, the view controls and export, the table and what it is waiting for.
// `served`: the list whose first page the server put in the query cache (first-task-page.ts);
// `opened`: the saved view the server opened for a view's link or as the reader's start view.
export function TasksView({
  maxWindowDays,
  served,
  opened,
}: {
  maxWindowDays: number;
  served?: ServedList | undefined;
  opened?: OpenedView | undefined;
}) {
  // Their code is asked for with the page's first render, not when each boundary comes to hydrate.
  void loadControls();
  void loadTable();
  const state = useTaskListState(maxWindowDays, served, opened);
  const locations = useQuery(locationsQuery);
  const budget = useQuery(budgetQuery);
  // One holder per mounted page, written by the table as it scrolls and read as each page is asked for.
  const [priority] = useState<PagePriority>(() => ({ current: "interactive" }));
  const list = useInfiniteQuery({ ...taskListQuery(state.query, priority), enabled: !state.problem });
  const rows = useMemo(() => uniqueRows(list.data?.pages), [list.data]);
  // Every page carries the count of its filters; the newest page has the newest.
  const total = list.data?.pages.at(-1)?.total ?? null;
  const mirror = useMirrorReadiness(list.data?.pages[0]?.source, list.error ?? list.failureReason);
  // Picked rows belong to this list: its filters, sort and window.
  const selection = useRowSelection(state.query.toString());
  const { allMatching, ids } = selection.selection;
  const picked = useMemo(
    () => (allMatching ? rows : rows.filter((task) => ids.has(task.id))),
    [rows, allMatching, ids],
  );

  const zones = useMemo(
    () => new Map((locations.data ?? []).map((location) => [location.id, location.timezone])),
    [locations.data],
  );
  // The server's rows are written in UTC where the browser's zone is asked for: the server does
  // not know it, and a time that differs at hydration is React error 418. Local times follow at once.
  const inBrowser = useInBrowser();
  const zoneOf = useMemo(() => {
    const choice = state.view.zone === "local" && !inBrowser ? "utc" : state.view.zone;
    return (task: Task) => displayZone(choice, zones.get(task.location.id));
  }, [state.view.zone, zones, inBrowser]);
  const locationZoneOf = useMemo(() => (task: Task) => zones.get(task.location.id), [zones]);
  const budgetReading = budget.data && { snapshot: budget.data, receivedAt: budget.dataUpdatedAt };

  return (
    <>
      {/* The filter bar holds many fields (each date-time field is several stops): the first stop
          of the page's own can jump to the table's current row. */}
      <SkipLink targetId="tasks-current-row">Skip to the tasks table</SkipLink>
      <HeldUntilHydrated>
        <TaskFilterBar
          state={state}
          locations={locations.data ?? []}
          rows={rows}
          mirrorWaiting={mirror.waiting}
        />
      </HeldUntilHydrated>
      <div className="flex flex-wrap items-center gap-3">
        <HeldUntilHydrated>
          <TableToolbar state={state} />
        </HeldUntilHydrated>
        <HeldUntilHydrated>
          <ExportControls
            state={state}
            rows={rows}
            picked={picked}
            allMatching={allMatching}
            total={total}
            zoneOf={zoneOf}
            locationZoneOf={locationZoneOf}
            budget={budgetReading}
            fromMirror={list.data?.pages[0]?.source === "mirror"}
          />
        </HeldUntilHydrated>
      </div>
      <HeldUntilHydrated>
        <SummaryPanel state={state} zoneOfLocation={zones} />
      </HeldUntilHydrated>
      <TableStatus
        state={state}
        list={list}
        rowCount={rows.length}
        total={total}
        budget={budgetReading}
        selection={selection}
        picked={picked.length}
      />
      {!state.problem && (
        <HeldUntilHydrated fallback={<TableShell state={state} />}>
          <TaskTable
            state={state}
            list={list}
            rows={rows}
            zoneOf={zoneOf}
            priority={priority}
            budgetLow={budgetIsLow(budget.data)}
            sortBlocked={mirror.waiting}
            selection={selection}
            pickedCount={picked.length}
          />
        </HeldUntilHydrated>
      )}
    </>
  );
}

/**
 * Starts a part's code once. A failed load reaches the app's error page through the lazy part that
 * renders it (as before any of this); here it must not also be an unhandled rejection.
 */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    if (!started) {
      started = load();
      // The lazy part that renders this code awaits the same promise and takes the failure to the
      // app's error page; this handler only keeps it from also being an unhandled rejection.
      started.catch((error: unknown) => console.debug("tasks: a part's code did not load", error));
    }
    return started;
  };
}
