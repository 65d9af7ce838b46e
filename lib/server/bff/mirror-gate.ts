import "server-only";
import { splitListParam } from "@/contract/query/list-param";
import { isDatabaseUnavailable } from "@/platform/sql/sql-db";
import { DashboardError } from "../dashboard-error";
import { dashboardLogger } from "../log";
import { LIST_FILTERS, type MirrorSql } from "../mirror";
import type { DashboardBackend } from "./dashboard-backend";
import { mirrorUnreachable } from "./upstream-failure";

// Decides who answers a request: the mirror when it holds every window of the request, else the
// live path, or, for a request only the mirror can answer, a refusal that says why.

/** Seconds a browser waits before asking again while the mirror fills (a walk takes a few). */
export const MIRROR_RETRY_SECONDS = 5;

export type Gate = { source: "mirror"; sql: MirrorSql; asOf: Date } | { source: "live" };

export async function mirrorGate(
  backend: DashboardBackend,
  window: { from: string; to: string } | "horizon",
  mirrorOnly: boolean,
): Promise<Gate> {
  const mirror = backend.mirror;
  if (!mirror) {
    if (mirrorOnly) throw mirrorAbsent(backend);
    return { source: "live" };
  }
  // People look here: the sync walks these windows first. A whole-horizon read (a vehicle's
  // history) notes the days of what it shows once it has read them (noteShown).
  if (window !== "horizon") noteQuietly(mirror.noteViewed(new Date(window.from), new Date(window.to)));
  let coverage;
  try {
    coverage = await mirror.coverage(window === "horizon" ? "horizon" : { from: window.from, to: window.to });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    dashboardLogger().warn({ err: error }, "mirror: its database cannot be reached; answering without it");
    if (!mirrorOnly) return { source: "live" };
    throw mirrorUnreachable();
  }
  if (coverage.state === "ready") return { source: "mirror", sql: mirror.db, asOf: coverage.asOf };
  if (!mirrorOnly) return { source: "live" };
  if (coverage.state === "not_ready")
    throw new DashboardError("mirror_not_ready", coverage.message, {
      retryAfterSeconds: MIRROR_RETRY_SECONDS,
    });
  throw new DashboardError(
    "invalid_request",
    "This window lies outside the task mirror's horizon: status, lists, search and any sort but by start alone work inside it only.",
  );
}

function mirrorAbsent(backend: DashboardBackend): DashboardError {
  if (backend.env.MIRROR === "off")
    return new DashboardError(
      "invalid_request",
      "The task mirror is off on this dashboard (MIRROR=off): status, lists, search, any sort but by start alone, summaries and vehicles need it.",
    );
  // On but not opened (logged at start): a fault of this instance, which a restart may mend.
  return new DashboardError(
    "mirror_not_ready",
    "The task mirror is not available on this dashboard instance.",
    {
      retryAfterSeconds: MIRROR_RETRY_SECONDS * 6,
    },
  );
}

/** "Tasks at these instants are on someone's screen": their windows are walked first. */
export function noteShown(backend: DashboardBackend, instants: readonly string[]): void {
  if (backend.mirror) noteQuietly(backend.mirror.noteViewedAt(instants));
}

// A failed note costs only that (the windows come in their usual turn), so the request does not
// wait for it or fail with it.
function noteQuietly(noting: Promise<void>): void {
  noting.catch((error: unknown) =>
    dashboardLogger().debug({ err: error }, "mirror: a view not noted; its windows sync in their turn"),
  );
}

/** Freshness of an answer from the mirror: when the oldest window it read was walked. */
export function mirrorFreshness(asOf: Date): Record<string, string> {
  return { "x-data-fetched-at": asOf.toISOString(), "x-data-stale": "false" };
}

// Which requests only the mirror can answer: the service has no status filter, no lists, no search
// and no sort but by start alone (one key), so such a request is never sent to it (it would be
// answered wrongly).

export function needsMirror(url: URL): boolean {
  const params = url.searchParams;
  if (params.has("status") || params.has("q")) return true;
  if ((params.get("sort") ?? "started_at") !== "started_at") return true;
  return LIST_FILTERS.some((name) => splitListParam(params.get(name) ?? "").length > 1);
}

/**
 * The same URL as the live path reads it: `sort=started_at` is its only order, so it is dropped,
 * and a single filter value is passed on as it reads ("Oil\, filter" is the type "Oil, filter").
 */
export function liveUrl(url: URL): URL {
  const live = new URL(url);
  live.searchParams.delete("sort");
  for (const name of LIST_FILTERS) {
    const text = live.searchParams.get(name);
    if (text !== null) live.searchParams.set(name, splitListParam(text)[0]!);
  }
  return live;
}
