// The first checks on every /v1 request, in the contract's order: token (401), then the
// rate limit (429). Every request is counted: against its client with a valid token, otherwise
// against its source address.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccessTokens, TokenSubject } from "../auth/access-tokens";
import { ApiError, rateLimited } from "../http/api-error";
import { requestPath } from "../http/request-target";
import type { ClientDirectory } from "../auth/client-directory";
import { clientState } from "../repositories/clients-repository";
import type { FixedWindowRateLimit } from "../rate-limit/fixed-window";
import type { Scope } from "../domain/scopes";

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export type V1GuardDeps = { tokens: AccessTokens; clients: ClientDirectory; rateLimit: FixedWindowRateLimit };

export function v1Guard(deps: V1GuardDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const presented = request.headers.authorization?.match(BEARER)?.[1];
    // A token that cannot be checked now (its client's record out of reach) is counted as an
    // unchecked one is, against the address, and the 503 it gets carries the rate-limit headers
    // every /v1 answer has.
    const checked = presented
      ? await authenticate(presented, deps).then(
          (subject) => ({ subject, failure: undefined }),
          (failure: unknown) => ({
            subject: undefined,
            failure: failure instanceof Error ? failure : new Error(`token check failed: ${String(failure)}`),
          }),
        )
      : { subject: undefined, failure: undefined };
    const { subject } = checked;
    const decision = await deps.rateLimit.take(subject ? `client:${subject.clientId}` : `ip:${request.ip}`);
    reply.headers({
      "x-ratelimit-limit": decision.limit,
      "x-ratelimit-remaining": decision.remaining,
      "x-ratelimit-reset": decision.resetSeconds,
    });
    if (checked.failure !== undefined) throw checked.failure;
    if (!subject) {
      throw new ApiError(
        401,
        "unauthorized",
        "A valid bearer token is required in the Authorization header.",
        {
          "www-authenticate": presented ? 'Bearer realm="vts", error="invalid_token"' : 'Bearer realm="vts"',
        },
      );
    }
    // Known before the rate limit's verdict, so a 429 is counted under its client in /metrics.
    request.subject = subject;
    if (!decision.allowed) throw rateLimited(decision.resetSeconds);
    // Answered here, before any body is read: a write to a read-only API is 405 whatever it carries.
    if (request.method !== "GET" && request.method !== "HEAD") {
      throw new ApiError(405, "method_not_allowed", "The API is read-only: use GET or HEAD.", {
        allow: "GET, HEAD",
      });
    }
  };
}

/**
 * A token is only as good as its client right now: revoking or narrowing a client takes effect at
 * once (on every instance, as ClientDirectory states), and expiry is checked against the clock here.
 */
async function authenticate(
  token: string,
  deps: { tokens: AccessTokens; clients: ClientDirectory },
): Promise<TokenSubject | undefined> {
  const claims = await deps.tokens.verify(token);
  if (!claims) return undefined;
  const client = await deps.clients.find(claims.clientId);
  if (!client || clientState(client, new Date()) !== "active") return undefined;
  const granted = new Set(client.scopes);
  return {
    clientId: claims.clientId,
    scopes: new Set([...claims.scopes].filter((scope) => granted.has(scope))),
  };
}

/** The scope a /v1 path belongs to, for requests that never reach a route (bad URLs, unknown paths). */
function scopeOfPath(path: string): Scope | undefined {
  if (/^\/v1\/(tasks|task-changes)(\/|$)/.test(path)) return "tasks:read";
  if (/^\/v1\/locations(\/|$)/.test(path)) return "locations:read";
  return undefined;
}

/**
 * Scope before parameters and lookup, also where no route matched: a client without the scope
 * learns nothing about which paths or parameters exist.
 */
export function checkScopeOfPath(request: FastifyRequest): void {
  const scope = scopeOfPath(requestPath(request.url));
  if (scope) checkScope(request, scope);
}

function checkScope(request: FastifyRequest, scope: Scope): void {
  if (!request.subject?.scopes.has(scope)) {
    // RFC 6750 section 3: a token that does not give access says why, and which scope would.
    throw new ApiError(403, "forbidden", `This token lacks the "${scope}" scope.`, {
      "www-authenticate": `Bearer realm="vts", error="insufficient_scope", scope="${scope}"`,
    });
  }
}

export function requireScope(scope: Scope) {
  return async (request: FastifyRequest) => checkScope(request, scope);
}
