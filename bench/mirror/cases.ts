import type { Task } from "@/lib/server/upstream/http/vts-schemas";

// What bench:mirror times: a 100-row page with its exact total for each filter and each sort, page
// 1 against a page 100,000 rows deep, and the summary of 7, 30 and 92 days. Filter values are
// taken from the data (a busy location, a vehicle that has tasks, a VIN fragment), so none is empty.

const DAY_MS = 86_400_000;

export interface PageCase {
  kind: "page";
  name: string;
  params: URLSearchParams;
  /** Rows to skip before the measured page (through a keyset cursor, never an offset). */
  depth: number;
}

export interface SummaryCase {
  kind: "summary";
  name: string;
  params: URLSearchParams;
}

export type BenchCase = PageCase | SummaryCase;

function windowParams(endMs: number, days: number, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    from: new Date(endMs - days * DAY_MS).toISOString(),
    to: new Date(endMs).toISOString(),
    ...extra,
  });
}

/** `depth`: how deep the deep pages are (100,000 at a million tasks). */
export function benchCases(tasks: readonly Task[], endMs: number, depth: number): BenchCase[] {
  const deep = `${depth.toLocaleString("en-US")} deep`;
  const sample = tasks[Math.floor(tasks.length / 2)] as Task;
  const page = (name: string, days: number, extra: Record<string, string> = {}, depth = 0): PageCase => ({
    kind: "page",
    name,
    params: windowParams(endMs, days, extra),
    depth,
  });
  const summary = (days: number): SummaryCase => ({
    kind: "summary",
    name: `summary ${days} d (America/Denver)`,
    params: windowParams(endMs, days, { tz: "America/Denver" }),
  });
  return [
    page("7 d, no filter", 7),
    page("30 d, no filter", 30),
    page("92 d, no filter", 92),
    page("30 d, location_id (1)", 30, { location_id: "loc_den_airport" }),
    page("30 d, location_id (3)", 30, { location_id: "loc_den_airport,loc_lax_airport,loc_bos_back_bay" }),
    page("30 d, task_type (2)", 30, { task_type: "oil_change,tire_rotation" }),
    page("30 d, status=completed", 30, { status: "completed" }),
    page("30 d, status=cancelled,in_progress", 30, { status: "cancelled,in_progress" }),
    page("92 d, mva (1)", 92, { mva: sample.mva }),
    page("92 d, vehicle_id (1)", 92, { vehicle_id: sample.vehicle_id }),
    page("30 d, q=denver", 30, { q: "denver" }),
    page("92 d, q=VIN fragment", 92, { q: (sample.vin ?? "1HGCM8").slice(9, 15) }),
    ...(["task_type", "status", "mva", "vehicle_id", "location", "odometer_miles"] as const).map((sort) =>
      page(`30 d, sort=${sort}`, 30, { sort }),
    ),
    page("30 d, sort=location desc", 30, { sort: "location", order: "desc" }),
    page("92 d, started_at, page 1", 92),
    page(`92 d, started_at, ${deep}`, 92, {}, depth),
    page("92 d, sort=location, page 1", 92, { sort: "location" }),
    page(`92 d, sort=location, ${deep}`, 92, { sort: "location" }, depth),
    page("92 d, sort=odometer desc, page 1", 92, { sort: "odometer_miles", order: "desc" }),
    page(`92 d, sort=odometer desc, ${deep}`, 92, { sort: "odometer_miles", order: "desc" }, depth),
    summary(7),
    summary(30),
    summary(92),
  ];
}
