import "server-only";
import type { DashboardCursorCodec } from "@/lib/server/api/dashboard-cursor";
import { readQueryParams } from "@/lib/server/api/query-params";
import { decodeKeyset } from "./keyset-cursor";
import { SORT_KEYS, type MirrorSummaryQuery, type MirrorTaskQuery, type SortKey } from "./mirror-task-query";
import { FILTER_PARAMS, parseFilters } from "./parse-filters";
import { invalid, parsed, type Parsed } from "./parse-result";
import { parseZone } from "./parse-zone";
import { LIST_VALUE_RULES } from "./value-rules";

// The dashboard API's mirror parameters, checked whole before any query runs. Names and rules are
// issue 14's; unknown or repeated names are refused as on every /api route.

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
  const order = raw.order ?? "asc";
  if (order !== "asc" && order !== "desc") throw invalid('"order" must be "asc" or "desc"');
  return { filters, sort, order };
}

function isSortKey(text: string): text is SortKey {
  return (SORT_KEYS as readonly string[]).includes(text);
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return 100;
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (limit < 1 || limit > 500) throw invalid('"limit" must be a whole number from 1 to 500');
  return limit;
}

/** The {vehicle_id} of /api/vehicles/{vehicle_id}, by the rule of the vehicle_id filter. */
export function parseVehicleId(text: string): Parsed<string> {
  return parsed(() => {
    const { pattern, rule } = LIST_VALUE_RULES.vehicle_id;
    if (!pattern.test(text)) throw invalid(`The vehicle id must be ${rule}.`);
    return text;
  });
}
