// Answers a request for one of the build's scripts or styles with the copy compressed when the
// dashboard was built (static-precompression.mjs), in the best encoding the client accepts. Anything
// else (another path, no accepted encoding, a range, a file without its copy) is left to Next.
import { stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { ENCODINGS, PRECOMPRESSED_TYPES } from "./static-precompression.mjs";
import { SECURITY_HEADERS } from "./security-headers.mjs";

const STATIC_PREFIX = "/_next/static/";

/** What the client accepts, as "br" or "gzip" (a q=0 refuses one); lower case, no weights else. */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) names.add(name.trim());
  }
  return names;
}

/**
 * Serves the precompressed copy when there is one for this request; resolves false (nothing sent)
 * when Next should answer instead.
 */
export async function servePrecompressed(
  distDir: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.range !== undefined) return false;
  const pathname = (request.url ?? "").split("?", 1)[0]!;
  if (!pathname.startsWith(STATIC_PREFIX)) return false;
  const type = PRECOMPRESSED_TYPES[extname(pathname) as keyof typeof PRECOMPRESSED_TYPES];
  if (!type) return false;
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(pathname.slice(STATIC_PREFIX.length)));
  } catch {
    return false;
  }
  // Only files inside the build's static folder: a path that climbs out is Next's to refuse.
  if (relative.startsWith("..") || relative.split(sep).includes("..")) return false;
  const encodings = accepted(request.headers["accept-encoding"]);
  const encoding = ENCODINGS.find((one) => encodings.has(one.name));
  if (!encoding) return false;
  const file = join(distDir, "static", relative) + encoding.suffix;
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) return false;
  response.writeHead(200, {
    ...Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key, value])),
    "content-type": type,
    "content-encoding": encoding.name,
    "content-length": found.size,
    "cache-control": "public, max-age=31536000, immutable",
    vary: "Accept-Encoding",
  });
  if (request.method === "HEAD") response.end();
  // The copy vanished between the look and the read (a new build): the answer is cut short, and the
  // browser asks again.
  else
    createReadStream(file)
      .on("error", () => response.destroy())
      .pipe(response);
  return true;
}
