// Reading and validating token requests (RFC 6749 4.4, 2.3.1 and 5.2; decisions.md POST /oauth/token).
import { describe, expect, it } from "vitest";
import {
  claimedClientId,
  readTokenRequest,
  validateTokenRequest,
  type TokenRequestParts,
} from "../../src/auth/token-request";
import { OAuthError } from "../../src/http/oauth-error";

const FORM = "application/x-www-form-urlencoded";
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const basic = (raw: string) => `Basic ${b64(raw)}`;

function read(
  body: string,
  authorization?: string,
  contentType: string | undefined = FORM,
): TokenRequestParts {
  return readTokenRequest(contentType, body, authorization);
}

function failure(parts: TokenRequestParts): OAuthError {
  try {
    validateTokenRequest(parts);
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
  }
  throw new Error("the request was accepted");
}

describe("HTTP Basic client authentication (RFC 6749 2.3.1: form-urlencoded, then base64)", () => {
  it.each([
    [
      "plain",
      "sandbox-full:sandbox-full-secret",
      { clientId: "sandbox-full", secret: "sandbox-full-secret" },
    ],
    ['"+" is a space', "my+client:a+b", { clientId: "my client", secret: "a b" }],
    ["percent-encoding", "p%2Bs:p%2Bs%2Fw%3Ard%25%C3%A9", { clientId: "p+s", secret: "p+s/w:rd%é" }],
    ["a raw colon in the secret", "id:se:cr:et", { clientId: "id", secret: "se:cr:et" }],
    ["raw non-ASCII (UTF-8)", "clïent:sécret🚗", { clientId: "clïent", secret: "sécret🚗" }],
    ["encoded non-ASCII", "cl%C3%AFent:s%C3%A9cret", { clientId: "clïent", secret: "sécret" }],
    ["an empty secret", "id:", { clientId: "id", secret: "" }],
    ["an empty client id", ":secret", { clientId: "", secret: "secret" }],
  ])("decodes %s", (_name, raw, expected) => {
    expect(read("grant_type=client_credentials", basic(raw)).basic).toEqual(expected);
  });

  it("accepts the scheme in any case and padding-free base64", () => {
    const encoded = b64("id:secret");
    expect(read("", `basic ${encoded}`).basic).toEqual({ clientId: "id", secret: "secret" });
    expect(read("", `BASIC ${encoded}`).basic).toEqual({ clientId: "id", secret: "secret" });
    expect(read("", `Basic ${b64("id:secre").replace(/=+$/, "")}`).basic).toEqual({
      clientId: "id",
      secret: "secre",
    });
  });

  it.each([
    ["no credentials", "Basic"],
    ["only a space", "Basic "],
    ["no colon", basic("sandbox-full")],
    ["not base64", "Basic !!!!"],
    ["base64url characters", "Basic a-b_c"],
    ["garbage", "\u0000"],
  ])("marks %s as malformed", (_name, header) => {
    expect(read("grant_type=client_credentials", header).basic).toBe("malformed");
  });

  it.each([
    ["Bearer", "Bearer abc.def.ghi"],
    ["Digest", 'Digest username="x"'],
    ["a bare scheme", "Negotiate"],
  ])("marks the %s scheme as unsupported", (_name, header) => {
    expect(read("grant_type=client_credentials", header).basic).toBe("unsupported");
  });

  it.each([
    ["a bad percent escape in the id", basic("%zz:secret"), { clientId: "%zz", secret: "secret" }],
    ["a lone % in the secret", basic("id:%"), { clientId: "id", secret: "%" }],
    ["an unencoded secret", basic("id:p+s/w:rd%é"), { clientId: "id", secret: "p s/w:rd%é" }],
    ["a lone UTF-8 lead byte", basic("id:%C3"), { clientId: "id", secret: "\uFFFD" }],
  ])("decodes %s the way the form body is decoded", (_name, header, expected) => {
    expect(read("grant_type=client_credentials", header).basic).toEqual(expected);
  });

  it("leaves basic undefined without an Authorization header", () => {
    expect(read("grant_type=client_credentials").basic).toBeUndefined();
  });
});

describe("reading the form", () => {
  it("keeps every value of a repeated parameter", () => {
    expect(read("scope=a&scope=b&grant_type=client_credentials").form?.get("scope")).toEqual(["a", "b"]);
  });

  it("decodes the form body (+ and percent-encoding)", () => {
    const form = read("client_secret=p%2Bs%2Fw%3Ard%25%C3%A9&scope=tasks%3Aread+locations%3Aread").form;
    expect(form?.get("client_secret")).toEqual(["p+s/w:rd%é"]);
    expect(form?.get("scope")).toEqual(["tasks:read locations:read"]);
  });

  it.each([FORM, `${FORM}; charset=utf-8`, "APPLICATION/X-WWW-FORM-URLENCODED", ` ${FORM} ;charset=UTF-8`])(
    "takes %j as a form",
    (contentType) => {
      expect(read("grant_type=client_credentials", undefined, contentType).form).toBeInstanceOf(Map);
    },
  );

  it.each(["application/json", "multipart/form-data; boundary=x", "text/plain", `${FORM}2`, "", undefined])(
    "does not take %j as a form",
    (contentType) => {
      expect(readTokenRequest(contentType, "grant_type=client_credentials", undefined).form).toBeUndefined();
    },
  );

  it("reads a non-string body as an empty form", () => {
    expect(readTokenRequest(FORM, { grant_type: "client_credentials" }, undefined).form).toEqual(new Map());
  });
});

describe("validateTokenRequest", () => {
  it("accepts Basic credentials", () => {
    expect(
      validateTokenRequest(read("grant_type=client_credentials&scope=tasks%3Aread", basic("id:secret"))),
    ).toEqual({
      clientId: "id",
      secret: "secret",
      usedBasic: true,
      scope: "tasks:read",
    });
  });

  it("accepts form credentials", () => {
    expect(validateTokenRequest(read("grant_type=client_credentials&client_id=id&client_secret=s"))).toEqual({
      clientId: "id",
      secret: "s",
      usedBasic: false,
      scope: undefined,
    });
  });

  it.each([
    ["a body that is not a form", read("grant_type=client_credentials", basic("id:s"), "application/json")],
    [
      "a repeated grant_type",
      read("grant_type=client_credentials&grant_type=client_credentials", basic("id:s")),
    ],
    ["a repeated scope", read("grant_type=client_credentials&scope=a&scope=a", basic("id:s"))],
    ["a repeated unknown parameter", read("grant_type=client_credentials&x=1&x=2", basic("id:s"))],
    [
      "a repeated client_secret",
      read("grant_type=client_credentials&client_id=id&client_secret=a&client_secret=b"),
    ],
    ["a malformed Basic header", read("grant_type=client_credentials", basic("no-colon"))],
    ["Basic and a form client_id", read("grant_type=client_credentials&client_id=id", basic("id:s"))],
    ["Basic and a form client_secret", read("grant_type=client_credentials&client_secret=s", basic("id:s"))],
    ["a missing grant_type", read("client_id=id&client_secret=s")],
    ["a missing grant_type with Basic", read("scope=tasks%3Aread", basic("id:s"))],
  ])("rejects %s with 400 invalid_request", (_name, parts) => {
    expect(failure(parts)).toMatchObject({ statusCode: 400, code: "invalid_request" });
  });

  it.each(["password", "authorization_code", "refresh_token", "CLIENT_CREDENTIALS", "client_credentials "])(
    "rejects grant_type %j with 400 unsupported_grant_type",
    (grantType) => {
      const parts = read(`grant_type=${encodeURIComponent(grantType)}`, basic("id:s"));
      expect(failure(parts)).toMatchObject({ statusCode: 400, code: "unsupported_grant_type" });
    },
  );

  it("treats a parameter sent without a value as omitted (RFC 6749 3.2)", () => {
    expect(failure(read("grant_type=", basic("id:s")))).toMatchObject({
      statusCode: 400,
      code: "invalid_request",
      message: "grant_type is required.",
    });
    // Not "both methods" nor "repeated": the empty ones are not there.
    expect(
      validateTokenRequest(
        read("grant_type=client_credentials&client_id=&client_secret=&scope=&grant_type=", basic("id:s")),
      ),
    ).toEqual({ clientId: "id", secret: "s", usedBasic: true, scope: undefined });
  });

  it("names a repeated parameter of the grant, and no name of the client's own choosing", () => {
    expect(failure(read("grant_type=client_credentials&scope=a&scope=b"))).toMatchObject({
      message: "Parameter scope is repeated; give it once.",
    });
    expect(failure(read('grant_type=client_credentials&x%1B"=1&x%1B"=2'))).toMatchObject({
      message: "A parameter is repeated; give it once.",
    });
  });

  it.each([
    ["no credentials at all", read("grant_type=client_credentials")],
    ["a client_id without a secret", read("grant_type=client_credentials&client_id=id")],
    ["a secret without a client_id", read("grant_type=client_credentials&client_secret=s")],
    ["an empty form client_id", read("grant_type=client_credentials&client_id=&client_secret=s")],
  ])("rejects %s with 401 invalid_client", (_name, parts) => {
    expect(failure(parts)).toMatchObject({ statusCode: 401, code: "invalid_client", headers: {} });
  });

  it("rejects an empty Basic client id with 401 invalid_client and the Basic challenge", () => {
    expect(failure(read("grant_type=client_credentials", basic(":s")))).toMatchObject({
      statusCode: 401,
      code: "invalid_client",
      headers: { "www-authenticate": 'Basic realm="vts"' },
    });
  });
});

describe("claimedClientId (whose rate limit a request is counted against)", () => {
  it("is the Basic client id when Basic is usable", () => {
    expect(claimedClientId(read("client_id=form-id", basic("basic-id:s")))).toBe("basic-id");
  });

  it("is the form client_id without usable Basic", () => {
    expect(claimedClientId(read("grant_type=client_credentials&client_id=form-id"))).toBe("form-id");
    expect(claimedClientId(read("client_id=form-id", basic("no-colon")))).toBe("form-id");
  });

  it("is the first of repeated client_ids", () => {
    expect(claimedClientId(read("client_id=a&client_id=b"))).toBe("a");
  });

  it("is undefined when the request names no client", () => {
    expect(claimedClientId(read("grant_type=client_credentials"))).toBeUndefined();
    expect(claimedClientId(readTokenRequest("application/json", "client_id=x", undefined))).toBeUndefined();
    expect(claimedClientId(read("grant_type=client_credentials", "Basic !!!"))).toBeUndefined();
    // An empty id names no client: such attempts are counted by address, not all under one key.
    expect(claimedClientId(read("grant_type=client_credentials", basic(":s")))).toBeUndefined();
    expect(claimedClientId(read("grant_type=client_credentials&client_id="))).toBeUndefined();
  });
});
