"use client";
import { useQuery } from "@tanstack/react-query";
import type { MirrorStatus } from "./api-types";
import { DashboardApiError } from "./dashboard-api";
import { mirrorStatusQuery, mirrorStillFilling } from "./task-queries";

// Status, several values in a list, sorting by anything but Started alone and the quick search
// are answered only by the task mirror. While it fills (or where it does not reach), the controls
// for them say why they wait, with the sync's progress, and the table goes on with the rest live.

export interface MirrorReadiness {
  /** Why what needs the mirror has to wait, in words for staff; undefined when it need not. */
  waiting: string | undefined;
}

const POLL_MS = 5_000;

/**
 * `source` is who answered the list's first page; `listError` its failure, if any. A page from
 * the mirror settles it; a live one (or a mirror_not_ready refusal) asks /api/mirror how far the
 * sync is, every few seconds until it has synced every window.
 */
export function useMirrorReadiness(
  source: "mirror" | "live" | undefined,
  listError: unknown,
): MirrorReadiness {
  const refused = listError instanceof DashboardApiError && listError.code === "mirror_not_ready";
  const unsure = source === "live" || refused;
  const status = useQuery({
    ...mirrorStatusQuery,
    enabled: unsure,
    refetchInterval: (query) => (mirrorStillFilling(query.state.data) ? POLL_MS : false),
  });
  if (!unsure) return { waiting: undefined };
  if (refused) return { waiting: listError.message };
  return { waiting: mirrorWaitWords(status.data) };
}

export function mirrorWaitWords(status: MirrorStatus | undefined): string {
  if (!status) return "Waits for the synced copy of the tasks.";
  if (!status.enabled) return "Needs the synced copy of the tasks, which this dashboard does not keep.";
  const { synced, total } = status.windows;
  if (synced < total) {
    const percent = total > 0 ? Math.floor((synced / total) * 100) : 0;
    return `Waits for the synced copy of the tasks: ${synced.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} windows synced (${percent}%).`;
  }
  return "Needs the synced copy of the tasks, which does not cover this time window.";
}
