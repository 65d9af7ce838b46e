"use client";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { mirrorStatusQuery } from "@/lib/client/task-queries";
import { agoText } from "@/lib/client/mirror-freshness";
import type { ShownAsOf } from "@/lib/client/shown-freshness";
import { useNow } from "@/lib/client/use-now";

// What /api/mirror says, for a person who wants to know how fresh the data is and why.

function when(iso: string | null | undefined, now: number): string {
  if (!iso) return "never";
  return `${agoText(Date.parse(iso), now)} ago (${iso.slice(0, 16).replace("T", " ")} UTC)`;
}

export default function MirrorDetails({ shown }: { shown?: ShownAsOf | undefined }) {
  const { data } = useQuery(mirrorStatusQuery);
  const now = useNow(true);
  if (!data) return null;
  if (!data.enabled) {
    return (
      <p data-testid="mirror-off">
        {data.setting === "off"
          ? "The dashboard reads every page live from the task service (its copy of the tasks is off)."
          : "The dashboard's copy of the tasks could not open on this instance; pages are read live. Its log says why."}
      </p>
    );
  }
  const rows: [string, ReactNode][] = [
    ...(shown
      ? ([
          [
            "Oldest on this page",
            <span key="shown" data-testid="oldest-shown">
              {shown.part}, as of {when(new Date(shown.asOfMs).toISOString(), now)}
            </span>,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      "How changes arrive",
      data.mode === "change_feed"
        ? `The service's change feed, caught up ${when(data.change_feed.as_of, now)}`
        : data.change_feed.offered === false
          ? "Re-reading windows (the service offers no change feed)"
          : "Re-reading windows",
    ],
    [
      "Windows synced",
      `${data.windows.synced.toLocaleString("en-US")} of ${data.windows.total.toLocaleString("en-US")}`,
    ],
    [
      "Recent days (hot)",
      `${data.hot.synced} of ${data.hot.total}, oldest ${when(data.hot.oldest_as_of, now)}`,
    ],
    [
      "Older days (cold)",
      `${data.cold.synced} of ${data.cold.total}, oldest ${when(data.cold.oldest_as_of, now)}`,
    ],
    ["Tasks held", data.rows.toLocaleString("en-US")],
    [
      "Covers",
      data.horizon ? `${data.horizon.from.slice(0, 10)} to ${data.horizon.to.slice(0, 10)}` : "not set yet",
    ],
    [
      "Syncing instance",
      data.leader ? `${data.leader.instance}, since ${when(data.leader.since, now)}` : "none",
    ],
    [
      "Service calls by the sync",
      `${data.sync_calls.last_minute} last minute, ${data.sync_calls.last_hour} last hour`,
    ],
    [
      "Last error",
      data.last_error ? (
        <span key="error" className="text-red-800 dark:text-red-300">
          {data.last_error.message} ({when(data.last_error.at, now)})
        </span>
      ) : (
        "none"
      ),
    ],
  ];
  return (
    <>
      <p className="mb-2">The dashboard keeps a copy of the tasks, synced from the task service.</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
