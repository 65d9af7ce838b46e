import "server-only";
import { z } from "zod";
import { parseRetryAfter } from "../http/rate-limit-headers";
import { TokenEndpointError } from "./errors";

// One client-credentials grant against POST {baseUrl}/oauth/token (RFC 6749 4.4, as the service's
// contract describes it). Every failure becomes a TokenEndpointError; only the caller's own abort is rethrown as is.
// Messages never carry the client secret or a token.

export interface ServiceToken {
  accessToken: string;
  expiresInSeconds: number;
  /** The granted scopes, space-separated. */
  scope: string;
}

export interface FetchServiceTokenOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to narrow the token to; the client's full grant when omitted. */
  scope?: string;
  /** The caller giving up; rethrown as its own reason, not as a TokenEndpointError. */
  signal?: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;

// Unknown fields are stripped, not refused: the service's contract lets it add fields within /v1.
const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
});

const oauthErrorSchema = z.object({ error: z.string().regex(/^[\x20-\x7e]{1,64}$/) });

export async function fetchServiceToken(options: FetchServiceTokenOptions): Promise<ServiceToken> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const url = new URL("oauth/token", options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  const body = new URLSearchParams({ grant_type: "client_credentials" });
  if (options.scope !== undefined) body.set("scope", options.scope);

  let response: Response;
  let text: string;
  try {
    response = await (options.fetchImpl ?? fetch)(url, {
      method: "POST",
      headers: {
        authorization: basicAuthorization(options.clientId, options.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body,
      // A redirect would carry the credentials somewhere we were not configured to send them.
      redirect: "manual",
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      const message = `token endpoint ${url.origin} timed out after ${timeoutMs} ms`;
      throw new TokenEndpointError("unavailable", message);
    }
    const message = `token endpoint ${url.origin} unreachable: ${describe(error)}`;
    throw new TokenEndpointError("unavailable", message, { cause: error });
  }
  return readResponse(response, text, url.origin, options.scope);
}

/** RFC 6749 2.3.1: id and secret are form-urlencoded before base64, so "+" and "%" survive. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString("base64")}`;
}

function readResponse(
  response: Response,
  text: string,
  origin: string,
  scope: string | undefined,
): ServiceToken {
  const status = response.status;
  if (response.ok) {
    const parsed = tokenResponseSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      // Only field names: the values could include the token.
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "body"))];
      const message = `token endpoint ${origin} answered ${status} with an invalid body (${fields.join(", ")})`;
      throw new TokenEndpointError("invalid_response", message, { status });
    }
    const { access_token, expires_in } = parsed.data;
    // RFC 6749 5.1: scope may be omitted when it is exactly what was requested.
    return {
      accessToken: access_token,
      expiresInSeconds: expires_in,
      scope: parsed.data.scope ?? scope ?? "",
    };
  }
  // Only the error code is kept: error_description is free text we do not control.
  const oauthError = oauthErrorSchema.safeParse(parseJson(text)).data?.error;
  const what = `token endpoint ${origin} answered ${status}${oauthError ? ` ${oauthError}` : ""}`;
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), Date.now());
    throw new TokenEndpointError("rate_limited", what, { status, retryAfterMs, oauthError });
  }
  if (status >= 500 || status === 408)
    throw new TokenEndpointError("unavailable", what, { status, oauthError });
  // 400 invalid_scope, 401 invalid_client, but also a 404 or a redirect from a wrong base URL:
  // retrying will not help until someone fixes the configuration.
  const message = `${what}; check the base URL, client id, secret and scope`;
  throw new TokenEndpointError("rejected", message, { status, oauthError });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause && typeof cause === "object" && "code" in cause ? cause.code : undefined;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : "request failed";
}
