import "server-only";
import {
  filterValueRule,
  isFilterValue,
  MAX_LIST_VALUES,
  searchTextProblem,
} from "@/contract/query/filter-values";
import { splitListParam as splitListValues } from "@/contract/query/list-param";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { readSortTerms } from "@/contract/query/sort-list";
import { sortRefusalMessage } from "@/contract/query/sort-list-messages";
import { readWindow } from "@/contract/query/time-window";
import { canonicalZoneName } from "@/contract/query/zone-name";
import type { DashboardCursorCodec } from "../../dashboard-cursor";
import { scopedLocations, type StaffAccess } from "../../staff";
import { readQueryParams } from "../../dashboard-error";
import { decodeKeyset } from "./keyset-cursor";
import {
  invalid,
  LIST_FILTERS,
  parsed,
  type ListFilter,
  type MirrorFilters,
  type MirrorSummaryQuery,
  type MirrorTaskQuery,
  type Parsed,
} from "./mirror-task-query";

// The dashboard API's mirror parameters, checked whole before any query runs, by the contract's rules
// (contract/query/); unknown or repeated names are refused as on every /api route.

export const FILTER_PARAMS = ["from", "to", ...LIST_FILTERS, "q"] as const;
const ORDER_PARAMS = ["sort", "order"] as const;
const PAGING_PARAMS = ["limit", "cursor"] as const;

export interface ParseOptions {
  maxWindowDays: number;
  /** Whose read it is: the locations are narrowed to theirs, whatever the request names. */
  access: StaffAccess;
}

export type MirrorExportQuery = Omit<MirrorTaskQuery, "limit" | "after">;

export function parseMirrorTaskParams(
  url: URL,
  options: ParseOptions & { cursors: DashboardCursorCodec },
): Parsed<MirrorTaskQuery> {
  return parsed(() => {
    const raw = readQueryParams(url, [...FILTER_PARAMS, ...ORDER_PARAMS, ...PAGING_PARAMS]);
    const query = { ...readOrdering(raw, options), limit: parseLimit(raw.limit) };
    const after = raw.cursor === undefined ? undefined : decodeKeyset(options.cursors, raw.cursor, query);
    return { ...query, after };
  });
}

/** The export takes every matching task in the list's order: a limit or cursor is a mistake. */
export function parseMirrorExportParams(url: URL, options: ParseOptions): Parsed<MirrorExportQuery> {
  return parsed(() => readOrdering(readQueryParams(url, [...FILTER_PARAMS, ...ORDER_PARAMS]), options));
}

export function parseMirrorSummaryParams(url: URL, options: ParseOptions): Parsed<MirrorSummaryQuery> {
  return parsed(() => {
    const raw = readQueryParams(url, [...FILTER_PARAMS, "tz"]);
    return { filters: parseFilters(raw, options), tz: parseZone(raw.tz) };
  });
}

function readOrdering(raw: Record<string, string>, options: ParseOptions): MirrorExportQuery {
  const filters = parseFilters(raw, options);
  const sort = readSortTerms(raw.sort, raw.order, "asc");
  if (!sort.ok) throw invalid(sortRefusalMessage(sort));
  return { filters, sort: sort.terms };
}

function parseLimit(text: string | undefined): number {
  const limit = readLimit(text);
  if (limit === undefined) throw invalid(LIMIT_MESSAGE);
  return limit;
}

/** The {vehicle_id} of /api/vehicles/{vehicle_id}, by the rule of the vehicle_id filter. */
export function parseVehicleId(text: string): Parsed<string> {
  return parsed(() => {
    if (!isFilterValue("vehicle_id", text))
      throw invalid(`The vehicle id must be ${filterValueRule("vehicle_id")}.`);
    return text;
  });
}

// The filters every mirror read shares (list, summary, export): the window, the lists and q. One
// value of a list obeys the rule its single value has at the service, so a list never admits a
// value the live path would refuse. The locations are then narrowed to the reader's own: every
// task read of the mirror passes here, so none can show another location's tasks.

function parseFilters(raw: Record<string, string>, { maxWindowDays, access }: ParseOptions): MirrorFilters {
  const window = readWindow(raw.from, raw.to, maxWindowDays);
  if (!window.ok) throw invalid(window.message);
  const lists: MirrorFilters["lists"] = {};
  for (const name of LIST_FILTERS) {
    const text = raw[name];
    if (text !== undefined) lists[name] = parseList(name, text);
  }
  const locations = scopedLocations(access, lists.location_id);
  if (locations) lists.location_id = locations;
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    lists,
    q: raw.q === undefined ? undefined : parseQ(raw.q),
  };
}

export function parseList(name: ListFilter, text: string): string[] {
  const values = splitListValues(text);
  if (values.length > MAX_LIST_VALUES) throw invalid(`"${name}" takes at most ${MAX_LIST_VALUES} values.`);
  if (!values.every((value) => isFilterValue(name, value)))
    throw invalid(`"${name}" must be a comma-separated list of values of ${filterValueRule(name)} each.`);
  return [...new Set(values)];
}

export function parseQ(q: string): string {
  const problem = searchTextProblem(q);
  if (problem) throw invalid(problem);
  return q;
}

// tz: an IANA zone name, checked by the runtime's zone database and canonicalised by it
// (zone-name.ts). Names without an area ("CET", "EST", "MET") are refused too: PostgreSQL takes
// them for abbreviations with a fixed offset where the runtime applies daylight saving, so days
// would differ. UTC stays.

function parseZone(text: string | undefined): string {
  if (text === undefined) return "UTC";
  const zone = canonicalZoneName(text);
  if (zone === undefined || (zone !== "UTC" && !zone.includes("/"))) throw badZone();
  return zone;
}

export function badZone() {
  return invalid('"tz" must be an IANA time zone name of an area and place, e.g. America/Denver, or UTC.');
}
