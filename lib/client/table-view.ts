import { browserTimeZone } from "./time-format";
import { COLUMN_IDS, isColumnId, type ColumnId } from "./task-columns";

// How the table looks, as opposed to what it shows: the zone times are shown in and the visible
// columns in their order. Kept in the URL (shareable) and remembered in this browser for the
// next visit without those parameters.

export const TIME_ZONE_CHOICES = {
  location: "Location time",
  local: "My time",
  utc: "UTC",
} as const;

export type TimeZoneChoice = keyof typeof TIME_ZONE_CHOICES;

export interface TableView {
  zone: TimeZoneChoice;
  /** Visible columns, in display order. */
  columns: ColumnId[];
}

export const DEFAULT_VIEW: TableView = { zone: "location", columns: [...COLUMN_IDS] };
const STORAGE_KEY = "fleet-dashboard.table-view";

function isZoneChoice(value: unknown): value is TimeZoneChoice {
  return typeof value === "string" && Object.hasOwn(TIME_ZONE_CHOICES, value);
}

function parseColumns(value: string | null | undefined): ColumnId[] | undefined {
  if (!value) return undefined;
  const columns = [...new Set(value.split(",").filter(isColumnId))];
  return columns.length > 0 ? columns : undefined;
}

export function rememberedView(): Partial<TableView> {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}") as {
      zone?: unknown;
      columns?: unknown;
    };
    return {
      ...(isZoneChoice(stored.zone) ? { zone: stored.zone } : {}),
      ...(typeof stored.columns === "string" ? { columns: parseColumns(stored.columns) } : {}),
    };
  } catch {
    return {};
  }
}

export function rememberView(view: TableView): void {
  try {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ zone: view.zone, columns: view.columns.join(",") }),
    );
  } catch {
    // Private windows may refuse storage; the URL still carries the view.
  }
}

export function parseTableView(params: URLSearchParams, remembered: Partial<TableView>): TableView {
  const zone = params.get("tz");
  return {
    zone: isZoneChoice(zone) ? zone : (remembered.zone ?? DEFAULT_VIEW.zone),
    columns: parseColumns(params.get("cols")) ?? remembered.columns ?? DEFAULT_VIEW.columns,
  };
}

export function withTableView(params: URLSearchParams, view: TableView): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set("tz", view.zone);
  next.set("cols", view.columns.join(","));
  return next;
}

/** The IANA zone a task's time is shown in under this choice. */
export function displayZone(choice: TimeZoneChoice, locationZone: string | undefined): string {
  if (choice === "utc") return "UTC";
  if (choice === "local") return browserTimeZone();
  return locationZone ?? "UTC";
}

/**
 * The zone calendar ranges (today, last week, ...) are counted in: UTC when times are shown in
 * UTC, else the browser's, the zone the From and To fields are written in. "Location time" has
 * no single zone once the table holds several locations.
 */
export function calendarZone(choice: TimeZoneChoice): string {
  return choice === "utc" ? "UTC" : browserTimeZone();
}

/** How headers name the zone Started is shown in: "location time", the browser's zone, or "UTC". */
export function startedZoneName(choice: TimeZoneChoice): string {
  if (choice === "location") return "location time";
  if (choice === "utc") return "UTC";
  return browserTimeZone();
}
