import "server-only";
import { z } from "zod";
import { IDENTIFIER_PATTERN } from "@/contract/query/identifier";
import { parseInstantText } from "@/contract/query/instant-text";
import { DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT } from "@/contract/query/page-limit";
import { TASK_TYPE_PATTERN } from "@/contract/query/task-type";
import type { TaskPageQuery } from "../upstream/http/vts-client";
import { DashboardError } from "./dashboard-error";
import { readQueryParams } from "./query-params";

// GET /api/tasks takes the service's parameter names and rules (decisions.md), checked here so a
// bad request never spends upstream budget. The cursor is the dashboard's own.

const DAY_MS = 86_400_000;
const FILTER_NAMES = ["from", "to", "location_id", "mva", "vehicle_id", "task_type", "order"];
const PAGING_NAMES = ["limit", "cursor"];
const LIMIT_RULE = `"limit" must be a whole number from ${MIN_LIMIT} to ${MAX_LIMIT}`;

// The service's own grammar for instants, so every window it would refuse is refused here first.
const instant = (name: string) =>
  z.string().transform((text, context) => {
    const instantMs = parseInstantText(text);
    if (instantMs !== undefined) return new Date(instantMs);
    context.addIssue({
      code: "custom",
      message: `"${name}" must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-05-01T00:00:00Z`,
    });
    return z.NEVER;
  });
const identifier = (name: string) =>
  z
    .string()
    .regex(IDENTIFIER_PATTERN, `"${name}" must be 1-128 letters, digits, ".", "_", ":" or "-"`)
    .optional();

const schema = z.object({
  from: instant("from"),
  to: instant("to"),
  location_id: identifier("location_id"),
  mva: identifier("mva"),
  vehicle_id: identifier("vehicle_id"),
  task_type: z.string().regex(TASK_TYPE_PATTERN, '"task_type" must be 1-128 characters').optional(),
  order: z.enum(["asc", "desc"], { message: '"order" must be "asc" or "desc"' }).default("asc"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_RULE)
    .transform(Number)
    .refine((limit) => limit >= MIN_LIMIT && limit <= MAX_LIMIT, LIMIT_RULE)
    .default(DEFAULT_LIMIT),
  cursor: z.string().min(1, '"cursor" must not be empty').max(4096).optional(),
});

export interface TaskListParams {
  /** The upstream query, minus paging: what caches and cursors are keyed on. */
  filters: Omit<TaskPageQuery, "cursor">;
  limit: number;
  cursor: string | undefined;
}

/** `paging: false` for the export, which takes every matching task: a cursor or limit is a mistake. */
export function parseTaskListParams(url: URL, maxWindowDays: number, { paging = true } = {}): TaskListParams {
  const raw = readQueryParams(url, paging ? [...FILTER_NAMES, ...PAGING_NAMES] : FILTER_NAMES);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    const message =
      issue?.code === "invalid_type" ? `"${field}" is required.` : (issue?.message ?? "Invalid request.");
    throw new DashboardError("invalid_request", message);
  }
  const { from, to, limit, cursor, ...filters } = parsed.data;
  if (from >= to) throw new DashboardError("invalid_request", '"from" must be before "to".');
  if (to.getTime() - from.getTime() > maxWindowDays * DAY_MS) {
    throw new DashboardError("invalid_request", `The window may span at most ${maxWindowDays} days.`);
  }
  return { filters: { ...filters, from: from.toISOString(), to: to.toISOString() }, limit, cursor };
}
