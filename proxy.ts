import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { auth } from "@/lib/server/auth/auth";

// Runs before every page: a fresh CSP nonce per request, and the session gate (a sign-in redirect).
// The data API's routes check the session themselves (see leftToRouteHandlers).

const PUBLIC_PATHS = [/^\/sign-in$/, /^\/api\/auth\//];

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
 * The data API (every /api/ route but Auth.js's own) checks the session in its route handlers
 * (dashboardRoute, api-session.ts) and answers JSON, which needs no script nonce. Running Auth.js
 * here as well decoded and re-encrypted the session cookie once more per request.
 */
const leftToRouteHandlers = (pathname: string) =>
  pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/");

// Next looks for a function declaration named `proxy`; Auth.js supplies the session to `gate`.
// With a lazily read configuration (env is read at request time, not at build time), Auth.js's
// wrapper comes back as a promise of the handler, whatever its types say.
export async function proxy(request: NextRequest, event: NextFetchEvent) {
  if (leftToRouteHandlers(request.nextUrl.pathname)) return NextResponse.next();
  const handler = (await (gate as unknown as Promise<unknown>)) as (
    request: NextRequest,
    event: NextFetchEvent,
  ) => Promise<Response>;
  return handler(request, event);
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
