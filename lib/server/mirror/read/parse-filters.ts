import "server-only";
import { parseInstantText } from "@/contract/query/instant-text";
import { splitListParam as splitListValues } from "@/contract/query/list-param";
import { LIST_FILTERS, type ListFilter, type MirrorFilters } from "./mirror-task-query";
import { invalid } from "./parse-result";
import { LIST_VALUE_RULES, MAX_LIST_VALUES, MAX_Q_CHARACTERS, Q_PATTERN } from "./value-rules";

// The filters every mirror read shares (list, summary, export): the window, the lists and q.

const DAY_MS = 86_400_000;

export const FILTER_PARAMS = ["from", "to", ...LIST_FILTERS, "q"] as const;

export function parseFilters(raw: Record<string, string>, maxWindowDays: number): MirrorFilters {
  const from = instant(raw, "from");
  const to = instant(raw, "to");
  if (from >= to) throw invalid('"from" must be before "to".');
  if (to - from > maxWindowDays * DAY_MS) throw invalid(`The window may span at most ${maxWindowDays} days.`);
  const lists: MirrorFilters["lists"] = {};
  for (const name of LIST_FILTERS) {
    const text = raw[name];
    if (text !== undefined) lists[name] = parseList(name, text);
  }
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    lists,
    q: raw.q === undefined ? undefined : parseQ(raw.q),
  };
}

function instant(raw: Record<string, string>, name: "from" | "to"): number {
  const text = raw[name];
  if (text === undefined) throw invalid(`"${name}" is required.`);
  const ms = parseInstantText(text);
  if (ms === undefined)
    throw invalid(`"${name}" must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-05-01T00:00:00Z`);
  return ms;
}

function parseList(name: ListFilter, text: string): string[] {
  const values = splitListValues(text);
  if (values.length > MAX_LIST_VALUES) throw invalid(`"${name}" takes at most ${MAX_LIST_VALUES} values.`);
  const { pattern, rule } = LIST_VALUE_RULES[name];
  for (const value of values) {
    if (!pattern.test(value))
      throw invalid(`"${name}" must be a comma-separated list of values of ${rule} each.`);
  }
  return [...new Set(values)];
}

function parseQ(q: string): string {
  const length = [...q].length;
  if (length < 1 || length > MAX_Q_CHARACTERS) throw invalid(`"q" must be 1-${MAX_Q_CHARACTERS} characters.`);
  if (!Q_PATTERN.test(q)) throw invalid('"q" must not contain control characters.');
  return q;
}
