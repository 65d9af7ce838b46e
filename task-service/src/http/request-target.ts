// The path a request names, read as the router reads it. A target in absolute form
// (http://host/oauth/token, which HTTP/1.1 servers must accept) names the same path as its origin
// form, and an escaped letter (/oauth/%74oken) the same path as the letter; escapes of reserved
// characters (%2F) stay escaped, as the router keeps them. Every decision about a path made
// outside the handler of the route the router chose reads the path here, so that the two agree.

/** A scheme and authority before the path, as in "http://host:4010/v1/tasks" (the router's two). */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/;

function withoutAuthority(url: string): string {
  const target = url.replace(ABSOLUTE_FORM, "");
  return target.startsWith("/") ? target : `/${target}`;
}

/** The request's path, its escapes decoded as the router decodes them, without the query. */
export function requestPath(url: string): string {
  const target = withoutAuthority(url);
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  try {
    // decodeURI keeps the escapes of reserved characters, as the router does, but not "%25".
    return decodeURI(path.replaceAll("%25", "%2525"));
  } catch {
    return path; // a malformed escape: the router could not place it either
  }
}

/** Whether the request's target carries parameters: a query that is not empty ("/oauth/token?" has none). */
export function hasQueryParameters(url: string): boolean {
  const target = withoutAuthority(url);
  const start = target.indexOf("?");
  return start !== -1 && start < target.length - 1;
}
