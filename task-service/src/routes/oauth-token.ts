// POST /oauth/token: the client-credentials grant.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccessTokens } from "../auth/access-tokens";
import { TOKEN_LIFETIME_SECONDS } from "../auth/access-tokens";
import { verifyClientSecret } from "../auth/client-secrets";
import {
  claimedClientId,
  readTokenRequest,
  validateTokenRequest,
  type ValidTokenRequest,
} from "../auth/token-request";
import { IDENTIFIER_PATTERN } from "../../../contract/query/identifier";
import { formatScopes, isScope } from "../domain/scopes";
import { BASIC_CHALLENGE, OAuthError } from "../http/oauth-error";
import { hasQueryParameters } from "../http/request-target";
import { refuseMethod, TOKEN_PATH } from "../http/served-methods";
import type { ServiceMetrics } from "../observability/service-metrics";
import { clientState, findClient, type ClientRecord } from "../repositories/clients-repository";
import type { FixedWindowRateLimit } from "../rate-limit/fixed-window";
import type { Store } from "../store/store";

export interface TokenRouteDeps {
  store: Store;
  tokens: AccessTokens;
  rateLimit: FixedWindowRateLimit;
  metrics: ServiceMetrics;
}

const BODY_LIMIT_BYTES = 8 * 1024;

export async function oauthTokenRoutes(app: FastifyInstance, deps: TokenRouteDeps): Promise<void> {
  // Every body type is read as text so the handler can answer a wrong one with invalid_request.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post("/oauth/token", async (request, reply) => {
    void reply.headers({ "cache-control": "no-store", pragma: "no-cache" });
    try {
      const response = await grant(request, deps);
      deps.metrics.tokenRequests.inc({ outcome: "issued" });
      return response;
    } catch (error) {
      deps.metrics.tokenRequests.inc({ outcome: error instanceof OAuthError ? error.code : "error" });
      throw error;
    }
  });
  app.route({
    method: app.supportedMethods.filter((method) => method !== "POST"),
    url: TOKEN_PATH,
    onRequest: refuseMethod,
    handler: refuseMethod,
  });
}

async function grant(request: FastifyRequest, deps: TokenRouteDeps) {
  const parts = readTokenRequest(
    request.headers["content-type"],
    request.body,
    request.headers.authorization,
  );
  const claimed = claimedClientId(parts);
  const decision = await deps.rateLimit.take(
    claimed !== undefined ? `client:${claimed}` : `ip:${request.ip}`,
  );
  if (!decision.allowed) {
    const seconds = decision.resetSeconds;
    throw new OAuthError(429, "rate_limited", `Too many token requests; retry in ${seconds} seconds.`, {
      "retry-after": String(seconds),
    });
  }
  if (hasQueryParameters(request.url)) {
    throw new OAuthError(400, "invalid_request", "Send parameters in the form body, never in the URL.");
  }
  const valid = validateTokenRequest(parts);
  const client = await authenticateClient(deps.store, valid);
  request.authenticatedClientId = client.client_id;
  const scope = grantedScope(client, valid.scope);
  return {
    access_token: await deps.tokens.issue(client.client_id, scope),
    token_type: "Bearer",
    expires_in: TOKEN_LIFETIME_SECONDS,
    scope,
  };
}

async function authenticateClient(store: Store, request: ValidTokenRequest): Promise<ClientRecord> {
  // Ids outside the identifier shape cannot exist (the CLI enforces it), and may hold bytes the
  // store refuses, such as NUL: they are unknown clients, verified in the same time as any other.
  const client = IDENTIFIER_PATTERN.test(request.clientId)
    ? await findClient(store, request.clientId)
    : undefined;
  const secretMatches = verifyClientSecret(request.secret, client?.secret_hash);
  if (!client || !secretMatches || clientState(client, new Date()) !== "active") {
    throw new OAuthError(
      401,
      "invalid_client",
      "Client authentication failed.",
      request.usedBasic ? BASIC_CHALLENGE : {},
    );
  }
  return client;
}

function grantedScope(client: ClientRecord, requested: string | undefined): string {
  const held = new Set(client.scopes);
  if (requested === undefined) return formatScopes(held);
  const wanted = requested.split(" ").filter((scope) => scope !== "");
  const refused = wanted.filter((scope) => !isScope(scope) || !held.has(scope));
  if (wanted.length === 0 || refused.length > 0) {
    throw new OAuthError(
      400,
      "invalid_scope",
      "The requested scope is unknown or not granted to this client.",
    );
  }
  return formatScopes(wanted);
}
