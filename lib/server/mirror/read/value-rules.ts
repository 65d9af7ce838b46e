import { IDENTIFIER_PATTERN } from "@/contract/query/identifier";
import { TASK_TYPE_PATTERN } from "@/contract/query/task-type";
import type { ListFilter } from "./mirror-task-query";

// One value of a list filter obeys the rule its single value has at the service (and in today's
// /api/tasks), so a list never admits a value the live path would refuse. The patterns are the
// service's own: this file imports them rather than restating them.

export const MAX_LIST_VALUES = 50;
export const MAX_Q_CHARACTERS = 100;

const IDENTIFIER_RULE = '1-128 letters, digits, ".", "_", ":" or "-"';

export const LIST_VALUE_RULES: Record<ListFilter, { pattern: RegExp; rule: string }> = {
  location_id: { pattern: IDENTIFIER_PATTERN, rule: IDENTIFIER_RULE },
  mva: { pattern: IDENTIFIER_PATTERN, rule: IDENTIFIER_RULE },
  vehicle_id: { pattern: IDENTIFIER_PATTERN, rule: IDENTIFIER_RULE },
  // Statuses are an open set of identifiers (scheduled, in_progress, ...).
  status: { pattern: IDENTIFIER_PATTERN, rule: IDENTIFIER_RULE },
  task_type: { pattern: TASK_TYPE_PATTERN, rule: "1-128 characters without control characters" },
};

/** The search text: no control characters, because the searched text separates fields by newlines. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const Q_PATTERN = /^[^\u0000-\u001f\u007f]+$/;
