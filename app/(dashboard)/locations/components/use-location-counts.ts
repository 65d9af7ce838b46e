"use client";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { Location } from "@/lib/client/api-types";
import { mirrorFilling, mirrorStatusQuery } from "@/lib/client/task-queries";
import { taskSummaryQuery } from "@/lib/client/view-queries";
import {
  countingMoment,
  locationCountRequests,
  mergeLocationCounts,
  type LocationCounts,
} from "@/lib/client/mirror-location-counts";

export type CountsState =
  | { state: "off" }
  | { state: "loading" }
  | { state: "filling"; message: string }
  | { state: "failed"; error: Error; retry: () => void }
  | { state: "ready"; counts: Map<string, LocationCounts>; asOf: string | undefined };

// The counts beside each location, from the task mirror's summaries: asked once the mirror's
// state is known (its horizon bounds the in-progress window, and a mirror that is off is not
// asked at all), with "now" held so the requests keep their keys until a location's day turns.
export function useLocationCounts(locations: readonly Location[] | undefined, nowMs: number): CountsState {
  const [now, setNow] = useState(() => new Date(nowMs));
  const moment = locations ? countingMoment(now, new Date(nowMs), locations) : now;
  if (moment !== now) setNow(moment);
  const status = useQuery(mirrorStatusQuery);
  const enabled = status.data?.enabled === true;
  const horizon = status.data?.enabled ? status.data.horizon : undefined;
  const requests = useMemo(
    () => (enabled && locations ? locationCountRequests(locations, now, horizon) : []),
    [enabled, locations, now, horizon],
  );
  const answers = useQueries({ queries: requests.map((request) => taskSummaryQuery(request.query)) });

  if (status.data && !status.data.enabled) return { state: "off" };
  if (!locations || !status.data) return { state: "loading" };
  const failed = answers.find((answer) => answer.isError);
  if (failed?.error)
    return { state: "failed", error: failed.error, retry: () => answers.forEach((a) => void a.refetch()) };
  const filling = answers.find((answer) => mirrorFilling(answer.failureReason));
  if (filling && mirrorFilling(filling.failureReason))
    return { state: "filling", message: filling.failureReason.message };
  if (answers.some((answer) => !answer.data)) return { state: "loading" };
  const merged = mergeLocationCounts(
    locations,
    requests,
    answers.map((answer) => answer.data!),
  );
  return { state: "ready", ...merged };
}
