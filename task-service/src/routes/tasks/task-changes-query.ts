// Validates GET /v1/task-changes parameters: where the page starts, and its size.
import { LIMIT_MESSAGE, readLimit } from "../../../../contract/query/page-limit";
import { invalidRequest } from "../../http/api-error";
import { parseQueryString } from "../../http/query-string";
import type { CursorCodec } from "../../pagination/cursor-codec";
import { EARLIEST, type ChangePosition } from "../../repositories/task-changes-sql";

export interface TaskChangesRequest {
  /** After this position, or after the latest change at the time of the request. */
  after: ChangePosition | "latest";
  limit: number;
}

export function parseTaskChangesQuery(url: string, cursors: CursorCodec): TaskChangesRequest {
  const params = parseQueryString(url, ["cursor", "start", "limit"]);
  const limit = readLimit(params.get("limit"));
  if (limit === undefined) throw invalidRequest(LIMIT_MESSAGE);
  const cursor = params.get("cursor");
  const start = params.get("start");
  if (cursor !== undefined && start !== undefined) {
    throw invalidRequest('"start" chooses where a feed without "cursor" begins; send one or the other.');
  }
  if (cursor !== undefined) return { after: cursors.decodeChange(cursor), limit };
  if (start === undefined || start === "earliest") return { after: EARLIEST, limit };
  if (start === "latest") return { after: "latest", limit };
  throw invalidRequest('"start" must be "earliest" or "latest".');
}
