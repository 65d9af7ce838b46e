// Turns anything thrown during a request into the documented error body: the standard body
// everywhere, the RFC 6749 body on the token endpoint. Internals never reach the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, errorBody } from "../http/api-error";
import { OAuthError, oauthDescription } from "../http/oauth-error";
import { requestPath } from "../http/request-target";
import { TOKEN_PATH, wrongMethod } from "../http/served-methods";
import { isDatabaseUnavailable } from "../../../platform/sql/sql-db";
import { checkScopeOfPath } from "./v1-guard";

const STORE_RETRY_AFTER_SECONDS = 5;

export function isTokenEndpoint(request: FastifyRequest): boolean {
  return requestPath(request.url) === TOKEN_PATH;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const V1_PATH = /^\/v1(\/|$)/;

export function installErrorRendering(app: FastifyInstance, guard: Guard): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const rendered = classify(error);
    if (rendered.statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
    }
    return render(request, reply, rendered);
  });
  // Paths the router cannot place (such as /v1/tasks/%2E%2E) are still /v1 requests: guard first.
  // A served path asked with a method the router does not know (PROPFIND) is 405, not 404.
  app.setNotFoundHandler((request, reply) => {
    const refused = wrongMethod(request);
    if (refused) return render(request, reply, refused);
    return answerAfterGuard(request, reply, guard, new ApiError(404, "not_found", "No such resource."));
  });
}

function classify(error: unknown): ApiError | OAuthError {
  if (error instanceof ApiError || error instanceof OAuthError) return error;
  if (isDatabaseUnavailable(error)) {
    return new ApiError(503, "unavailable", "The service is temporarily unavailable; retry later.", {
      "retry-after": String(STORE_RETRY_AFTER_SECONDS),
    });
  }
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    // Framework-level rejections (unreadable or oversized bodies, bad encodings).
    return new ApiError(400, "invalid_request", "The request could not be read.");
  }
  return new ApiError(
    500,
    "internal_error",
    "Something went wrong on our side; the request id identifies it.",
  );
}

const OAUTH_CODES: Record<string, OAuthError["code"]> = {
  invalid_request: "invalid_request",
  not_found: "invalid_request",
  method_not_allowed: "invalid_request",
  rate_limited: "rate_limited",
  unavailable: "temporarily_unavailable",
};

/** For URLs the router cannot even decode. On /v1 the guard runs first: a token is checked before all. */
export function answerUnreadableUrl(
  request: FastifyRequest,
  reply: FastifyReply,
  guard: Guard,
): Promise<void> {
  reply.header("x-request-id", request.id);
  return answerAfterGuard(
    request,
    reply,
    guard,
    new ApiError(400, "invalid_request", "The request URL could not be read."),
  );
}

async function answerAfterGuard(
  request: FastifyRequest,
  reply: FastifyReply,
  guard: Guard,
  answer: ApiError,
) {
  try {
    if (V1_PATH.test(requestPath(request.url))) {
      await guard(request, reply);
      checkScopeOfPath(request);
    }
    throw answer;
  } catch (error) {
    await render(request, reply, classify(error));
  }
}

async function render(request: FastifyRequest, reply: FastifyReply, error: ApiError | OAuthError) {
  reply.code(error.statusCode).headers(error.headers);
  if (isTokenEndpoint(request)) {
    const code = error instanceof OAuthError ? error.code : (OAUTH_CODES[error.code] ?? "server_error");
    reply.headers({ "cache-control": "no-store", pragma: "no-cache" });
    return reply.send({ error: code, error_description: oauthDescription(error.message) });
  }
  const code = error instanceof ApiError ? error.code : "internal_error";
  return reply.send(errorBody(code, error.message, request.id));
}
