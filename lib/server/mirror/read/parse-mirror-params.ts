import "server-only";
import { filterValueRule, isFilterValue } from "@/contract/query/filter-values";
import { LIMIT_MESSAGE, readLimit } from "@/contract/query/page-limit";
import { ORDER_MESSAGE, readOrder } from "@/contract/query/order";
import type { DashboardCursorCodec } from "../../dashboard-cursor";
import { readQueryParams } from "../../dashboard-error";
import { decodeKeyset } from "./keyset-cursor";
import { SORT_KEYS, type MirrorSummaryQuery, type MirrorTaskQuery, type SortKey } from "./mirror-task-query";
import { FILTER_PARAMS, parseFilters } from "./parse-filters";
import { invalid, parsed, type Parsed } from "./parse-result";
import { parseZone } from "./parse-zone";

// The dashboard API's mirror parameters, checked whole before any query runs, by the contract's rules
// (contract/query/); unknown or repeated names are refused as on every /api route.

const ORDER_PARAMS = ["sort", "order"] as const;
const PAGING_PARAMS = ["limit", "cursor"] as const;

export interface ParseOptions {
  maxWindowDays: number;
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
    return { filters: parseFilters(raw, options.maxWindowDays), tz: parseZone(raw.tz) };
  });
}

function readOrdering(raw: Record<string, string>, options: ParseOptions): MirrorExportQuery {
  const filters = parseFilters(raw, options.maxWindowDays);
  const sort = raw.sort ?? "started_at";
  if (!isSortKey(sort)) throw invalid(`"sort" must be one of ${SORT_KEYS.join(", ")}.`);
  const order = readOrder(raw.order);
  if (order === undefined) throw invalid(ORDER_MESSAGE);
  return { filters, sort, order };
}

function isSortKey(text: string): text is SortKey {
  return (SORT_KEYS as readonly string[]).includes(text);
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
