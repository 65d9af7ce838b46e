import { IDENTIFIER_RULE, isIdentifier } from "./identifier";
import { splitListParam } from "@/contract/query/list-param";
import {
  instant,
  isDefaultSort,
  isPreset,
  LIST_FILTERS,
  MAX_LIST_VALUES,
  MAX_SORT_KEYS,
  parseTaskFilters,
  SORT_KEYS,
  type TaskFilters,
} from "./task-filters";
import { RANGE_PRESETS } from "./filter-words";
import { MAX_Q_CHARACTERS, searchTextProblem } from "@/contract/query/filter-values";
import { readSortTerms } from "@/contract/query/sort-list";
import { COLUMN_LABELS } from "@/lib/task-format/task-columns";
import { parseTableView } from "./table-view";

// A link can carry filters (or pinned columns) the dashboard cannot show as they are (typed by
// hand, cut short, or from an older version). parseTaskFilters (and parseTableView) show something
// sensible instead; this says what was wrong and what is shown, in words for staff, so nobody takes
// the default view for the one the link meant.

const FILTER_PARAMS = ["range", "from", "to", "sort", "order", "q", ...LIST_FILTERS] as const;

/** How the "showing …" part names a parameter's value. */
const LABELS: Record<(typeof FILTER_PARAMS)[number], string> = {
  range: "range",
  from: "from",
  to: "to",
  sort: "sort",
  order: "order",
  q: "search",
  status: "status",
  location_id: "location",
  mva: "MVA",
  vehicle_id: "vehicle",
  task_type: "task type",
};

const IDENTIFIER_WORDS = {
  status: { what: "a status", every: "every status" },
  location_id: { what: "a location id", every: "every location" },
  mva: { what: "an MVA", every: "every MVA" },
  vehicle_id: { what: "a vehicle id", every: "every vehicle" },
} as const;

/** Longest value from the link a notice repeats: a link can carry any amount of text. */
const ECHO_MAX = 40;
/** Most values of a repeated parameter a notice repeats. */
const ECHO_REPEATS = 3;

/** `value` as a notice repeats it: cut to ECHO_MAX characters (whole code points), "…" saying so. */
function echoed(value: string): string {
  const characters = Array.from(value);
  return characters.length <= ECHO_MAX ? value : `${characters.slice(0, ECHO_MAX - 1).join("")}…`;
}

export function filterLinkProblems(params: URLSearchParams): string[] {
  const filters = parseTaskFilters(params);
  return [
    ...windowProblems(params, filters),
    ...repeated(params),
    ...identifiers(params),
    ...tooMany(params),
    ...searchProblems(params, filters),
    ...pinProblems(params),
  ];
}

function shownRange(filters: TaskFilters): string {
  return filters.range === "custom" ? "the custom range" : RANGE_PRESETS[filters.range];
}

function windowProblems(params: URLSearchParams, filters: TaskFilters): string[] {
  const problems: string[] = [];
  const instead = `showing ${shownRange(filters)} instead.`;
  const from = params.get("from");
  const to = params.get("to");
  for (const [name, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (value && !instant(value))
      problems.push(`"${name}" in the link (${echoed(value)}) is not a date and time; ${instead}`);
  }
  if (from && instant(from) && !to) problems.push(`The link has a "from" but no "to"; ${instead}`);
  if (to && instant(to) && !from) problems.push(`The link has a "to" but no "from"; ${instead}`);
  const range = params.get("range");
  if (range && !isPreset(range) && filters.range !== "custom") {
    const offered = Object.values(RANGE_PRESETS).join(", ");
    problems.push(`"range" in the link (${echoed(range)}) is not one of ${offered}; ${instead}`);
  }
  problems.push(...sortProblems(params, filters));
  return problems;
}

function sortProblems(params: URLSearchParams, filters: TaskFilters): string[] {
  const sort = params.get("sort");
  const order = params.get("order");
  const read = readSortTerms(sort ?? undefined, order ?? undefined, "desc");
  if (read.ok) return [];
  if (read.param === "sort")
    return [
      `"sort" in the link (${echoed(sort ?? "")}) is not 1 to ${MAX_SORT_KEYS} distinct columns of ${SORT_KEYS.join(", ")}; sorting by started_at instead.`,
    ];
  const several = filters.sort.length > 1 ? ", once or once per sort column" : "";
  const shown = isDefaultSort(filters.sort)
    ? "showing newest first"
    : `sorting by ${filters.sort.map(({ key }) => key).join(", ")} descending`;
  return [`"order" in the link (${echoed(order ?? "")}) is not asc or desc${several}; ${shown} instead.`];
}

function repeated(params: URLSearchParams): string[] {
  return FILTER_PARAMS.flatMap((name) => {
    const values = params.getAll(name);
    if (values.length < 2) return [];
    const first = `${LABELS[name]} ${echoed(values[0] ?? "")}`;
    const given = [
      ...values.slice(0, ECHO_REPEATS).map(echoed),
      ...(values.length > ECHO_REPEATS ? ["…"] : []),
    ];
    return [`The link gives "${name}" ${values.length} times (${given.join(", ")}); showing ${first} only.`];
  });
}

function identifiers(params: URLSearchParams): string[] {
  return (["status", "location_id", "mva", "vehicle_id"] as const).flatMap((name) => {
    const text = params.get(name);
    if (text === null) return [];
    const values = splitListParam(text).map((value) => value.trim());
    const refused = values.filter((value) => value && !isIdentifier(value));
    if (refused.length === 0) return [];
    const { what, every } = IDENTIFIER_WORDS[name];
    const kept = parseTaskFilters(params)[name];
    const instead = kept
      ? `showing ${LABELS[name]} ${kept.map(echoed).join(", ")} only`
      : `showing ${every} instead`;
    const given = [
      ...refused.slice(0, ECHO_REPEATS).map(echoed),
      ...(refused.length > ECHO_REPEATS ? ["…"] : []),
    ];
    return [`"${name}" in the link (${given.join(", ")}) is not ${what}: ${IDENTIFIER_RULE}; ${instead}.`];
  });
}

function searchProblems(params: URLSearchParams, filters: TaskFilters): string[] {
  const text = params.get("q")?.trim();
  if (!text) return [];
  const characters = Array.from(text);
  if (filters.q === undefined) {
    const why = searchTextProblem(characters.slice(0, MAX_Q_CHARACTERS).join(""))?.replace(/\.$/, "");
    return [`The link's search (${echoed(text)}) cannot be run (${why}); showing every task instead.`];
  }
  if (characters.length <= MAX_Q_CHARACTERS) return [];
  return [
    `The link's search is ${characters.length} characters long; searching for its first ${MAX_Q_CHARACTERS}.`,
  ];
}

function tooMany(params: URLSearchParams): string[] {
  return LIST_FILTERS.flatMap((name) => {
    const count = splitListParam(params.get(name) ?? "").length;
    if (count <= MAX_LIST_VALUES) return [];
    return [`The link gives ${count} values of "${name}"; showing the first ${MAX_LIST_VALUES}.`];
  });
}

/** Pins the page drops: of no column, or of one the link does not show. */
function pinProblems(params: URLSearchParams): string[] {
  const { pinned } = parseTableView(params, {});
  const dropped = [...new Set((params.get("pin") ?? "").split(","))].filter(
    (id) => id && !(pinned as readonly string[]).includes(id),
  );
  if (dropped.length === 0) return [];
  const given = [
    ...dropped.slice(0, ECHO_REPEATS).map(echoed),
    ...(dropped.length > ECHO_REPEATS ? ["…"] : []),
  ];
  const shown =
    pinned.length > 0
      ? `pinning ${pinned.map((id) => COLUMN_LABELS[id]).join(", ")} only`
      : "pinning no column";
  return [`"pin" in the link (${given.join(", ")}) is not a shown column; ${shown}.`];
}
