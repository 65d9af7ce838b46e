// parseQueryString and printable: strict reading of query strings (decisions.md: unknown and
// repeated parameters are rejected, so a typo never silently widens a filter).
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/api-error";
import { parseQueryString, printable } from "../../src/http/query-string";

const ALLOWED = ["from", "to", "limit", "task_type"];

function rejection(url: string, allowed: readonly string[] = ALLOWED): ApiError {
  try {
    parseQueryString(url, allowed);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`accepted ${url}`);
}

describe("parseQueryString", () => {
  it("reads allowed parameters, decoded", () => {
    const params = parseQueryString(
      "/v1/tasks?from=2026-05-01T00%3A00%3A00Z&task_type=oil+change&limit=5",
      ALLOWED,
    );
    expect(Object.fromEntries(params)).toEqual({
      from: "2026-05-01T00:00:00Z",
      task_type: "oil change",
      limit: "5",
    });
  });

  it("gives an empty map without a query, with an empty query and with only separators", () => {
    for (const url of ["/v1/tasks", "/v1/tasks?", "/v1/tasks?&&"]) {
      expect(parseQueryString(url, ALLOWED).size, url).toBe(0);
    }
  });

  it("keeps an empty value as the empty string", () => {
    expect(parseQueryString("/x?limit=", ALLOWED).get("limit")).toBe("");
    expect(parseQueryString("/x?limit", ALLOWED).get("limit")).toBe("");
  });

  it("reads a name spelled with percent-encoding as that name", () => {
    expect(parseQueryString("/x?%6Cimit=5", ALLOWED).get("limit")).toBe("5");
  });

  it.each([
    ["an unknown name", "/x?form=1", 'Unknown parameter "form". Allowed: from, to, limit, task_type.'],
    ["a name in another case", "/x?From=1", 'Unknown parameter "From". Allowed: from, to, limit, task_type.'],
    [
      "a name with a trailing space",
      "/x?limit+=1",
      'Unknown parameter "limit ". Allowed: from, to, limit, task_type.',
    ],
    ["an empty name", "/x?=1", 'Unknown parameter "". Allowed: from, to, limit, task_type.'],
    [
      "a token",
      "/x?access_token=abc",
      'Unknown parameter "access_token". Allowed: from, to, limit, task_type.',
    ],
    ["a repeated name", "/x?limit=1&limit=1", 'Parameter "limit" is repeated; give it once.'],
    ["a repeat in another spelling", "/x?limit=1&%6Cimit=2", 'Parameter "limit" is repeated; give it once.'],
  ])("rejects %s", (_name, url, message) => {
    const error = rejection(url);
    expect(error).toMatchObject({ statusCode: 400, code: "invalid_request", message });
  });

  it("says so when an endpoint takes no parameters", () => {
    expect(rejection("/v1/locations?x=1", []).message).toBe(
      'Unknown parameter "x": this endpoint takes no parameters.',
    );
  });

  it("never echoes control characters or unbounded text of an unknown name", () => {
    const message = rejection(`/x?${encodeURIComponent(`a\u0000b\nc\u007f${"z".repeat(500)}`)}=1`).message;
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(message).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(message.length).toBeLessThan(200);
    expect(message).toContain('"a?b?c?');
  });
});

describe("printable", () => {
  it("leaves ordinary text alone, Unicode included", () => {
    expect(printable("oil_change")).toBe("oil_change");
    expect(printable("Ölwechsel, vorn 🚗")).toBe("Ölwechsel, vorn 🚗");
  });

  it("replaces every C0 control character and DEL with ?", () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("") + "\u007f";
    expect(printable(controls)).toBe("?".repeat(33));
    expect(printable("a\r\nb\tc")).toBe("a??b?c");
  });

  it("truncates to 64 characters and marks the cut", () => {
    expect(printable("x".repeat(64))).toBe("x".repeat(64));
    expect(printable("x".repeat(65))).toBe(`${"x".repeat(64)}…`);
    expect(printable("y".repeat(10_000))).toHaveLength(65);
  });

  it("replaces before truncating, so the length counts the replacements", () => {
    expect(printable(`${"\n".repeat(70)}`)).toBe(`${"?".repeat(64)}…`);
  });
});
