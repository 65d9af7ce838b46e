"use client";
import { Notice } from "@/components/notice";
import type { TaskFilters } from "@/lib/client/task-filters";
import type { ViewNotice } from "@/lib/client/use-opened-view";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// The list's notices that show only now and then, loaded when one does (table-status.tsx): the
// server never renders them (it serves no stale page, no failed list, and a link's problems are
// found in the browser), so none is in the page's first load, which has a size budget.

/** What an opened link asked for that is not shown, and what is shown instead. */
export function LinkProblems({ problems }: { problems: readonly string[] }) {
  return (
    <Notice tone="wait" testId="link-problems">
      <p>This link&apos;s filters could not all be used:</p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Notice>
  );
}

/** What a saved view could not show as it was saved, or why its link shows the default view. */
export function SavedViewNotice({ notice }: { notice: ViewNotice }) {
  return (
    <Notice tone="wait" testId="view-notice">
      {notice.kind === "hidden" &&
        (notice.opened ? (
          <>
            The view &ldquo;{notice.name}&rdquo; names{" "}
            {notice.count === 1 ? "a location" : `${notice.count} locations`} you do not see: left out of its
            location filter.
          </>
        ) : (
          <>
            The view &ldquo;{notice.name}&rdquo; names only locations you do not see: it shows you no tasks,
            so it was not opened.
          </>
        ))}
      {notice.kind === "missing" &&
        "No saved view of yours, or shared with you, has this link's id (it may have been deleted or unshared): showing the default view."}
      {notice.kind === "unavailable" &&
        "The saved view could not be read just now (the dashboard's workspace does not answer): showing the default view. Open the link again shortly."}
    </Notice>
  );
}

/** While the mirror fills, the filters it alone answers can be traded for what is answered live. */
export function LiveInstead({ state }: { state: TaskListState }) {
  return (
    <button
      type="button"
      data-testid="live-instead"
      onClick={() => state.setFilters(liveAnswerable(state.filters))}
      className="self-start rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      Show what can be answered now (without status, search, several values or this sort)
    </button>
  );
}

/** The filters without what only the mirror answers: the first value of each list, Started order. */
function liveAnswerable(filters: TaskFilters): Partial<TaskFilters> {
  const first = (values: string[] | undefined) => (values ? values.slice(0, 1) : undefined);
  return {
    status: undefined,
    q: undefined,
    // In the primary key's direction, as a single-key sort traded for Started always was.
    sort: [{ key: "started_at", order: filters.sort[0]?.order ?? "desc" }],
    location_id: first(filters.location_id),
    task_type: first(filters.task_type),
    mva: first(filters.mva),
    vehicle_id: first(filters.vehicle_id),
  };
}

/** Saved rows shown because the service or the budget could not answer, and from when. */
export function StaleBanner({ reason, fetchedAt }: { reason: string | null; fetchedAt: string }) {
  return (
    <Notice tone="wait" testId="stale-banner">
      {reason === "budget" ? "The shared budget is spent for now" : "The task service is not answering"};
      showing saved rows, data as of{" "}
      {new Date(fetchedAt).toLocaleString([], {
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZoneName: "short",
      })}
      .
    </Notice>
  );
}
