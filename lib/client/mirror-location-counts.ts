import { zoneParts } from "@/lib/time/zone-parts";
import { zoneMidnight } from "@/lib/time/zone-midnight";
import type { TaskSummary } from "./api-types";
import { DAY_MS } from "@/contract/query/day";
import { IN_PROGRESS_DAYS } from "@/contract/query/in-progress";

// /locations' counts (tasks today, in the last 7 days, in progress now) from as few summary
// requests as the counts allow. "Today" is each location's own day, so locations are grouped by
// time zone: a zone of one location needs one request (its days in its zone give both counts);
// a zone of several needs two (today, and the 7 days), both read per location from by_location.
// In progress is one request for every location at once.

/** Ids per list parameter, as the API allows. */
const MAX_LIST = 50;

export interface CountedLocation {
  id: string;
  timezone: string;
}

export type CountKind = "today" | "week" | "today_and_week" | "in_progress";

export interface CountRequest {
  kind: CountKind;
  /** The location the request's days are counted for (today_and_week only). */
  locationId?: string;
  /** The day "today" is in the request's zone, "2026-11-26". */
  today?: string;
  query: URLSearchParams;
}

export interface LocationCounts {
  today: number;
  week: number;
  inProgress: number;
}

/** The window [first day's midnight, the day after today's midnight) of the last `days` days in a zone. */
export function zoneDays(
  now: Date,
  timeZone: string,
  days: number,
): { from: string; to: string; today: string } {
  const parts = zoneParts(now, timeZone, "longOffset");
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  return {
    from: zoneMidnight(year, month, day - (days - 1), timeZone).toISOString(),
    to: zoneMidnight(year, month, day + 1, timeZone).toISOString(),
    today: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/**
 * The moment the counts are asked for: `counted` while every location's day is the same at `now`,
 * else `now`. The requests' keys hold between ticks, and a page left open past a location's
 * midnight counts that location's new day, as its local time beside the counts already shows.
 */
export function countingMoment(counted: Date, now: Date, locations: readonly CountedLocation[]): Date {
  const zones = new Set(locations.map((location) => location.timezone));
  for (const timeZone of zones) {
    if (zoneDays(counted, timeZone, 1).today !== zoneDays(now, timeZone, 1).today) return now;
  }
  return counted;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The horizon the mirror holds, when known: the in-progress window stays inside it. */
export interface Span {
  from: string;
  to: string;
}

export function locationCountRequests(
  locations: readonly CountedLocation[],
  now: Date,
  horizon?: Span | null,
): CountRequest[] {
  const byZone = new Map<string, string[]>();
  for (const location of locations) {
    const ids = byZone.get(location.timezone) ?? [];
    ids.push(location.id);
    byZone.set(location.timezone, ids);
  }
  const requests: CountRequest[] = [];
  for (const [timeZone, ids] of [...byZone].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const week = zoneDays(now, timeZone, 7);
    const today = zoneDays(now, timeZone, 1);
    if (ids.length === 1) {
      requests.push({
        kind: "today_and_week",
        locationId: ids[0],
        today: week.today,
        query: new URLSearchParams({ from: week.from, to: week.to, location_id: ids[0]!, tz: timeZone }),
      });
      continue;
    }
    for (const group of chunks(ids, MAX_LIST)) {
      const location_id = group.join(",");
      requests.push({
        kind: "week",
        query: new URLSearchParams({ from: week.from, to: week.to, location_id }),
      });
      requests.push({
        kind: "today",
        query: new URLSearchParams({ from: today.from, to: today.to, location_id }),
      });
    }
  }
  if (locations.length > 0) {
    let to = now.getTime() + DAY_MS;
    let from = now.getTime() - IN_PROGRESS_DAYS * DAY_MS;
    if (horizon) {
      to = Math.min(to, Date.parse(horizon.to));
      from = Math.max(from, Date.parse(horizon.from));
    }
    requests.push({
      kind: "in_progress",
      query: new URLSearchParams({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        status: "in_progress",
      }),
    });
  }
  return requests;
}

/** Every location's counts from the answers (in the order of `requests`), and the oldest as-of. */
export function mergeLocationCounts(
  locations: readonly CountedLocation[],
  requests: readonly CountRequest[],
  answers: readonly TaskSummary[],
): { counts: Map<string, LocationCounts>; asOf: string | undefined } {
  const counts = new Map<string, LocationCounts>(
    locations.map((location) => [location.id, { today: 0, week: 0, inProgress: 0 }]),
  );
  let asOf: string | undefined;
  requests.forEach((request, i) => {
    const answer = answers[i];
    if (!answer) return;
    if (!asOf || Date.parse(answer.as_of) < Date.parse(asOf)) asOf = answer.as_of;
    if (request.kind === "today_and_week") {
      const entry = request.locationId ? counts.get(request.locationId) : undefined;
      if (!entry) return;
      entry.week = answer.total;
      entry.today = answer.by_day.find((day) => day.day === request.today)?.total ?? 0;
      return;
    }
    for (const location of answer.by_location) {
      const entry = counts.get(location.id);
      if (!entry) continue;
      if (request.kind === "today") entry.today = location.total;
      else if (request.kind === "week") entry.week = location.total;
      else entry.inProgress = location.total;
    }
  });
  return { counts, asOf };
}
