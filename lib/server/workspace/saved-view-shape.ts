import { z } from "zod";
import { hasControlCharacter, isWellFormedText } from "@/contract/query/control-characters";
import { isFilterValue, MAX_LIST_VALUES, searchTextProblem } from "@/contract/query/filter-values";
import { parseInstantText } from "@/contract/query/instant-text";
import { LIST_FILTERS, SORT_KEYS, type ListFilter } from "@/contract/query/list-filters";
import { splitListParam } from "@/contract/query/list-param";
import { COLUMN_IDS, isColumnId } from "@/lib/task-format/task-columns";

// What a saved view is: a name, and the tasks page's link parameters as the page writes them
// (filters, sort, zone, columns, widths, summary), so that opening a view is opening its link and
// the page's one reading of a link decides what is shown. Each value is held to the rules the API
// applies to the same parameter; words only the page knows (a range preset, a zone) are held to
// their shape, and the page names any it cannot show as it names a link's.

const VIEW_NAME_MAX = 80;
/** More than this many views of one person is a script, not a person choosing from a menu. */
export const VIEWS_PER_OWNER_MAX = 100;

/** Every text a view keeps: its name and each value of its state. */
const wellFormed = z.string().refine(isWellFormedText, "well-formed Unicode (no lone surrogate)");

const word = wellFormed.regex(/^[a-z0-9_]{1,32}$/, "a word of lowercase letters, digits and _");
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
  (text) => {
    const ids = text.split(",");
    return new Set(ids).size === ids.length && ids.every(isColumnId);
  },
  `column ids (${COLUMN_IDS.join(", ")}), each once`,
);

const widthList = wellFormed.refine(
  (text) =>
    text.split(",").every((entry) => {
      const [id, px] = entry.split(":");
      return id !== undefined && isColumnId(id) && /^\d{1,4}$/.test(px ?? "");
    }),
  "column:pixels pairs",
);

export const viewStateSchema = z
  .object({
    range: word,
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
    sort: z.enum(SORT_KEYS),
    order: z.enum(["asc", "desc"]),
    tz: word,
    cols: columnList,
    widths: widthList,
    summary: z.literal("open"),
  })
  .partial()
  .strict();

export type ViewState = z.infer<typeof viewStateSchema>;

export const viewNameSchema = wellFormed
  .trim()
  .min(1)
  .max(VIEW_NAME_MAX)
  .refine((name) => !hasControlCharacter(name), "no control characters");
