// The methods each path served outside /v1 answers. Any other method is 405 with Allow, decided
// when the request arrives, before a body is read: a body the service cannot parse must not turn
// "wrong method" into "unreadable request", and a method the router does not know (PROPFIND) must
// not turn it into "no such resource". /v1's own guard does the same for the API.
import { ApiError } from "./api-error";
import { OAuthError } from "./oauth-error";

export const TOKEN_PATH = "/oauth/token";

/** Served without a token, read-only. */
export const PUBLIC_READ_PATHS = ["/openapi.yaml", "/healthz", "/.well-known/jwks.json", "/metrics"];

/** The 405 for `method` on `pathname`, or undefined where the method is served or the path is not ours. */
export function wrongMethod(pathname: string, method: string): ApiError | OAuthError | undefined {
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
