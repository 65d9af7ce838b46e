// GET /v1/tasks and GET /v1/tasks/{id}.
import type { FastifyInstance } from "fastify";
import { IDENTIFIER_PATTERN } from "../../domain/records";
import { ApiError, invalidRequest } from "../../http/api-error";
import { parseQueryString } from "../../http/query-string";
import type { CursorCodec } from "../../pagination/cursor-codec";
import { requireScope } from "../../plugins/v1-guard";
import { findTask, findTaskPage } from "../../repositories/tasks-repository";
import type { Store } from "../../store/store";
import { parseTaskListQuery } from "./task-list-query";

// Response schemas for the 200 answers only, so fast-json-stringify writes them (a 500-task page is
// about 140 KB). They describe exactly what the handlers return (repositories/tasks-repository.ts
// Task), in openapi.yaml's property order; the contract itself stays in openapi.yaml. Errors keep
// going through the error handler.
const STRING = { type: "string" } as const;
const TASK_SCHEMA = {
  type: "object",
  required: [
    "id",
    "vehicle_id",
    "mva",
    "vin",
    "task_type",
    "status",
    "location",
    "started_at",
    "odometer_miles",
  ],
  properties: {
    id: STRING,
    vehicle_id: STRING,
    mva: STRING,
    vin: { type: ["string", "null"] },
    task_type: STRING,
    status: STRING,
    location: {
      type: "object",
      required: ["id", "name"],
      properties: { id: STRING, name: STRING },
    },
    started_at: STRING,
    odometer_miles: { type: "integer" },
  },
} as const;
const TASK_PAGE_SCHEMA = {
  type: "object",
  required: ["data", "next_cursor"],
  properties: {
    data: { type: "array", items: TASK_SCHEMA },
    next_cursor: { type: ["string", "null"] },
  },
} as const;

export interface TaskRouteDeps {
  store: Store;
  cursors: CursorCodec;
  maxWindowDays: number;
}

export async function taskRoutes(app: FastifyInstance, deps: TaskRouteDeps): Promise<void> {
  const preHandler = requireScope("tasks:read");

  app.get("/v1/tasks", { preHandler, schema: { response: { 200: TASK_PAGE_SCHEMA } } }, async (request) => {
    const { query, limit, binding } = parseTaskListQuery(request.url, deps.maxWindowDays, deps.cursors);
    const rows = await findTaskPage(deps.store, query);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    const next_cursor =
      rows.length > limit && last
        ? deps.cursors.encode({ started_at: last.started_at, id: last.id }, binding)
        : null;
    return { data, next_cursor };
  });

  const taskOptions = { preHandler, schema: { response: { 200: TASK_SCHEMA } } };
  app.get<{ Params: { id: string } }>("/v1/tasks/:id", taskOptions, async (request) => {
    parseQueryString(request.url, []);
    const { id } = request.params;
    if (!IDENTIFIER_PATTERN.test(id)) {
      throw invalidRequest('A task id is 1-128 characters of letters, digits, ".", "_", ":" or "-".');
    }
    const task = await findTask(deps.store, id);
    if (!task) throw new ApiError(404, "not_found", "No task has this id.");
    return task;
  });
}
