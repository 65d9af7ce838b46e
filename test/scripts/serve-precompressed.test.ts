// The build's scripts and styles go out as the copies compressed at build time, in the best
// encoding the client accepts, byte for byte the original once decoded; everything else (no
// accepted encoding, a range, a file without a copy, a path out of the static folder, other
// methods) is left to Next.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { servePrecompressed } from "@/scripts/serve-precompressed";
import { precompressStatic } from "@/scripts/static-precompression.mjs";

const dist = mkdtempSync(join(tmpdir(), "precompressed-"));
const SCRIPT = "static/chunks/page.js";
const script = `globalThis.rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, type: "oil_change" })))};`;
let server: Server;
let port = 0;

beforeAll(async () => {
  mkdirSync(join(dist, "static/chunks"), { recursive: true });
  mkdirSync(join(dist, "static/media"), { recursive: true });
  writeFileSync(join(dist, SCRIPT), script);
  writeFileSync(join(dist, "static/chunks/style.css"), "body { color: black; }\n".repeat(50));
  writeFileSync(join(dist, "static/media/font.woff2"), "not text");
  writeFileSync(join(dist, "secret.js"), "the build's own files stay out");
  await precompressStatic(dist);
  writeFileSync(join(dist, "static/chunks/late.js"), "written after the build compressed");
  server = createServer((request, response) => {
    void servePrecompressed(dist, request, response).then((served) => {
      if (!served) response.writeHead(299).end("next answers");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject).end();
  });
}

it("sends a script as brotli to a browser, and it decodes to the file", async () => {
  const answer = await get(`/_next/${SCRIPT}`, { "accept-encoding": "gzip, deflate, br, zstd" });
  expect(answer.status).toBe(200);
  expect(answer.headers).toMatchObject({
    "content-encoding": "br",
    "content-type": "application/javascript; charset=UTF-8",
    "cache-control": "public, max-age=31536000, immutable",
    vary: "Accept-Encoding",
    "x-content-type-options": "nosniff",
  });
  expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
  expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  expect(answer.body.length).toBeLessThan(script.length / 4);
});

it("sends gzip to a client without brotli, or one that refuses it", async () => {
  for (const accepts of ["gzip", "br;q=0, gzip", "GZIP;q=0.5"]) {
    const answer = await get(`/_next/${SCRIPT}`, { "accept-encoding": accepts });
    expect(answer.headers["content-encoding"], accepts).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(script);
  }
  const style = await get("/_next/static/chunks/style.css", { "accept-encoding": "gzip" });
  expect(style.headers["content-type"]).toBe("text/css; charset=UTF-8");
});

it("answers HEAD with the headers alone", async () => {
  const answer = await get(`/_next/${SCRIPT}`, { "accept-encoding": "br" }, "HEAD");
  expect(answer.status).toBe(200);
  expect(answer.body.length).toBe(0);
  expect(Number(answer.headers["content-length"])).toBe(readFileSync(join(dist, `${SCRIPT}.br`)).length);
});

it("leaves to Next what it has no copy for, or should not answer", async () => {
  const cases: [string, Record<string, string>, string?][] = [
    [`/_next/${SCRIPT}`, {}],
    [`/_next/${SCRIPT}`, { "accept-encoding": "identity" }],
    [`/_next/${SCRIPT}`, { "accept-encoding": "br;q=0, gzip;q=0" }],
    [`/_next/${SCRIPT}`, { "accept-encoding": "br", range: "bytes=0-10" }],
    [`/_next/${SCRIPT}`, { "accept-encoding": "br" }, "POST"],
    ["/_next/static/chunks/late.js", { "accept-encoding": "br" }],
    ["/_next/static/media/font.woff2", { "accept-encoding": "br" }],
    ["/_next/static/..%2Fsecret.js", { "accept-encoding": "br" }],
    ["/_next/static/%E0%A4%A.js", { "accept-encoding": "br" }],
    ["/tasks", { "accept-encoding": "br" }],
  ];
  for (const [path, headers, method] of cases) {
    const answer = await get(path, headers, method);
    expect(answer.status, `${method ?? "GET"} ${path} ${JSON.stringify(headers)}`).toBe(299);
  }
});
