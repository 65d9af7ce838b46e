import { browserTimeZone } from "./browser-zone";
import { COLUMN_IDS, isColumnId, type ColumnId } from "@/lib/task-format/task-columns";
import {
  isZoneChoice,
  MAX_COLUMN_PX,
  MIN_COLUMN_PX,
  pinnedFirst,
  readColumnWidth,
  TIME_ZONE_CHOICES,
  type TimeZoneChoice,
} from "@/lib/task-format/view-params";

// How the table looks, as opposed to what it shows: the zone times are shown in, the visible
// columns in their order, the widths a person dragged them to and the columns pinned at the left.
// Kept in the URL (shareable) and remembered in this browser for the next visit without those
// parameters.

export { MAX_COLUMN_PX, MIN_COLUMN_PX, TIME_ZONE_CHOICES, type TimeZoneChoice };

export interface TableView {
  zone: TimeZoneChoice;
  /** Visible columns, in display order. */
  columns: ColumnId[];
  /** Widths in CSS pixels of the columns a person resized; the others share the room left. */
  widths: ColumnWidths;
  /** Columns that stay at the left while the grid scrolls sideways: the first visible ones. */
  pinned: ColumnId[];
}

export type ColumnWidths = Partial<Record<ColumnId, number>>;

export const DEFAULT_VIEW: TableView = { zone: "location", columns: [...COLUMN_IDS], widths: {}, pinned: [] };
const STORAGE_KEY = "fleet-dashboard.table-view";

/** "mva:120,location:240": widths of the columns that have one, whole pixels within the limits. */
export function parseWidths(value: string | null | undefined): ColumnWidths | undefined {
  if (!value) return undefined;
  const widths: ColumnWidths = {};
  for (const entry of value.split(",")) {
    const width = readColumnWidth(entry);
    if (width) widths[width[0]] = width[1];
  }
  return Object.keys(widths).length > 0 ? widths : undefined;
}

/**
 * Widths as a person may set them: each within the limits a link's widths are read with, so a
 * column dragged past them is drawn, written and read back at the limit rather than at 0 px (which
 * the link would then drop).
 */
export function widthsWithinLimits(widths: ColumnWidths): ColumnWidths {
  return Object.fromEntries(
    Object.entries(widths).map(([id, px]) => [id, Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px))]),
  );
}

export function formatWidths(widths: ColumnWidths): string {
  return Object.entries(widths)
    .map(([id, px]) => `${id}:${Math.round(px)}`)
    .join(",");
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
      widths?: unknown;
      pinned?: unknown;
    };
    const widths = typeof stored.widths === "string" ? parseWidths(stored.widths) : undefined;
    return {
      ...(isZoneChoice(stored.zone) ? { zone: stored.zone } : {}),
      ...(typeof stored.columns === "string" ? { columns: parseColumns(stored.columns) } : {}),
      ...(widths ? { widths } : {}),
      ...(typeof stored.pinned === "string" ? { pinned: parseColumns(stored.pinned) ?? [] } : {}),
    };
  } catch {
    return {};
  }
}

let rememberedSnapshotCache: Partial<TableView> | undefined;

/**
 * The remembered view as one object until the next rememberView (useSyncExternalStore needs the
 * same snapshot while nothing changed): a list opened again in this tab, by a bare /tasks link,
 * shows the columns and zone chosen last, not those of the tab's first list.
 */
export function rememberedViewSnapshot(): Partial<TableView> {
  rememberedSnapshotCache ??= rememberedView();
  return rememberedSnapshotCache;
}

export function rememberView(view: TableView): void {
  rememberedSnapshotCache = undefined;
  try {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        zone: view.zone,
        columns: view.columns.join(","),
        widths: formatWidths(view.widths),
        pinned: view.pinned.join(","),
      }),
    );
  } catch {
    // Private windows may refuse storage; the URL still carries the view.
  }
}

export function parseTableView(params: URLSearchParams, remembered: Partial<TableView>): TableView {
  const zone = params.get("tz");
  const linkColumns = parseColumns(params.get("cols"));
  const columns = linkColumns ?? remembered.columns ?? DEFAULT_VIEW.columns;
  // `pin` and `widths` are written only when a column is pinned or resized, so a link that names its
  // columns (the page always writes them) without them pins and resizes nothing, as its sender saw
  // it; only a link without a view takes this browser's.
  const rememberedLayout: Pick<Partial<TableView>, "pinned" | "widths"> = linkColumns ? {} : remembered;
  const pinned = parseColumns(params.get("pin")) ?? rememberedLayout.pinned ?? DEFAULT_VIEW.pinned;
  return {
    zone: isZoneChoice(zone) ? zone : (remembered.zone ?? DEFAULT_VIEW.zone),
    widths: parseWidths(params.get("widths")) ?? rememberedLayout.widths ?? DEFAULT_VIEW.widths,
    ...pinnedFirst(columns, pinned),
  };
}

/** `change` applied to `view`: pins of hidden columns dropped, pinned columns first. */
export function changedView(view: TableView, change: Partial<TableView>): TableView {
  const next = { ...view, ...change };
  return { ...next, ...pinnedFirst(next.columns, next.pinned) };
}

export function withTableView(params: URLSearchParams, view: TableView): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set("tz", view.zone);
  next.set("cols", view.columns.join(","));
  const widths = formatWidths(view.widths);
  if (widths) next.set("widths", widths);
  else next.delete("widths");
  return withPins(next, view.pinned);
}

function withPins(params: URLSearchParams, pinned: readonly ColumnId[]): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pinned.length > 0) next.set("pin", pinned.join(","));
  else next.delete("pin");
  return next;
}

/** The link with its `pin` as the page reads it: known columns the link shows, each once. */
export function withLinkPins(params: URLSearchParams): URLSearchParams {
  return params.has("pin") ? withPins(params, parseTableView(params, {}).pinned) : params;
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
