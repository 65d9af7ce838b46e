// fetch for tests that call a real server: the answer is checked against a contract before the
// caller reads it, so a test that talks to the real process cannot accept an undocumented answer.
import type { ConformanceChecker } from "./openapi-conformance";

/** Statuses whose answers carry no body (a Response cannot be built with one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

export async function checkedFetch(
  contract: ConformanceChecker,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(url, init);
  const body = await response.text();
  contract.assertMatches({
    method: init.method ?? "GET",
    url,
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body,
  });
  // The body was read here; the caller gets the same answer to read again.
  return new Response(NULL_BODY.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
