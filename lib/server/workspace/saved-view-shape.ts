import { z } from "zod";
import { hasControlCharacter, isWellFormedText } from "@/contract/query/control-characters";
import { isFilterValue, MAX_LIST_VALUES, searchTextProblem } from "@/contract/query/filter-values";
import { parseInstantText } from "@/contract/query/instant-text";
import { LIST_FILTERS, type ListFilter } from "@/contract/query/list-filters";
import { splitListParam } from "@/contract/query/list-param";
import { readOrders, readSortTerms } from "@/contract/query/sort-list";
import { ORDER_LIST_MESSAGE, SORT_MESSAGE, sortRefusalMessage } from "@/contract/query/sort-list-messages";
import { COLUMN_IDS } from "@/lib/task-format/task-columns";
import {
  isPreset,
  isZoneChoice,
  MAX_COLUMN_PX,
  MIN_COLUMN_PX,
  readColumnList,
  pinnedFirst,
  readColumnWidth,
  TIME_ZONE_CHOICES,
  VIEW_NAME_MAX,
} from "@/lib/task-format/view-params";

// What a saved view is: a name, and the tasks page's link parameters as the page writes them
// (filters, sort, zone, columns, widths, pinned columns, summary), so that opening a view is opening
// its link and the page's one reading of a link decides what is shown. Each value is held to the
// rule the API applies to the same parameter, and the page's own (a range preset, a zone, widths,
// pins) to the rule the page reads its link by (lib/task-format/view-params.ts), so a view always
// opens as it was saved.

/** More than this many views of one person is a script, not a person choosing from a menu. */
export const VIEWS_PER_OWNER_MAX = 100;

/** Every text a view keeps: its name and each value of its state. */
const wellFormed = z.string().refine(isWellFormedText, "well-formed Unicode (no lone surrogate)");

const instant = wellFormed.refine(
  (text) => parseInstantText(text) !== undefined,
  "an instant with its offset",
);

const listOf = (name: ListFilter) =>
  wellFormed.refine((text) => {
    const values = splitListParam(text);
    return values.length <= MAX_LIST_VALUES && values.every((value) => isFilterValue(name, value));
  }, `comma-separated values of ${name}, at most ${MAX_LIST_VALUES}`);

const columnList = wellFormed.refine(
  (text) => readColumnList(text) !== undefined,
  `column ids (${COLUMN_IDS.join(", ")}), each once`,
);

const widthList = wellFormed.refine((text) => {
  const widths = text.split(",").map(readColumnWidth);
  return widths.every(Boolean) && new Set(widths.map((width) => width?.[0])).size === widths.length;
}, `column:pixels pairs, each column once, ${MIN_COLUMN_PX}-${MAX_COLUMN_PX} pixels`);

export const viewStateSchema = z
  .object({
    range: wellFormed.refine(isPreset, "a range preset of the tasks page"),
    from: instant,
    to: instant,
    ...(Object.fromEntries(LIST_FILTERS.map((name) => [name, listOf(name)])) as Record<
      ListFilter,
      ReturnType<typeof listOf>
    >),
    q: wellFormed.refine(
      (q) => searchTextProblem(q) === undefined,
      "1-100 characters, no control characters",
    ),
    sort: wellFormed.refine((sort) => readSortTerms(sort, undefined, "asc").ok, SORT_MESSAGE),
    order: wellFormed.refine((order) => readOrders(order) !== undefined, ORDER_LIST_MESSAGE),
    tz: wellFormed.refine(isZoneChoice, `one of ${Object.keys(TIME_ZONE_CHOICES).join(", ")}`),
    cols: columnList,
    widths: widthList,
    pin: columnList,
    summary: z.literal("open"),
  })
  .partial()
  .strict()
  // A direction per key must match the keys in number, as the API holds them.
  .superRefine(({ sort, order, cols, pin }, context) => {
    const read = readSortTerms(sort, order, "asc");
    if (!read.ok) context.addIssue({ code: "custom", path: [read.param], message: sortRefusalMessage(read) });
    // The page pins only columns it shows, and shows them first in their order: a view otherwise
    // would not open as it was saved.
    const pinned = pin === undefined ? undefined : readColumnList(pin);
    const shown = cols === undefined ? COLUMN_IDS : readColumnList(cols);
    if (!pinned || !shown) return;
    const page = pinnedFirst(shown, pinned);
    if (page.pinned.join(",") !== pin || (cols !== undefined && page.columns.join(",") !== cols))
      context.addIssue({
        code: "custom",
        path: ["pin"],
        message: "the first columns of cols, in their order",
      });
  });

export type ViewState = z.infer<typeof viewStateSchema>;

export const viewNameSchema = wellFormed
  .trim()
  .min(1)
  .max(VIEW_NAME_MAX)
  .refine((name) => !hasControlCharacter(name), "no control characters");
