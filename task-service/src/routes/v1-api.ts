// The /v1 surface: one guard in front of every path, known or not, then the resources.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccessTokens } from "../auth/access-tokens";
import type { ClientDirectory } from "../auth/client-directory";
import { ApiError } from "../http/api-error";
import type { CursorCodec } from "../pagination/cursor-codec";
import { checkScopeOfPath, v1Guard } from "../plugins/v1-guard";
import type { FixedWindowRateLimit } from "../rate-limit/fixed-window";
import type { Store } from "../store/store";
import { locationRoutes } from "./locations";
import { taskRoutes } from "./tasks/index";

export interface V1Deps {
  store: Store;
  tokens: AccessTokens;
  clients: ClientDirectory;
  rateLimit: FixedWindowRateLimit;
  cursors: CursorCodec;
  maxWindowDays: number;
}

export async function v1Api(app: FastifyInstance, deps: V1Deps): Promise<void> {
  app.addHook("onRequest", v1Guard(deps));
  await app.register(locationRoutes, deps);
  await app.register(taskRoutes, deps);

  // Unknown paths and other methods still pass the guard first, so no path is found out without a
  // token.
  // The guard has already answered every method but GET and HEAD with 405.
  const fallback = async (request: FastifyRequest) => {
    checkScopeOfPath(request);
    throw new ApiError(404, "not_found", "No such resource.");
  };
  app.all("/v1", fallback);
  app.all("/v1/*", fallback);
}
