// GET /v1/tasks and GET /v1/tasks/{id}.
import type { FastifyInstance } from "fastify";
import { IDENTIFIER_PATTERN } from "../../../../contract/query/identifier";
import { ApiError, invalidRequest } from "../../http/api-error";
import { jsonBytes } from "../../http/json-bytes";
import { taskPageBytes } from "../../http/task-page-bytes";
import { parseQueryString } from "../../http/query-string";
import type { CursorCodec } from "../../pagination/cursor-codec";
import { requireScope } from "../../plugins/v1-guard";
import type { TaskPosition } from "../../repositories/task-page-sql";
import { findTask, findTaskPageJson } from "../../repositories/tasks-repository";
import type { Store } from "../../store/store";
import { parseTaskListQuery } from "./task-list-query";

export interface TaskRouteDeps {
  store: Store;
  cursors: CursorCodec;
  maxWindowDays: number;
}

export async function taskRoutes(app: FastifyInstance, deps: TaskRouteDeps): Promise<void> {
  const preHandler = requireScope("tasks:read");

  app.get("/v1/tasks", { preHandler }, async (request, reply) => {
    const { query, limit, binding } = parseTaskListQuery(request.url, deps.maxWindowDays, deps.cursors);
    const rows = await findTaskPageJson(deps.store, query);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    const nextCursor = rows.length > limit && last ? deps.cursors.encode(positionOf(last), binding) : null;
    reply.type("application/json; charset=utf-8");
    return taskPageBytes(data, nextCursor);
  });

  app.get<{ Params: { id: string } }>("/v1/tasks/:id", { preHandler }, async (request, reply) => {
    parseQueryString(request.url, []);
    const { id } = request.params;
    if (!IDENTIFIER_PATTERN.test(id)) {
      throw invalidRequest('A task id is 1-128 characters of letters, digits, ".", "_", ":" or "-".');
    }
    const task = await findTask(deps.store, id);
    if (!task) throw new ApiError(404, "not_found", "No task has this id.");
    return jsonBytes(reply, task);
  });
}

/**
 * The keyset position of a task from its stored JSON: parsing one row per page is cheaper than
 * selecting id and started_at again beside every row's JSON.
 */
function positionOf(taskJson: string): TaskPosition {
  const { id, started_at } = JSON.parse(taskJson) as TaskPosition;
  return { id, started_at };
}
