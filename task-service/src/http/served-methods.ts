// The methods each path served outside /v1 answers. Any other method is 405 with Allow, decided
// when the request arrives, before a body is read: a body the service cannot parse must not turn
// "wrong method" into "unreadable request", and a method the router does not know (PROPFIND) must
// not turn it into "no such resource". /v1's own guard does the same for the API.
import { ApiError } from "./api-error";
import { OAuthError } from "./oauth-error";
import { requestPath } from "./request-target";

export const TOKEN_PATH = "/oauth/token";

/** Served without a token, read-only. */
export const PUBLIC_READ_PATHS = ["/openapi.yaml", "/healthz", "/.well-known/jwks.json", "/metrics"];

/** The 405 for a request's method on its path, or undefined where it is served or the path is not ours. */
export function wrongMethod(request: { url: string; method: string }): ApiError | OAuthError | undefined {
  const pathname = requestPath(request.url);
  const { method } = request;
  if (pathname === TOKEN_PATH)
    return method === "POST"
      ? undefined
      : new OAuthError(405, "invalid_request", "Use POST for the token endpoint.", { allow: "POST" });
  if (PUBLIC_READ_PATHS.includes(pathname))
    return method === "GET" || method === "HEAD"
      ? undefined
      : new ApiError(405, "method_not_allowed", "Use GET or HEAD.", { allow: "GET, HEAD" });
  return undefined;
}

/** A route's refusal, before the body is read (onRequest); as its handler too, should a hook let it through. */
export async function refuseMethod(request: { url: string; method: string }): Promise<never> {
  throw wrongMethod(request) ?? new Error(`no refusal for ${request.method} on this route`);
}
