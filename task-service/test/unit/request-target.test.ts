// The path a request names, as the router reads it: every check made beside a route reads it so.
import { describe, expect, it } from "vitest";
import { hasQueryParameters, requestPath } from "../../src/http/request-target";

describe("requestPath", () => {
  it.each([
    ["/oauth/token", "/oauth/token"],
    ["/oauth/%74oken?x=1", "/oauth/token"],
    ["http://vts.example/oauth/token", "/oauth/token"],
    ["https://vts.example:4010/v1/tasks?from=a", "/v1/tasks"],
    // Only the router's two schemes; any other is a path of its own, as the router reads it.
    ["foo://vts.example/oauth/token", "/foo://vts.example/oauth/token"],
    // Escapes of reserved characters, and of "%" itself, stay as they came.
    ["/v1/tasks%2Fx", "/v1/tasks%2Fx"],
    ["/oauth/%25token", "/oauth/%25token"],
    // A malformed escape is left as it is: the router could not place it either.
    ["/v1/%zz", "/v1/%zz"],
  ])("%s is %s", (url, path) => {
    expect(requestPath(url)).toBe(path);
  });
});

describe("hasQueryParameters", () => {
  it.each([
    ["/oauth/token", false],
    ["/oauth/token?", false],
    ["/oauth/token?x=1", true],
    ["http://vts.example/oauth/token?grant_type=client_credentials", true],
  ])("%s: %s", (url, expected) => {
    expect(hasQueryParameters(url)).toBe(expected);
  });
});
