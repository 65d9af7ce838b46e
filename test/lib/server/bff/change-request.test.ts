import { describe, expect, it } from "vitest";
import { readJsonBody } from "@/lib/server/bff/change-request";

const URL_OF_A_CHANGE = "http://dashboard.test/api/views";

/** A POST whose body comes in chunks of `chunk`, with no Content-Length, as a chunked upload is. */
function chunkedRequest(chunk: string, chunks: number): { request: Request; pulled: () => number } {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent += 1;
      controller.enqueue(new TextEncoder().encode(chunk));
    },
  });
  const request = new Request(URL_OF_A_CHANGE, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => sent };
}

describe("a change's JSON body", () => {
  it("is read whole when it is within the limit", async () => {
    const request = new Request(URL_OF_A_CHANGE, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Morning oil changes" }),
    });
    expect(await readJsonBody(request, "the view")).toEqual({ name: "Morning oil changes" });
  });

  it("is refused as soon as a chunked body passes the limit, without reading the rest", async () => {
    const { request, pulled } = chunkedRequest(" ".repeat(1024), 1_000);
    await expect(readJsonBody(request, "the view", 4096)).rejects.toMatchObject({
      code: "invalid_request",
      message: "The body is larger than 4096 bytes.",
    });
    expect(pulled()).toBeLessThan(10);
  });

  it("is refused at once when its declared length passes the limit", async () => {
    const request = new Request(URL_OF_A_CHANGE, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "5000" },
      body: " ".repeat(5000),
    });
    await expect(readJsonBody(request, "the view", 4096)).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("names what it wanted when the body is not JSON", async () => {
    const request = new Request(URL_OF_A_CHANGE, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    await expect(readJsonBody(request, "the view")).rejects.toMatchObject({
      message: "Send the view as application/json.",
    });
  });
});
