// What the simulated staff do, drawn from a seeded generator so both arms replay the same script.
// A person sets filters (a visit), loads the first page, scrolls on by next_cursor with think time,
// sometimes opens a task, then picks other filters. Some visits repeat one of a few popular views.
import { Rng, hash32, seedKey } from "../../platform/prng";
import { TASK_TYPE_NAMES } from "../../task-service/src/sandbox/task-types";

const DAY_MS = 86_400_000;

/** What the workload draws filter values from: the service's own locations and vehicles. */
export interface Catalog {
  locationIds: readonly string[];
  mvas: readonly string[];
  vehicleIds: readonly string[];
  /** UTC midnight of the run's day: windows are whole days, so equal choices give equal queries. */
  todayMs: number;
}

export type Filters = Record<string, string>;

export interface Visit {
  filters: Filters;
  popular: boolean;
  /** Pages to load if the results go on: 1 (just the first) to 1 + MAX_SCROLLS. */
  pages: number;
  /** Before page 2, 3, ...: the time spent reading the page before it. */
  thinkMs: number[];
  /** Per page: which row to open (a fraction of the page's rows), or undefined for none. */
  openRow: (number | undefined)[];
  /** Before opening a row. */
  openThinkMs: number[];
  /** After the visit, choosing the next filters. */
  restMs: number;
}

export const WORKLOAD = {
  /** The tasks table's page size (lib/client/task-queries.ts). */
  pageLimit: 100,
  popularShare: 0.3,
  /** Chance of scrolling on after each page. */
  scrollOn: 0.65,
  maxScrolls: 8,
  openRowChance: 0.15,
  thinkMs: [500, 3_000],
  restMs: [3_000, 12_000],
  /** People do not all arrive at once. */
  arrivalMs: [0, 10_000],
} as const;

function windowOf(todayMs: number, fromDay: number, toDay: number): { from: string; to: string } {
  const iso = (day: number) => new Date(todayMs + day * DAY_MS).toISOString();
  return { from: iso(fromDay), to: iso(toDay) };
}

/** From (inclusive) and to (exclusive) in days from today: the windows a filter bar offers. */
const WINDOWS: readonly (readonly [number, number])[] = [
  [0, 1], // today
  [-1, 0], // yesterday
  [1, 2], // tomorrow
  [-6, 1], // last 7 days
  [0, 7], // next 7 days
  [-29, 1], // last 30 days
];

/** The views many people open: the default table and a few shared bookmarks. */
export function popularFilters(catalog: Catalog): Filters[] {
  const [first = "", second = ""] = catalog.locationIds;
  const w = (from: number, to: number) => windowOf(catalog.todayMs, from, to);
  return [
    { ...w(0, 1), order: "asc" },
    { ...w(0, 1), order: "desc" },
    { ...w(-6, 1), order: "desc" },
    { ...w(0, 7), order: "asc" },
    { ...w(0, 1), location_id: first, order: "asc" },
    { ...w(-6, 1), location_id: second, order: "desc" },
  ];
}

const between = (rng: Rng, [low, high]: readonly [number, number]) => Math.round(rng.between(low, high));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

function randomFilters(rng: Rng, catalog: Catalog): Filters {
  const roll = rng.next();
  const order = rng.chance(0.7) ? "desc" : "asc";
  // Looking up one vehicle: its history over the last 90 days, wherever it was.
  if (roll < 0.1) return { ...windowOf(catalog.todayMs, -89, 1), mva: pick(rng, catalog.mvas), order };
  if (roll < 0.15)
    return { ...windowOf(catalog.todayMs, -89, 1), vehicle_id: pick(rng, catalog.vehicleIds), order };
  const [fromDay, toDay] = pick(rng, WINDOWS);
  const filters: Filters = { ...windowOf(catalog.todayMs, fromDay, toDay), order };
  if (rng.chance(0.6)) filters.location_id = pick(rng, catalog.locationIds);
  if (rng.chance(0.15)) filters.task_type = pick(rng, TASK_TYPE_NAMES);
  return filters;
}

/** One person's endless script; the same seed and person give the same visits. */
export class StaffScript {
  private readonly rng: Rng;
  private readonly popular: Filters[];
  readonly arrivalMs: number;

  constructor(
    seed: number,
    person: number,
    private readonly catalog: Catalog,
  ) {
    this.rng = new Rng(hash32(seedKey(seed), person));
    this.popular = popularFilters(catalog);
    this.arrivalMs = between(this.rng, WORKLOAD.arrivalMs);
  }

  /** Every draw is made whatever happens later, so an error in one arm cannot shift the next visit. */
  nextVisit(): Visit {
    const rng = this.rng;
    const popular = rng.chance(WORKLOAD.popularShare);
    const filters = popular ? pick(rng, this.popular) : randomFilters(rng, this.catalog);
    let pages = 1;
    while (pages <= WORKLOAD.maxScrolls && rng.chance(WORKLOAD.scrollOn)) pages++;
    const perPage = Array.from({ length: 1 + WORKLOAD.maxScrolls }, () => ({
      think: between(rng, WORKLOAD.thinkMs),
      open: rng.chance(WORKLOAD.openRowChance) ? rng.next() : undefined,
      openThink: between(rng, WORKLOAD.thinkMs),
    }));
    return {
      filters,
      popular,
      pages,
      thinkMs: perPage.slice(1, pages).map((p) => p.think),
      openRow: perPage.slice(0, pages).map((p) => p.open),
      openThinkMs: perPage.slice(0, pages).map((p) => p.openThink),
      restMs: between(rng, WORKLOAD.restMs),
    };
  }
}
