import { isColumnId, type ColumnId } from "./task-columns";

// The tasks page's link parameters that only the page gives meaning to (its time range presets,
// the zone times are shown in, the columns' widths and which of them are pinned), and the name a
// saved view keeps them under.
// The page reads its link by these and the server holds a saved view to them, so a view the server
// takes always opens as it was saved.

/** Whole calendar periods in the chosen zone (lib/client/calendar-range.ts counts them). */
export const CALENDAR_PERIOD_IDS = [
  "today",
  "yesterday",
  "this_week",
  "last_week",
  "this_month",
  "last_month",
] as const;

/** The calendar periods, then spans that end now (their words: lib/client/filter-words.ts). */
const RANGE_PRESET_IDS = [...CALENDAR_PERIOD_IDS, "24h", "7d", "30d"] as const;

export type RangePreset = (typeof RANGE_PRESET_IDS)[number];

export function isPreset(value: string | null): value is RangePreset {
  return value !== null && (RANGE_PRESET_IDS as readonly string[]).includes(value);
}

export const TIME_ZONE_CHOICES = {
  location: "Location time",
  local: "My time",
  utc: "UTC",
} as const;

export type TimeZoneChoice = keyof typeof TIME_ZONE_CHOICES;

export function isZoneChoice(value: unknown): value is TimeZoneChoice {
  return typeof value === "string" && Object.hasOwn(TIME_ZONE_CHOICES, value);
}

/** The narrowest and widest a column may be dragged to, in CSS pixels. */
export const MIN_COLUMN_PX = 48;
export const MAX_COLUMN_PX = 800;

/**
 * One "mva:120" of `widths`: a column and whole pixels (digits only) within the limits, nothing
 * after them, or undefined.
 */
export function readColumnWidth(entry: string): [ColumnId, number] | undefined {
  const [id, digits, ...more] = entry.split(":");
  if (!id || !isColumnId(id) || more.length > 0 || !digits || !/^\d{1,4}$/.test(digits)) return undefined;
  const px = Number(digits);
  return px >= MIN_COLUMN_PX && px <= MAX_COLUMN_PX ? [id, px] : undefined;
}

/** "mva,vehicle_id" of `cols` or `pin`: known column ids, each once, or undefined. */
export function readColumnList(text: string): ColumnId[] | undefined {
  const ids = text.split(",");
  return new Set(ids).size === ids.length && ids.every(isColumnId) ? ids : undefined;
}

/**
 * Visible columns and pins as the page shows them: only visible columns are pinned (hiding one
 * unpins it), and the pinned ones stand first, in the order they stood among the visible columns.
 */
export function pinnedFirst(
  columns: readonly ColumnId[],
  pinned: readonly ColumnId[],
): { columns: ColumnId[]; pinned: ColumnId[] } {
  const shownPins = columns.filter((id) => pinned.includes(id));
  return { columns: [...shownPins, ...columns.filter((id) => !pinned.includes(id))], pinned: shownPins };
}

/** The longest name of a saved view, in characters. */
export const VIEW_NAME_MAX = 80;
