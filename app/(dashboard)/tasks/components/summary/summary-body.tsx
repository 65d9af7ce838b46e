"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { Notice } from "@/components/notice";
import { ShownAsOf } from "@/components/shown-as-of";
import { isMirrorFilling, mirrorProgress } from "@/lib/client/summary-mirror-wait";
import { pickFilters, type SummaryPick } from "@/lib/client/summary-pick";
import { summaryRows } from "@/lib/client/summary-rows";
import { summaryZone } from "@/lib/client/summary-zone";
import { summaryParams, taskSummaryQuery } from "@/lib/client/view-queries";
import type { TaskListState } from "@/lib/client/use-task-list-state";
import { DayChart } from "./day-chart";
import { LocationChart } from "./location-chart";
import { StatusTotals } from "./status-totals";
import { TaskTypeChart } from "./task-type-chart";
import { useInBrowser } from "@/lib/client/use-in-browser";

// The open panel: the summary of the table's filters, or what it waits for. Loaded only when the
// panel opens, with everything it draws and the code that turns a click into the table's filters.
export function SummaryBody({
  state,
  zoneOfLocation,
}: {
  state: TaskListState;
  zoneOfLocation: ReadonlyMap<string, string>;
}) {
  const zone = summaryZone(state.view.zone, state.filters.location_id ?? [], zoneOfLocation);
  const params = useMemo(
    () => summaryParams(state.filters, state.window, zone),
    [state.filters, state.window, zone],
  );
  const onPick = (pick: SummaryPick) => state.setFilters(pickFilters(pick, state.window, zone));
  const summary = useQuery({ ...taskSummaryQuery(params), placeholderData: keepPreviousData });
  const rows = useMemo(() => summary.data && summaryRows(summary.data), [summary.data]);
  // Hydrated after the page (lazy): by then the filter bar may have fetched this very summary (the
  // same query when no status, type or location is ticked), and a first render with it would not
  // match the server's "Counting" (React error 418). The header's freshness had that fault.
  const inBrowser = useInBrowser();

  if (!inBrowser) return <p role="status">Counting the tasks…</p>;
  if (!rows) {
    if (isMirrorFilling(summary.failureReason))
      return <MirrorFilling message={summary.failureReason.message} />;
    if (summary.isError) {
      return (
        <ErrorNotice
          error={summary.error}
          fallback="The summary could not be loaded."
          onRetry={() => void summary.refetch()}
          testId="summary-error"
        />
      );
    }
    return <p role="status">Counting the tasks…</p>;
  }

  return (
    <div
      data-testid="summary-charts"
      aria-busy={summary.isFetching}
      className="grid gap-3 md:grid-cols-2 xl:grid-cols-4"
    >
      {/* The counts of the filters before, shown while the new ones are counted: their query has
          no observer now, so the header learns their age from here. */}
      {summary.isPlaceholderData && <ShownAsOf part="Counts" asOf={rows.asOf} />}
      <StatusTotals
        rows={rows.statuses}
        total={rows.total}
        asOf={rows.asOf}
        zone={zone}
        onPick={(status) => onPick({ status })}
      />
      <TaskTypeChart
        rows={rows.taskTypes}
        others={rows.otherTaskTypes}
        asOf={rows.asOf}
        zone={zone}
        onPick={(task_type) => onPick({ task_type })}
      />
      <div className="md:col-span-2">
        <DayChart
          rows={rows.days}
          statuses={rows.dayStatuses}
          asOf={rows.asOf}
          zone={zone}
          onPickDay={(day) => onPick({ day })}
        />
      </div>
      {rows.locations.length > 1 && (
        <div className="md:col-span-2 xl:col-span-4">
          <LocationChart
            rows={rows.locations}
            asOf={rows.asOf}
            zone={zone}
            onPick={(location_id) => onPick({ location_id })}
          />
        </div>
      )}
    </div>
  );
}

/** The mirror is still filling: how far it is, and that the panel asks again by itself. */
function MirrorFilling({ message }: { message: string }) {
  const progress = mirrorProgress(message);
  return (
    <Notice tone="wait" testId="summary-mirror-filling">
      <span>{message} The summary appears by itself when it is ready.</span>
      {progress && (
        <progress
          className="mt-1 block w-full max-w-sm"
          value={progress.done}
          max={progress.total}
          aria-label="Windows of this range synced"
        />
      )}
    </Notice>
  );
}
