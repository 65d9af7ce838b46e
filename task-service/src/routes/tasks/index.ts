// GET /v1/tasks, GET /v1/tasks/{id} and GET /v1/task-changes.
import type { FastifyInstance } from "fastify";
import { IDENTIFIER_PATTERN } from "../../../../contract/query/identifier";
import { ApiError, invalidRequest } from "../../http/api-error";
import { jsonBytes } from "../../http/json-bytes";
import { taskPageBytes } from "../../http/task-page-bytes";
import { parseQueryString } from "../../http/query-string";
import type { CursorCodec } from "../../pagination/cursor-codec";
import { requireScope } from "../../plugins/v1-guard";
import type { TaskPosition } from "../../repositories/task-page-sql";
import {
  findTask,
  findTaskChanges,
  findTaskPageJson,
  latestChangePosition,
} from "../../repositories/tasks-repository";
import type { Store } from "../../store/store";
import { parseTaskChangesQuery } from "./task-changes-query";
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

  app.get("/v1/task-changes", { preHandler }, async (request, reply) => {
    const { after, limit } = parseTaskChangesQuery(request.url, deps.cursors);
    const from = after === "latest" ? await latestChangePosition(deps.store) : after;
    const { rows, heldBack } = await findTaskChanges(deps.store, from, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    // A caught-up page keeps the reader where it was.
    const next = last ? { xid: last[1], id: positionOf(last[0]).id } : from;
    const hasMore = rows.length > limit;
    reply.type("application/json; charset=utf-8");
    return taskPageBytes(
      page.map((row) => row[0]),
      deps.cursors.encodeChange(next),
      {
        has_more: hasMore,
        caught_up: !hasMore && !heldBack,
      },
    );
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
