// Answers for requests Next never gets to answer itself, in the documented error shape
// ({ error: { code, message, request_id } }, README "The dashboard API"):
// - TRACE and TRACK: Next's proxy turns every request into a fetch Request, which refuses these
//   methods, and Next then answers a plain-text 500 and logs a stack trace.
// - CONNECT, a malformed request line, oversized headers: Node answers (or drops) these before any
//   request handler runs, with an empty body.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { pathArea } from "../lib/api-path";

const FETCH_FORBIDDEN_METHODS = new Set(["TRACE", "TRACK"]);
const API_ALLOW = "GET, HEAD, OPTIONS";
// Pages and Auth.js's endpoints (forms post to both).
const PAGE_ALLOW = "GET, HEAD, POST";

function errorJson(code: string, message: string, requestId: string): string {
  return JSON.stringify({ error: { code, message, request_id: requestId } });
}

/** Answers TRACE and TRACK with a 405 (true), or leaves the request to Next (false). */
export function answerUnsupportedMethod(request: IncomingMessage, response: ServerResponse): boolean {
  if (!FETCH_FORBIDDEN_METHODS.has(request.method ?? "")) return false;
  const requestId = randomUUID();
  const area = pathArea(request.url ?? "/");
  const allow = area === "data-api" ? API_ALLOW : PAGE_ALLOW;
  const message = `This address answers ${allow} only.`;
  const json = area !== "page";
  const body = json ? errorJson("method_not_allowed", message, requestId) : message;
  response.writeHead(405, {
    allow,
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
    "content-type": json ? "application/json" : "text/plain; charset=utf-8",
    "x-content-type-options": "nosniff",
    "x-request-id": requestId,
  });
  response.end(body);
  return true;
}

type Refusal = readonly [status: string, code: string, message: string];

function refusal(error: (Error & { code?: string }) | null): Refusal {
  if (error === null)
    return ["405 Method Not Allowed", "method_not_allowed", `The dashboard answers ${PAGE_ALLOW} only.`];
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return ["431 Request Header Fields Too Large", "invalid_request", "The request headers are too large."];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return ["408 Request Timeout", "invalid_request", "The request did not arrive in time."];
    default:
      return ["400 Bad Request", "invalid_request", "The request is not valid HTTP."];
  }
}

/**
 * Whether a response is already going out on this connection (a pipelined request after one still
 * being answered): bytes written now would land inside it, so, as Node's own clientError handler
 * does, the connection is only closed.
 */
function answering(socket: Duplex): boolean {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  return inFlight?.headersSent ?? false;
}

/**
 * For Node's "clientError" (no request was parsed; `error` says why) and "connect" (error null)
 * events: a whole response written straight to the socket, then the connection is closed.
 */
export function answerMalformedRequest(error: (Error & { code?: string }) | null, socket: Duplex): void {
  if (error?.code === "ECONNRESET" || !socket.writable || answering(socket)) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const [status, code, message] = refusal(error);
  const body = errorJson(code, message, requestId);
  socket.end(
    [
      `HTTP/1.1 ${status}`,
      "Content-Type: application/json",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "X-Content-Type-Options: nosniff",
      `X-Request-Id: ${requestId}`,
      ...(error === null ? [`Allow: ${PAGE_ALLOW}`] : []),
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
