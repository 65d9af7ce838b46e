"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { dueSummaryQuery } from "@/lib/client/maintenance-queries";
import { locationsQuery, mirrorStatusQuery } from "@/lib/client/task-queries";
import { locationsByName } from "@/lib/client/location-order";
import { locationMatches } from "@/lib/client/location-search";
import { formatInZone } from "@/lib/client/time-format";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { useNow } from "@/lib/client/use-now";
import { CountsNote } from "./counts-note";
import { useLocationCounts } from "./use-location-counts";

/** Columns a phone's width has no room for; their values are shown in the name's cell there. */
const WIDE_ONLY = "hidden sm:table-cell";
const COLUMNS = [
  { label: "Location", wide: false },
  { label: "ID", wide: true },
  { label: "Address", wide: false },
  { label: "Time zone", wide: true },
  { label: "Local time now", wide: false },
];
/** The task counts' columns; on a phone the counts go under the name with the ID and zone. */
const COUNT_COLUMNS = [
  { label: "Today", title: "Tasks of today in the location's own day, those scheduled for later today too" },
  { label: "7 days", title: "Tasks started in the last 7 days, today included, in the location's own days" },
  { label: "In progress", title: "Tasks in progress now (started within the last 30 days)" },
];

const OVERDUE_COLUMN = {
  label: "Overdue",
  title:
    "Maintenance programs overdue on vehicles last worked on here (a vehicle with two overdue counts twice)",
};

// Every branch with the time there now (a branch's "today" is what staff there mean) and its
// tasks today, in the last 7 days and in progress now, each row opening its tasks.
export function LocationList() {
  const locations = useQuery(locationsQuery);
  const [search, setSearch] = useState("");
  // Undefined while the server renders and the browser hydrates: the server's zone and moment are not
  // the reader's.
  const inBrowser = useInBrowser();
  const nowMs = useNow(true, 30_000);
  const now = inBrowser ? new Date(nowMs) : undefined;
  const counts = useLocationCounts(locations.data, nowMs);
  const mirrorStatus = useQuery(mirrorStatusQuery);
  const mirrorOn = mirrorStatus.data?.enabled === true;
  const due = useQuery({ ...dueSummaryQuery, enabled: mirrorOn });
  // The counts wait on the mirror's status, then on the due summary: either failing is said, with
  // a retry, rather than dashes for good.
  const countsFailed = mirrorStatus.isError ? mirrorStatus : due.isError ? due : undefined;
  const overdue = useMemo(
    () => new Map((due.data?.by_location ?? []).map((counts) => [counts.location_id, counts.overdue])),
    [due.data],
  );
  const shown = useMemo(
    () => locationsByName(locations.data ?? []).filter((location) => locationMatches(location, search)),
    [locations.data, search],
  );

  if (locations.isPending) return <p role="status">Loading locations…</p>;
  if (locations.isError) {
    return (
      <ErrorNotice
        error={locations.error}
        fallback="The locations could not be loaded."
        onRetry={() => void locations.refetch()}
      />
    );
  }

  return (
    <>
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        Search locations
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="rounded border border-slate-400 bg-transparent px-2 py-1 font-normal"
        />
      </label>
      <CountsNote counts={counts} />
      {countsFailed && (
        <ErrorNotice
          error={countsFailed.error}
          fallback="The counts could not be loaded."
          onRetry={() => void countsFailed.refetch()}
        />
      )}
      <table className="w-full max-w-6xl border-collapse text-left text-sm" data-testid="location-table">
        <caption className="sr-only">Locations, with the local time and the task counts at each</caption>
        <thead className="bg-slate-100 dark:bg-slate-900">
          <tr>
            {COLUMNS.map(({ label, wide }) => (
              <th key={label} scope="col" className={`px-2 py-2 font-semibold ${wide ? WIDE_ONLY : ""}`}>
                {label}
              </th>
            ))}
            {[...COUNT_COLUMNS, OVERDUE_COLUMN].map(({ label, title }) => (
              <th
                key={label}
                scope="col"
                title={title}
                className={`px-2 py-2 text-right font-semibold ${WIDE_ONLY}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((location) => (
            // The name's link stretches over its row (the ::after box), so a click anywhere on the
            // row opens the tasks while there is still one plain link: one tab stop, middle-click
            // opens a new tab, and no interactive element sits inside another.
            <tr
              key={location.id}
              data-location-id={location.id}
              className="group relative border-b border-slate-200 focus-within:bg-slate-50 hover:bg-slate-50 dark:border-slate-800 dark:focus-within:bg-slate-900 dark:hover:bg-slate-900"
            >
              <td className="px-2 py-1.5">
                <Link
                  href={`/tasks?location_id=${encodeURIComponent(location.id)}`}
                  className="font-medium underline underline-offset-2 after:absolute after:inset-0 group-hover:decoration-2"
                >
                  {location.name}
                </Link>
                {/* On a phone the ID and zone columns give way; their values stay, under the name. */}
                <span className="block font-mono text-xs wrap-anywhere text-slate-600 sm:hidden dark:text-slate-400">
                  {location.id}
                </span>
                <span className="block text-xs wrap-anywhere text-slate-600 sm:hidden dark:text-slate-400">
                  {location.timezone}
                </span>
                {counts.state === "ready" && (
                  <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                    Today {counts.counts.get(location.id)?.today ?? 0} · 7 days{" "}
                    {counts.counts.get(location.id)?.week ?? 0} · in progress{" "}
                    {counts.counts.get(location.id)?.inProgress ?? 0}
                  </span>
                )}
              </td>
              {/* Short values stay on one line: "UTC-03:00" broken after its hyphen reads as two. */}
              <td className={`px-2 py-1.5 font-mono text-xs whitespace-nowrap ${WIDE_ONLY}`}>
                {location.id}
              </td>
              <td className="px-2 py-1.5">{location.address}</td>
              <td className={`px-2 py-1.5 whitespace-nowrap ${WIDE_ONLY}`}>{location.timezone}</td>
              {/* A phone may break it, and the cell is wide enough for the date to stay whole. */}
              <td className="min-w-26 px-2 py-1.5 tabular-nums sm:whitespace-nowrap" suppressHydrationWarning>
                {now ? formatInZone(now, location.timezone) : ""}
              </td>
              {(["today", "week", "inProgress"] as const).map((kind) => (
                <td
                  key={kind}
                  className={`px-2 py-1.5 text-right tabular-nums ${WIDE_ONLY}`}
                  data-testid={`count-${kind}`}
                >
                  {counts.state === "ready"
                    ? (counts.counts.get(location.id)?.[kind] ?? 0).toLocaleString("en-US")
                    : "–"}
                </td>
              ))}
              <td className={`px-2 py-1.5 text-right tabular-nums ${WIDE_ONLY}`} data-testid="count-overdue">
                {due.data ? (
                  // Above the row's stretched link, so this one opens what is overdue here.
                  <Link
                    href={`/due?state=overdue&location_id=${encodeURIComponent(location.id)}`}
                    className="relative z-10 underline underline-offset-2"
                  >
                    {(overdue.get(location.id) ?? 0).toLocaleString("en-US")}
                  </Link>
                ) : (
                  "–"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p>No location matches “{search}”.</p>}
    </>
  );
}
