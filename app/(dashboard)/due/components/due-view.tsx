"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { ErrorNotice } from "@/components/error-notice";
import type { Program } from "@/lib/client/api-types";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import { DUE_STATES } from "@/contract/query/due-state";
import { locationsByName } from "@/lib/client/location-order";
import { dueQuery, programsQuery } from "@/lib/client/maintenance-queries";
import { locationsQuery, mirrorFilling } from "@/lib/client/task-queries";
import { usePageZone } from "@/lib/client/use-in-browser";
import { useSearchBox } from "@/lib/client/use-search-box";
import { taskTypeLabel } from "@/lib/task-format/task-labels";
import { intervalWords, STATE_LABELS } from "@/components/due-cells";
import { dueApiParams, dueViewSearch, readDueView, type DueListState } from "./due-params";
import { DueTable } from "./due-table";
import { FilterSelect } from "./filter-select";
import { MoreRows } from "@/components/more-rows";

const SEARCH_DEBOUNCE_MS = 300;

// Every vehicle's standing on every maintenance program, from the task mirror: the counts by state
// (each a filter), filters for task type, last location and a search, a sortable table that loads
// more rows as it scrolls, and the programs the states are measured against.
export function DueView() {
  const pageZone = usePageZone();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view = useMemo(() => readDueView(new URLSearchParams(params.toString())), [params]);
  const show = (next: DueListState) => {
    const query = dueViewSearch(next).toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const search = useSearchBox(view.q, (q) => show({ ...view, q }), SEARCH_DEBOUNCE_MS);

  const programs = useQuery(programsQuery);
  const locations = useQuery(locationsQuery);
  const [openedAt] = useState(() => Date.now());
  const apiParams = dueApiParams(view, openedAt);
  const due = useInfiniteQuery(dueQuery(apiParams));
  const first = due.data?.pages[0];
  const rows = useMemo(() => due.data?.pages.flatMap((page) => page.data) ?? [], [due.data]);

  const toggleState = (state: (typeof DUE_STATES)[number]) =>
    show({
      ...view,
      states: view.states.includes(state)
        ? view.states.filter((one) => one !== state)
        : [...view.states, state],
    });

  return (
    <div className="flex flex-col gap-3">
      <ProgramsLine programs={programs.data?.data} />
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
        <div role="group" aria-label="States" className="flex flex-wrap items-center gap-2">
          {DUE_STATES.map((state) => (
            <button
              key={state}
              type="button"
              aria-pressed={view.states.includes(state)}
              onClick={() => toggleState(state)}
              className="flex items-center gap-1.5 rounded border border-slate-400 px-2 py-1 text-sm aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white dark:aria-pressed:border-slate-100 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
            >
              <span>{STATE_LABELS[state]}</span>
              <span className="font-semibold tabular-nums" data-testid={`count-${state}`}>
                {first ? first.counts[state].toLocaleString("en-US") : "…"}
              </span>
            </button>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Due
          <select
            aria-label="Due"
            value={view.within}
            onChange={(event) => show({ ...view, within: event.target.value as DueListState["within"] })}
            className="rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
          >
            <option value="">Any time</option>
            <option value="7">Within 7 days</option>
            <option value="30">Within 30 days</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Task type
          <FilterSelect
            label="Task type"
            value={view.taskType}
            every="Every program"
            choices={programs.data?.data.map((program) => ({
              value: program.task_type,
              label: taskTypeLabel(program.task_type),
            }))}
            unlisted={(type) => `${taskTypeLabel(type)} (no program now)`}
            onChange={(taskType) => show({ ...view, taskType })}
            className="rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Last location
          <FilterSelect
            label="Last location"
            value={view.locationId}
            every="Every location"
            choices={
              locations.data &&
              locationsByName(locations.data).map((location) => ({
                value: location.id,
                label: location.name,
              }))
            }
            unlisted={(id) => `Not one of your locations (${id})`}
            onChange={(locationId) => show({ ...view, locationId })}
            className="max-w-64 rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Vehicle
          <input
            type="search"
            value={search.text}
            placeholder="MVA, vehicle id or VIN"
            maxLength={100}
            onChange={(event) => search.type(event.target.value)}
            className="w-56 rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
          />
        </label>
      </div>
      {view.vehicleId && (
        <p className="text-sm" data-testid="due-one-vehicle">
          One vehicle only: <span className="font-mono">{view.vehicleId}</span>{" "}
          <button type="button" className="underline" onClick={() => show({ ...view, vehicleId: "" })}>
            Show every vehicle
          </button>
        </p>
      )}
      {due.isPending ? (
        mirrorFilling(due.failureReason) ? (
          <MirrorFillingNotice message={due.failureReason.message} what="What is due" />
        ) : (
          <p role="status">Loading what is due…</p>
        )
      ) : due.isError && !due.data ? (
        <ErrorNotice
          error={due.error}
          fallback="What is due could not be loaded."
          onRetry={() => void due.refetch()}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm" data-testid="due-total">
              {first!.total.toLocaleString("en-US")} {first!.total === 1 ? "row" : "rows"} · states as of{" "}
              {new Date(first!.evaluated_at).toLocaleString("en-US", {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: pageZone,
              })}
            </p>
            <a
              href={`/api/maintenance/due/export?${apiParams.toString()}`}
              download
              className="rounded border border-slate-400 px-2 py-1 text-sm"
              data-testid="due-export"
            >
              Export CSV
            </a>
          </div>
          <DueTable
            rows={rows}
            evaluatedAt={first!.evaluated_at}
            view={view}
            onSort={(sort, order) => show({ ...view, sort, order })}
          />
          <MoreRows
            loaded={rows.length}
            total={first!.total}
            loading={due.isFetchingNextPage}
            hasMore={due.hasNextPage}
            loadMore={() => void due.fetchNextPage()}
            failed={due.isFetchNextPageError ? due.error : null}
          />
        </>
      )}
    </div>
  );
}

/** The programs the states are measured against: as the fleet's history taught them, or as staff set them. */
function ProgramsLine({ programs }: { programs: Program[] | undefined }) {
  if (!programs) return null;
  if (programs.length === 0)
    return (
      <p className="text-sm">
        No task type recurs regularly enough in the fleet&apos;s history to learn a program from.{" "}
        <Link href="/due/programs" className="underline underline-offset-2">
          Set programs
        </Link>
      </p>
    );
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span data-testid="programs-line">
        Programs in effect:{" "}
        {programs
          .map((program) => `${taskTypeLabel(program.task_type)} every ${intervalWords(program)}`)
          .join(" · ")}
      </span>{" "}
      <Link href="/due/programs" className="underline underline-offset-2">
        Change programs
      </Link>{" "}
      ·{" "}
      <Link href="/compliance" className="underline underline-offset-2">
        How often they are done on time
      </Link>{" "}
      ·{" "}
      <Link href="/vehicles" className="underline underline-offset-2">
        All vehicles
      </Link>
    </p>
  );
}
