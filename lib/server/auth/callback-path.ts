// Where a person goes after signing in (or out): the page they asked for, but only ever on this
// site. The browser's own URL parser decides, so tricks it would follow elsewhere ("//evil.example",
// "/\evil.example", a tab inside "//") are judged the way the browser would judge them.
import { NextRequest } from "next/server";

export const DEFAULT_CALLBACK_PATH = "/tasks";

const PARSE_BASE = "https://dashboard.invalid";

/** The same-origin path (with query and fragment) `value` names, or the default page. */
export function safeCallbackPath(value: string | undefined): string {
  if (!value?.startsWith("/")) return DEFAULT_CALLBACK_PATH;
  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return DEFAULT_CALLBACK_PATH;
  }
  if (url.origin !== PARSE_BASE) return DEFAULT_CALLBACK_PATH;
  // Resolving drops dot segments: "/.//evil.example" becomes "//evil.example", which a browser
  // given it as a Location reads as another host. No page of ours starts with two slashes.
  if (url.pathname.startsWith("//")) return DEFAULT_CALLBACK_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Auth.js's redirect callback: the address to send a person to after signing in or out. Auth.js
 * asks it on every request to its routes, with the callback-url cookie or a callbackUrl parameter,
 * both of which a client sets to anything: a value that is not an address must not throw (a 500
 * for the whole request), and only this site's pages are ever the answer.
 */
export function sameSiteRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  // The site itself, which Auth.js also keeps in the cookie when nothing else was asked for.
  if (url === baseUrl) return baseUrl;
  let target: URL;
  try {
    target = new URL(url, baseUrl);
  } catch {
    return baseUrl;
  }
  if (target.origin !== new URL(baseUrl).origin) return baseUrl;
  return `${baseUrl}${safeCallbackPath(`${target.pathname}${target.search}${target.hash}`)}`;
}

const CALLBACK_COOKIES = new Set(["authjs.callback-url", "__Secure-authjs.callback-url"]);

/** Auth.js's own test of a callback address: a path on this site, or an absolute http(s) URL. */
function isHttpAddress(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/** A cookie value as Auth.js reads it: percent-decoded where that is valid, else as sent. */
function cookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The request without a callback address Auth.js would refuse. Auth.js checks the callback-url
 * cookie and a callbackUrl parameter before anything else, and answers a value that is not an
 * address (which any client can send) as a server misconfiguration: a 500 for the whole request.
 * Dropped here, the request goes on as one that asked for no page, and the answer's fresh
 * callback-url cookie replaces the forged one.
 */
export function withoutForgedCallback(request: NextRequest): NextRequest {
  const url = new URL(request.url);
  // A parameter may be repeated, and which copy a reader takes differs (Auth.js the last, the
  // browser's get() the first): every copy is judged, and one forged copy drops them all.
  const badParam = url.searchParams.getAll("callbackUrl").some((param) => !isHttpAddress(param, url.origin));
  if (badParam) url.searchParams.delete("callbackUrl");
  const pairs = (request.headers.get("cookie") ?? "").split(";");
  const kept = pairs.filter((pair) => {
    const [name = "", ...value] = pair.split("=");
    return (
      !CALLBACK_COOKIES.has(name.trim()) || isHttpAddress(cookieValue(value.join("=").trim()), url.origin)
    );
  });
  if (!badParam && kept.length === pairs.length) return request;
  const headers = new Headers(request.headers);
  headers.set("cookie", kept.join(";"));
  // A body goes on as the stream it is ("half" duplex: sent whole before the answer is read).
  const init = { method: request.method, headers, body: request.body, duplex: "half" };
  return new NextRequest(new Request(url, init));
}
