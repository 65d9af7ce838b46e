// What one filter value, a list of them and the search text may be. The single-value filters of
// GET /v1/tasks, the dashboard API's lists and the page reading a link all decide with these, so a
// value one of them takes is never refused by another.
import { hasControlCharacter } from "./control-characters";
import { IDENTIFIER_PATTERN, IDENTIFIER_RULE } from "./identifier";
import type { ListFilter } from "./list-filters";
import { isTaskType, TASK_TYPE_RULE } from "./task-type";

/** The most values one list filter takes. */
export const MAX_LIST_VALUES = 50;
/** The longest search text, in characters (code points). */
export const MAX_Q_CHARACTERS = 100;

/** Whether `value` may stand in filter `name` (statuses are an open set of identifiers). */
export function isFilterValue(name: ListFilter, value: string): boolean {
  return name === "task_type" ? isTaskType(value) : IDENTIFIER_PATTERN.test(value);
}

/** The rule of filter `name`'s values in words, for messages: "... must be <rule>". */
export function filterValueRule(name: ListFilter): string {
  return name === "task_type" ? TASK_TYPE_RULE : IDENTIFIER_RULE;
}

/** Why the search text is refused, or undefined when it is taken. */
export function searchTextProblem(q: string): string | undefined {
  const length = [...q].length;
  if (length < 1 || length > MAX_Q_CHARACTERS) return `"q" must be 1-${MAX_Q_CHARACTERS} characters.`;
  // The searched text separates its fields by newlines.
  if (hasControlCharacter(q)) return '"q" must not contain control characters.';
  return undefined;
}
