"use client";
import { lazy, Suspense } from "react";
import { useInBrowser } from "@/lib/client/use-in-browser";
import type { TaskListState } from "@/lib/client/use-task-list-state";

// The collapsible summary above the table. Open or closed is in the URL (`summary=open`) like
// every other view setting. Closed, it is this button only: the charts and their library load
// when it first opens, so /tasks's first load does not carry them (React's lazy, not next/dynamic,
// whose own loader would add about a kilobyte to it). The body renders in the browser only: its
// days are counted in the browser's zone, which the server does not know.

const SummaryBody = lazy(() => import("./summary-body").then((module) => ({ default: module.SummaryBody })));

const BODY_ID = "tasks-summary-body";

export function SummaryPanel({
  state,
  zoneOfLocation,
}: {
  state: TaskListState;
  zoneOfLocation: ReadonlyMap<string, string>;
}) {
  // The list's own parameters, not the address's: while a saved view opens, the page shows the
  // view before the address says it (use-opened-view.ts), and this panel must agree with the rest.
  const search = new URLSearchParams(state.listParams);
  const open = search.get("summary") === "open";
  const inBrowser = useInBrowser();

  // The History API, not the router: Next keeps useSearchParams in step with it, and the router
  // would ask the server to render /tasks again, a round trip on every open, for a change only this
  // panel reads.
  const toggle = () => {
    const next = new URLSearchParams(search);
    if (open) next.delete("summary");
    else next.set("summary", "open");
    const query = next.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  };

  return (
    <section aria-labelledby="tasks-summary-heading" className="flex flex-col gap-2">
      <h2 id="tasks-summary-heading" className="text-sm font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={BODY_ID}
          onClick={toggle}
          className="flex items-center gap-2 rounded border border-slate-400 px-3 py-1"
        >
          <span aria-hidden="true">{open ? "▼" : "▶"}</span>
          Summary
        </button>
      </h2>
      <div id={BODY_ID} hidden={!open}>
        {open && inBrowser && !state.problem && (
          <Suspense fallback={<p role="status">Loading the summary…</p>}>
            <SummaryBody state={state} zoneOfLocation={zoneOfLocation} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
