import "server-only";
import { DashboardError, readQueryParams } from "../dashboard-error";

// What every change staff send (a PUT or DELETE of the dashboard's own data) must be: from the
// dashboard's own pages, with no query string, and a small JSON body.

/**
 * A change must come from the dashboard's own pages. A browser says where a PUT or DELETE comes
 * from: Sec-Fetch-Site, and the page's Origin, whose host must be the one the request was sent to
 * (the Host a reverse proxy passes on, or its X-Forwarded-Host; a page of another site cannot set
 * that header without a preflight, which this server never grants, nor send a JSON body without
 * one). The scheme is not compared: behind a proxy that ends TLS, the server sees http.
 */
function refuseOtherSites(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  const otherOrigin = origin !== null && (URL.canParse(origin) ? new URL(origin).host : origin) !== host;
  if ((site !== null && site !== "same-origin") || otherOrigin)
    throw new DashboardError("forbidden", "Changes are accepted from the dashboard's own pages only.");
}

/** Refuses a change from another site, or one whose address carries a query (a change takes none). */
export function acceptChange(request: Request): void {
  refuseOtherSites(request);
  readQueryParams(new URL(request.url), []);
}

/** A change's body is a few fields: anything larger than this is not one. */
const MAX_BODY_BYTES = 32_768;

/** The body as JSON; `what` names it in the refusal of another media type. */
export async function readJsonBody(
  request: Request,
  what: string,
  maxBytes = MAX_BODY_BYTES,
): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new DashboardError("invalid_request", `Send ${what} as application/json.`);
  const tooLarge = new DashboardError("invalid_request", `The body is larger than ${maxBytes} bytes.`);
  // A declared length beyond the limit is refused before a byte of it is read.
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge;
  const text = await readUpTo(request, maxBytes, tooLarge);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DashboardError("invalid_request", "The body is not JSON.");
  }
}

/**
 * The body as text, refused as soon as it passes `maxBytes`: a chunked body declares no length,
 * and reading it whole first would let one request hold any amount of memory.
 */
async function readUpTo(request: Request, maxBytes: number, tooLarge: DashboardError): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
