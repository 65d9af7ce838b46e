// HTTP at the level a shutdown test needs: one connection per request, and a way to tell "no
// response at all" (safe to retry) from "a response cut off midway" (data lost).
import http from "node:http";
import { connect, type Socket } from "node:net";
import { serviceContract } from "../contract/conformance/documents";

export type Outcome =
  | { kind: "complete"; status: number; headers: http.IncomingHttpHeaders; body: string }
  | { kind: "no-response"; code: string }
  | { kind: "cut-mid-response"; status: number };

/** GET on a connection of its own that the server closes after the response (no keep-alive). */
export function getOnOwnConnection(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: "127.0.0.1", port, path, agent: false, headers: { ...headers, connection: "close" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("close", () =>
          resolve(
            response.complete
              ? { kind: "complete", status: response.statusCode ?? 0, headers: response.headers, body }
              : { kind: "cut-mid-response", status: response.statusCode ?? 0 },
          ),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      resolve({ kind: "no-response", code: error.code ?? error.message });
    });
  });
}

/** Holds a complete outcome against the service's contract. */
export function assertCompleteMatchesContract(outcome: Outcome, path: string): void {
  if (outcome.kind !== "complete") throw new Error(`no complete response for ${path}: ${outcome.kind}`);
  serviceContract.assertMatches({
    method: "GET",
    url: path,
    statusCode: outcome.status,
    headers: outcome.headers,
    body: outcome.body,
  });
}

export interface RawConnection {
  socket: Socket;
  received(): string;
  closed(): boolean;
}

/** A bare TCP connection, for requests sent in pieces; it stays open until the test destroys it. */
export async function openRawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  socket.on("close", () => (closed = true));
  socket.on("error", () => {});
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  return { socket, received: () => received, closed: () => closed };
}

/** Splits a raw HTTP/1.1 response (Content-Length framed) into status, lower-cased headers and body. */
export function parseRawResponse(raw: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const end = raw.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = raw.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: raw.slice(end + 4) };
}

/** True once a whole Content-Length framed response has arrived. */
export function hasWholeResponse(raw: string): boolean {
  const end = raw.indexOf("\r\n\r\n");
  if (end === -1) return false;
  const length = Number(/content-length: *(\d+)/i.exec(raw.slice(0, end))?.[1] ?? 0);
  return Buffer.byteLength(raw.slice(end + 4)) >= length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `condition` holds; throws with `what` after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

export interface KeepAliveRun {
  /** Requests that got their whole response. */
  answered: number;
  /** Requests written that got no whole response: the client cannot tell whether they ran. */
  cut: string[];
}

/**
 * One client connection sending `GET path` again and again on keep-alive, one request at a time,
 * until the server answers "Connection: close" or closes the connection while no request is
 * outstanding (both clean: the client knows no request was lost). `run` is filled in as answers
 * arrive, so a caller can wait until every connection has been accepted and answered: a connection
 * still in the kernel's accept queue when the listener closes is reset by the kernel, a race that
 * HTTP leaves to clients and no server can drain.
 */
export async function keepAliveLoop(
  port: number,
  path: string,
  run: KeepAliveRun = { answered: 0, cut: [] },
): Promise<KeepAliveRun> {
  const connection = await openRawConnection(port);
  const { socket } = connection;
  let ended = false;
  let failure = "";
  socket.on("end", () => (ended = true));
  socket.on("close", () => (ended = true));
  socket.on("error", (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
  let consumed = 0;
  try {
    for (;;) {
      if (ended || failure) return run;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      while (!hasWholeResponse(connection.received().slice(consumed)) && !ended && !failure) await sleep(1);
      const raw = connection.received().slice(consumed);
      if (!hasWholeResponse(raw)) {
        run.cut.push(`request ${run.answered + 1}: ${failure || "closed"} after ${raw.length} bytes`);
        return run;
      }
      const response = parseRawResponse(raw);
      consumed = connection.received().length;
      run.answered += 1;
      if (response.headers.connection === "close") return run;
    }
  } finally {
    socket.destroy();
  }
}
