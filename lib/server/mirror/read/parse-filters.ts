import "server-only";
import {
  filterValueRule,
  isFilterValue,
  MAX_LIST_VALUES,
  searchTextProblem,
} from "@/contract/query/filter-values";
import { splitListParam as splitListValues } from "@/contract/query/list-param";
import { readWindow } from "@/contract/query/time-window";
import { LIST_FILTERS, type ListFilter, type MirrorFilters } from "./mirror-task-query";
import { invalid } from "./parse-result";

// The filters every mirror read shares (list, summary, export): the window, the lists and q. One
// value of a list obeys the rule its single value has at the service, so a list never admits a
// value the live path would refuse.

export const FILTER_PARAMS = ["from", "to", ...LIST_FILTERS, "q"] as const;

export function parseFilters(raw: Record<string, string>, maxWindowDays: number): MirrorFilters {
  const window = readWindow(raw.from, raw.to, maxWindowDays);
  if (!window.ok) throw invalid(window.message);
  const lists: MirrorFilters["lists"] = {};
  for (const name of LIST_FILTERS) {
    const text = raw[name];
    if (text !== undefined) lists[name] = parseList(name, text);
  }
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    lists,
    q: raw.q === undefined ? undefined : parseQ(raw.q),
  };
}

function parseList(name: ListFilter, text: string): string[] {
  const values = splitListValues(text);
  if (values.length > MAX_LIST_VALUES) throw invalid(`"${name}" takes at most ${MAX_LIST_VALUES} values.`);
  if (!values.every((value) => isFilterValue(name, value)))
    throw invalid(`"${name}" must be a comma-separated list of values of ${filterValueRule(name)} each.`);
  return [...new Set(values)];
}

function parseQ(q: string): string {
  const problem = searchTextProblem(q);
  if (problem) throw invalid(problem);
  return q;
}
