"use client";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo, type ReactNode } from "react";
import { DashboardApiError } from "@/lib/client/dashboard-api";
import { rangeAround } from "@/lib/client/related-range";
import { parseTaskFilters, withTaskFilters, type TaskFilters } from "@/lib/client/task-filters";
import { listParams, locationsQuery, taskListQuery, uniqueRows } from "@/lib/client/task-queries";
import { loadedTask, taskQuery } from "@/lib/client/view-queries";
import { stableWindow } from "@/lib/client/stable-window";
import { calendarZone, parseTableView, rememberedView } from "@/lib/client/table-view";
import { useRetryWait } from "@/lib/client/use-retry-countdown";
import { formatInZone } from "@/lib/client/time-format";
import { isoInZone } from "@/lib/time/zoned-iso";
import { ErrorNotice } from "@/components/error-notice";
import { BudgetWaitNotice, ServiceWaitNotice } from "@/components/wait-notices";
import { StatusBadge } from "./status-badge";

// One task, everything about it: shown at once from a row the table already loaded, fetched
// only when it was not loaded or is older than a minute. The drawer and the page share this.
export function TaskDetail({ id, headingLevel }: { id: string; headingLevel: "h1" | "h2" }) {
  const client = useQueryClient();
  const params = useSearchParams();
  const loaded = useMemo(() => loadedTask(client, id), [client, id]);
  const task = useQuery({
    ...taskQuery(id),
    ...(loaded ? { initialData: loaded.task, initialDataUpdatedAt: loaded.updatedAt } : {}),
  });
  const locations = useQuery(locationsQuery);
  const neighbours = useNeighbours(id, params);
  // A 503 upstream_busy (after its Retry-After) and a service that did not answer (a few times,
  // task-queries.ts) are retried by themselves: say what the task waits for, and how long.
  const waiting = useRetryWait(task.failureReason, task.failureCount, task.fetchStatus === "fetching");
  const Heading = headingLevel;
  const listHref = `/tasks${params.size > 0 ? `?${params.toString()}` : ""}`;

  if (task.isPending) {
    return (
      <div className="flex flex-col gap-2">
        <p role="status">Loading task {id}…</p>
        {waiting?.budget && <BudgetWaitNotice seconds={waiting.seconds} />}
        {waiting && !waiting.budget && (
          <ServiceWaitNotice message={waiting.message} seconds={waiting.seconds} />
        )}
      </div>
    );
  }
  if (task.isError) {
    const notFound = task.error instanceof DashboardApiError && task.error.status === 404;
    return (
      <article className="flex flex-col gap-4" data-testid="task-detail-error">
        <Heading tabIndex={-1} id="task-detail-heading" className="text-xl font-semibold">
          Task <span className="font-mono">{id}</span>
        </Heading>
        <ErrorNotice
          error={task.error}
          fallback="The task could not be loaded."
          onRetry={notFound ? undefined : () => void task.refetch()}
        />
        <Link className="text-sm underline" href={listHref}>
          Back to the tasks
        </Link>
      </article>
    );
  }

  const data = task.data;
  const location = locations.data?.find((candidate) => candidate.id === data.location.id);
  const zone = location?.timezone;
  const filterLink = (change: Partial<TaskFilters>) => {
    const current = parseTaskFilters(params);
    const filters = {
      ...current,
      ...rangeAround(data.started_at, current, stableWindow(current, listZone(params)), new Date()),
      status: undefined,
      location_id: undefined,
      mva: undefined,
      vehicle_id: undefined,
      task_type: undefined,
      q: undefined,
    };
    const next = withTaskFilters(params, { ...filters, ...change });
    return `/tasks?${next.toString()}`;
  };
  const fields: [string, ReactNode][] = [
    [
      "Task ID",
      <span className="font-mono" key="id">
        {data.id}
      </span>,
    ],
    ["Task type", data.task_type],
    ["Status", <StatusBadge key="status" status={data.status} />],
    [
      "Started (location time)",
      zone ? `${formatInZone(data.started_at, zone)} · ${isoInZone(data.started_at, zone)}` : "…",
    ],
    ["Started (UTC)", data.started_at],
    ["MVA", data.mva],
    ["Vehicle", data.vehicle_id],
    ["VIN", data.vin ?? "not recorded"],
    ["Odometer", `${data.odometer_miles.toLocaleString("en-US")} mi`],
    ["Location", `${data.location.name} (${data.location.id})`],
    ["Address", location?.address ?? "…"],
    ["Time zone", zone ?? "…"],
  ];

  return (
    <article className="flex flex-col gap-4" data-testid="task-detail" data-task-id={data.id}>
      {/* A task opened as a page (a shared link) has no list behind it to close back to. */}
      {headingLevel === "h1" && (
        <Link className="text-sm underline" href={listHref}>
          ← Back to the tasks
        </Link>
      )}
      <Heading tabIndex={-1} id="task-detail-heading" className="text-xl font-semibold">
        {taskTypeTitle(data.task_type)} · MVA {data.mva}
      </Heading>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label="Related tasks" className="flex flex-wrap gap-4 text-sm">
        <Link className="underline" href={`/vehicles/${encodeURIComponent(data.vehicle_id)}`}>
          This vehicle&apos;s history
        </Link>
        <Link className="underline" href={filterLink({ vehicle_id: [data.vehicle_id] })}>
          Other tasks for this vehicle
        </Link>
        <Link className="underline" href={filterLink({ mva: [data.mva] })}>
          Other tasks for this MVA
        </Link>
      </nav>
      {neighbours && (
        <nav aria-label="Loaded tasks" className="flex gap-3 text-sm">
          {neighbours.previous ? (
            <Link replace scroll={false} className="underline" href={neighbours.href(neighbours.previous)}>
              ← Previous task
            </Link>
          ) : (
            <span className="text-slate-500 dark:text-slate-400">First loaded task</span>
          )}
          {neighbours.next ? (
            <Link replace scroll={false} className="underline" href={neighbours.href(neighbours.next)}>
              Next task →
            </Link>
          ) : (
            <span className="text-slate-500 dark:text-slate-400">Last loaded task</span>
          )}
        </nav>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer">Raw JSON</summary>
        {/* It scrolls, so a keyboard user needs to reach it, and a dialog's focus trap counts it. */}
        <pre
          tabIndex={0}
          className="mt-2 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-900"
          data-testid="raw-json"
        >
          {JSON.stringify(data, null, 2)}
        </pre>
      </details>
    </article>
  );
}

/** The zone the list's calendar ranges were counted in, so its window (and cached pages) match. */
function listZone(params: URLSearchParams): string {
  return calendarZone(parseTableView(params, rememberedView()).zone);
}

/** The tasks before and after this one in the list it was opened from, if that list is loaded. */
function useNeighbours(id: string, params: URLSearchParams) {
  const filters = parseTaskFilters(params);
  const list = useInfiniteQuery({
    ...taskListQuery(listParams(filters, stableWindow(filters, listZone(params)))),
    enabled: false,
  });
  const rows = useMemo(() => uniqueRows(list.data?.pages), [list.data]);
  const index = rows.findIndex((task) => task.id === id);
  if (index < 0) return undefined;
  const search = params.toString();
  return {
    previous: rows[index - 1]?.id,
    next: rows[index + 1]?.id,
    href: (neighbour: string) => `/tasks/${encodeURIComponent(neighbour)}${search ? `?${search}` : ""}`,
  };
}

/** "oil_change" as a heading reads "Oil change"; the field below keeps the value as sent. */
function taskTypeTitle(type: string): string {
  const words = type.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
