import "server-only";
import { headers } from "next/headers";
import { settleWithin } from "@/platform/settle-within";
import { apiSession, type StaffSession } from "../auth";
import { DashboardError } from "../dashboard-error";
import { dashboardLogger } from "../log";

// A page's first data read while the server renders it, so the rows are in the HTML and the
// browser's query cache starts with them: only for a document load, and only within a deadline,
// past which the page goes out without them and the browser asks as it would have.

/** A page's searchParams as the URLSearchParams the client code reads its view from. */
export function searchOf(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      search.append(name, one);
  return search;
}

/** Any host: the API's answer functions a first read calls read only the path and query. */
export function internalUrl(pathAndQuery: string): URL {
  return new URL(pathAndQuery, "http://dashboard.internal");
}

/**
 * Who the page being rendered is for, by the session its request carries: what it reads is
 * narrowed to their locations as the API narrows it. Undefined without a live session (proxy.ts
 * has sent such a request to sign in already; one whose session ended since gets nothing).
 */
export async function pageSession(): Promise<StaffSession | undefined> {
  return apiSession((await headers()).get("cookie"));
}

/**
 * Whom the page being rendered reads its first data for: a document load (below) by someone with a
 * live session; undefined when no first read is wanted.
 */
export async function firstReadSession(): Promise<StaffSession | undefined> {
  return documentRequest(await headers()) ? pageSession() : undefined;
}

/**
 * Whether the page is loaded as a document. A navigation inside the app (an RSC request, a
 * prefetch, a server action's redirect) renders the page for a tab that holds its own data and
 * asks the API itself: a read here would be spent for nobody, or twice. Next strips its own `rsc`
 * header from headers(), so the browser's Sec-Fetch-Dest tells ("empty" for a fetch); a client
 * that sends none (curl, a test's fetch) is taken for a document load.
 */
function documentRequest(requestHeaders: Headers): boolean {
  const destination = requestHeaders.get("sec-fetch-dest");
  return destination === null || destination === "document";
}

/**
 * The read's answer, or undefined when it fails or is late; a late read is told to stop (a queued
 * upstream call is then not made for this page; the mirror's reads finish on their own).
 */
export function readWithin<T>(
  page: string,
  deadlineMs: number,
  read: (signal: AbortSignal) => Promise<T | undefined>,
): Promise<T | undefined> {
  return settleWithin(
    deadlineMs,
    // Caught here, not by the race: a read that fails after the deadline must not go unhandled.
    (signal) =>
      read(signal).catch((error: unknown) => {
        // A busy budget, a filling mirror, a service away: the browser's own request meets it and
        // says why. A mirror still filling is the expected state of a first start: no line at info.
        if (signal.aborted) return undefined;
        const filling = error instanceof DashboardError && error.code === "mirror_not_ready";
        dashboardLogger()[filling ? "debug" : "info"]({ err: error }, `${page}: first page not read`);
        return undefined;
      }),
    undefined,
  );
}
