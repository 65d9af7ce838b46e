"use client";
import { ErrorNotice } from "@/components/error-notice";
import { MirrorFillingNotice } from "@/components/mirror-filling-notice";
import { formatInZone } from "@/lib/client/time-format";
import type { CountsState } from "./use-location-counts";

// One line above the table on where its counts stand: how fresh, still filling, failed or off.
export function CountsNote({ counts }: { counts: CountsState }) {
  switch (counts.state) {
    case "ready":
      return (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="counts-as-of">
          Task counts as of{" "}
          {counts.asOf ? <time dateTime={counts.asOf}>{formatInZone(counts.asOf, "UTC")}</time> : "now"}, from
          the dashboard&apos;s copy of the tasks. Today and 7 days are in each location&apos;s own days, and
          count every task of those days, those still scheduled later today too.
        </p>
      );
    case "filling":
      return <MirrorFillingNotice message={counts.message} what="Counting tasks per location" />;
    case "failed":
      return (
        <ErrorNotice
          error={counts.error}
          fallback="The task counts could not be loaded."
          onRetry={counts.retry}
        />
      );
    case "off":
      return (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="counts-off">
          Task counts need the dashboard&apos;s copy of the tasks, which is off here.
        </p>
      );
    default:
      return (
        <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
          Counting tasks…
        </p>
      );
  }
}
