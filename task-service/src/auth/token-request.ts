// Reads a token request (RFC 6749 4.4 and 2.3.1) without judging it yet: the rate limit is taken
// before any verdict, so even malformed attempts count against the client they name.
import { BASIC_CHALLENGE, OAuthError } from "../http/oauth-error";

export interface BasicCredentials {
  clientId: string;
  secret: string;
}

export interface TokenRequestParts {
  /** Undefined when the body is not form-encoded. */
  form: Map<string, string[]> | undefined;
  /**
   * "unsupported" for an Authorization header of another scheme (RFC 6749 5.2: invalid_client),
   * "malformed" for a Basic header that holds no usable credentials (invalid_request).
   */
  basic: BasicCredentials | "malformed" | "unsupported" | undefined;
}

export function readTokenRequest(
  contentType: string | undefined,
  body: unknown,
  authorization: string | undefined,
) {
  const isForm = contentType?.split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";
  let form: Map<string, string[]> | undefined;
  if (isForm) {
    form = new Map();
    for (const [name, value] of new URLSearchParams(typeof body === "string" ? body : "")) {
      // RFC 6749 3.2: a parameter sent without a value is treated as if it were omitted.
      if (value !== "") form.set(name, [...(form.get(name) ?? []), value]);
    }
  }
  return {
    form,
    basic: authorization === undefined ? undefined : readBasic(authorization),
  } satisfies TokenRequestParts;
}

/** The client id a request claims to be, for rate limiting; undefined when it names none. */
export function claimedClientId(parts: TokenRequestParts): string | undefined {
  const claimed = typeof parts.basic === "object" ? parts.basic.clientId : parts.form?.get("client_id")?.[0];
  return claimed === "" ? undefined : claimed;
}

/** The parameters of a client credentials request (RFC 6749 4.4.2 and 2.3.1). */
const TOKEN_PARAMETERS = ["grant_type", "scope", "client_id", "client_secret"];

/** An auth-scheme token (RFC 9110 11.1) followed by a space or nothing. */
const SCHEME = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?: |$)/;

/**
 * RFC 6749 2.3.1: both halves are form-urlencoded before base64, so "+" is a space. Decoded the way
 * the form body is (WHATWG, as URLSearchParams does): a "%" without two hex digits after it stays a
 * "%", and bytes that are not UTF-8 become U+FFFD. So a secret sent without encoding is simply a
 * secret that does not match.
 */
function formDecode(text: string): string {
  return text
    .replace(/\+/g, " ")
    .replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) =>
      Buffer.from(escapes.replace(/%/g, ""), "hex").toString("utf8"),
    );
}

function readBasic(header: string): BasicCredentials | "malformed" | "unsupported" {
  const scheme = SCHEME.exec(header)?.[1];
  if (scheme !== undefined && scheme.toLowerCase() !== "basic") return "unsupported";
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (!match?.[1]) return "malformed";
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return "malformed";
  return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

export interface ValidTokenRequest {
  clientId: string;
  secret: string;
  usedBasic: boolean;
  /** Undefined when the client asked for everything it holds. */
  scope: string | undefined;
}

/** Applies RFC 6749's rules in a fixed order; throws the OAuth error for the first one broken. */
export function validateTokenRequest(parts: TokenRequestParts): ValidTokenRequest {
  const invalid = (message: string) => new OAuthError(400, "invalid_request", message);
  const { form, basic } = parts;
  if (!form) throw invalid("The body must be application/x-www-form-urlencoded.");
  for (const [name, values] of form) {
    // A name of the client's own choosing is not echoed: it may hold anything.
    const named = TOKEN_PARAMETERS.includes(name) ? `Parameter ${name}` : "A parameter";
    if (values.length > 1) throw invalid(`${named} is repeated; give it once.`);
  }
  const field = (name: string) => form.get(name)?.[0];
  if (basic === "malformed") {
    throw invalid(
      "The Authorization header must be HTTP Basic with form-urlencoded client_id:client_secret.",
    );
  }
  if (basic === "unsupported") {
    throw new OAuthError(
      401,
      "invalid_client",
      "Authenticate the client with HTTP Basic or with the client_id and client_secret form fields.",
      BASIC_CHALLENGE,
    );
  }
  if (basic && (field("client_id") !== undefined || field("client_secret") !== undefined)) {
    throw invalid("Use one client authentication method: HTTP Basic or form fields, not both.");
  }
  const grantType = field("grant_type");
  if (grantType === undefined) throw invalid("grant_type is required.");
  if (grantType !== "client_credentials") {
    throw new OAuthError(400, "unsupported_grant_type", "Only client_credentials is supported.");
  }
  const clientId = basic ? basic.clientId : field("client_id");
  const secret = basic ? basic.secret : field("client_secret");
  if (!clientId || secret === undefined) {
    throw new OAuthError(
      401,
      "invalid_client",
      "Client authentication is required.",
      basic ? BASIC_CHALLENGE : {},
    );
  }
  return { clientId, secret, usedBasic: basic !== undefined, scope: field("scope") };
}
