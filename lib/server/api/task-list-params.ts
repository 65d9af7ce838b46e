import "server-only";
import { z } from "zod";
import type { TaskPageQuery } from "../upstream/vts-client";
import { DashboardError } from "./dashboard-error";

// GET /api/tasks takes the service's parameter names and rules (decisions.md), checked here so a
// bad request never spends upstream budget. The cursor is the dashboard's own.

const IDENTIFIER = /^[A-Za-z0-9._:-]{1,128}$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TASK_TYPE = /^[^\u0000-\u001f\u007f]{1,128}$/;
const DAY_MS = 86_400_000;
const NAMES = [
  "from",
  "to",
  "location_id",
  "mva",
  "vehicle_id",
  "task_type",
  "order",
  "limit",
  "cursor",
] as const;

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, message: `"${name}" must be an ISO 8601 timestamp with Z or an offset` })
    .transform((text) => new Date(text));
const identifier = (name: string) =>
  z.string().regex(IDENTIFIER, `"${name}" must be letters, digits, ".", "_", ":" or "-"`).optional();

const schema = z.object({
  from: instant("from"),
  to: instant("to"),
  location_id: identifier("location_id"),
  mva: identifier("mva"),
  vehicle_id: identifier("vehicle_id"),
  task_type: z.string().regex(TASK_TYPE, '"task_type" must be 1-128 characters').optional(),
  order: z.enum(["asc", "desc"], { message: '"order" must be "asc" or "desc"' }).default("asc"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, '"limit" must be a whole number from 1 to 500')
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= 500, '"limit" must be a whole number from 1 to 500')
    .default(100),
  cursor: z.string().max(4096).optional(),
});

export interface TaskListParams {
  /** The upstream query, minus paging: what caches and cursors are keyed on. */
  filters: Omit<TaskPageQuery, "cursor">;
  limit: number;
  cursor: string | undefined;
}

export function parseTaskListParams(url: URL, maxWindowDays: number): TaskListParams {
  const raw: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (!(NAMES as readonly string[]).includes(name)) {
      throw new DashboardError("invalid_request", `Unknown parameter "${name.slice(0, 40)}".`);
    }
    if (name in raw) throw new DashboardError("invalid_request", `Parameter "${name}" is repeated.`);
    raw[name] = value;
  }
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
