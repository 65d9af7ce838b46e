import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { isUnderApi, pathArea } from "@/lib/api-path";
import { decodedOrUndefined } from "@/lib/path-segment";
import { DashboardError, dashboardErrorResponse } from "@/lib/server/api";
import { auth } from "@/lib/server/auth";

// Runs before every page: a fresh CSP nonce per request, and the session gate (a sign-in redirect).
// The data API's routes check the session themselves (see config.matcher), and Auth.js's answer
// for themselves.

const PUBLIC_PATHS = [/^\/sign-in$/];

function contentSecurityPolicy(nonce: string, secure: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const gate = auth((request) => {
  const { pathname } = request.nextUrl;
  const secure = request.nextUrl.protocol === "https:";
  if (!request.auth && !PUBLIC_PATHS.some((pattern) => pattern.test(pathname))) {
    const signIn = new URL("/sign-in", request.nextUrl);
    signIn.searchParams.set("callbackUrl", `${pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(signIn);
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, secure);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  if (secure) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
});

/**
 * A path Next cannot decode (a byte that is not UTF-8, a stray "%"), which Next itself would answer
 * with a plain 500: the documented error body for the API, for a page the app's "address not valid"
 * page (app/address-not-valid), which holds nothing from the request.
 */
function malformedPathResponse(request: NextRequest): Response {
  const { pathname } = request.nextUrl;
  const message = "The address is not valid percent-encoded UTF-8.";
  const response = isUnderApi(pathname)
    ? dashboardErrorResponse(new DashboardError("invalid_request", message), crypto.randomUUID())
    : NextResponse.rewrite(new URL("/address-not-valid", request.url), {
        status: 400,
        headers: { "cache-control": "no-store" },
      });
  response.headers.set("x-content-type-options", "nosniff");
  return response;
}

// Next looks for a function declaration named `proxy`; Auth.js supplies the session to `gate`.
// With a lazily read configuration (env is read at request time, not at build time), Auth.js's
// wrapper comes back as a promise of the handler, whatever its types say.
export async function proxy(request: NextRequest, event: NextFetchEvent) {
  const { pathname } = request.nextUrl;
  if (decodedOrUndefined(pathname) === undefined) return malformedPathResponse(request);
  // The data API comes here only for paths with a "%" (config.matcher), to be checked above; its
  // routes check the session themselves. Auth.js's own routes set their CSRF and callback-url
  // cookies themselves, and the gate's session lookup would set each a second time.
  if (pathArea(pathname) !== "page") return NextResponse.next();
  const handler = (await (gate as unknown as Promise<unknown>)) as (
    request: NextRequest,
    event: NextFetchEvent,
  ) => Promise<Response>;
  return handler(request, event);
}

export const config = {
  // Not the data API (every /api path but Auth.js's own /api/auth/, as lib/api-path.ts says): its route handlers check the
  // session themselves (dashboardRoute, auth/session-check.ts; test/lib/server/api/route-session-check.test.ts
  // fails for a handler that does not) and answer JSON, which needs no script nonce. Even a proxy
  // that let those requests straight through cost each of them measurably (docs/benchmarks.md).
  // The second pattern brings back the data API's paths that hold a "%", so a malformed one gets a
  // 400 here instead of Next's plain 500 when it fails to decode the path.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/(?!auth/)).*)", "/(api/.*%.*)"],
};
