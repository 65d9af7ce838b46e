// Errors of the token endpoint, which speaks RFC 6749 section 5.2 instead of the standard error body.

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_scope"
  | "unsupported_grant_type"
  | "rate_limited"
  | "server_error"
  | "temporarily_unavailable";

/** RFC 6749 5.2: an invalid_client answer to a client that authenticated with HTTP Basic carries it. */
export const BASIC_CHALLENGE = { "www-authenticate": 'Basic realm="vts"' };

export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: OAuthErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * RFC 6749 5.2: an error_description holds printable ASCII without `"` and `\`. The token
 * endpoint's messages are written so; this keeps any other message it renders (a framework's, a
 * store's) within the rule: a double quote becomes a single one, anything else outside is dropped.
 */
export function oauthDescription(message: string): string {
  return message.replaceAll('"', "'").replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, "");
}
