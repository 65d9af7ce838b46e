// HTTP that cannot even be parsed never reaches a route; it still gets the documented error body.
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { errorBody } from "./api-error";

export function answerMalformedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const body = JSON.stringify(
    errorBody(
      "invalid_request",
      tooLarge ? "The request headers are too large." : "The request is not valid HTTP.",
      requestId,
    ),
  );
  socket.end(
    [
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
