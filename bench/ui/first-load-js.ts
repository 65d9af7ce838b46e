// First-load JavaScript per route: the scripts a route's server-rendered HTML makes the browser
// load, each gzipped here (level 9, as Next's build output used to report it). Next 16 no longer
// prints sizes, and the HTML of the signed-in page is what a person's browser really gets. Beside
// it, the bytes the dashboard's server really sends when asked for gzip alone, and as a browser
// asks (brotli first).
import { get } from "node:http";
import { gzipSync } from "node:zlib";

export interface RouteJs {
  route: string;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  /** As sent by the server to a client that accepts gzip alone. */
  wireBytes: number;
  /** As sent by the server to a browser (which accepts brotli). */
  browserBytes: number;
  /** Script paths, to tell what routes share. */
  paths: string[];
}

export interface FirstLoadJs {
  routes: RouteJs[];
  /** The scripts every measured route loads (framework, React, shared layout), gzipped. */
  sharedGzipBytes: number;
  /** Every script any route loads, largest first, with the routes that load it. */
  scripts: { path: string; rawBytes: number; gzipBytes: number; wireBytes: number; routes: string[] }[];
}

const SCRIPT_TAG = /<script\b[^>]*>/g;
const SRC = /\ssrc="([^"]+)"/;
/** Polyfills go in `nomodule` scripts, which today's browsers skip (Next never counted them either). */
const NO_MODULE = /\snomodule\b/i;

interface Size {
  raw: number;
  gzip: number;
  wire: number;
  browser: number;
}

/** A route's page as its visitor gets it: signed-in routes with the session cookie, sign-in without. */
export interface RouteVisit {
  route: string;
  cookie: string | undefined;
}

export async function measureFirstLoadJs(
  baseUrl: string,
  visits: readonly RouteVisit[],
): Promise<FirstLoadJs> {
  const gzipped = new Map<string, Size>();
  const sizeOf = async (path: string) => {
    let size = gzipped.get(path);
    if (!size) {
      const response = await fetch(new URL(path, baseUrl));
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      const wire = await wireBytes(new URL(path, baseUrl), "gzip");
      const browser = await wireBytes(new URL(path, baseUrl), "gzip, deflate, br, zstd");
      size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire, browser };
      gzipped.set(path, size);
    }
    return size;
  };

  const measured: RouteJs[] = [];
  for (const { route, cookie } of visits) {
    const response = await fetch(new URL(route, baseUrl), {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
    });
    if (response.status !== 200) throw new Error(`${route}: ${response.status} (is the session valid?)`);
    const html = await response.text();
    const tags = [...html.matchAll(SCRIPT_TAG)]
      .map((match) => match[0])
      .filter((tag) => !NO_MODULE.test(tag));
    const sources = tags.map((tag) => decodeEntities(SRC.exec(tag)?.[1] ?? ""));
    const paths = [...new Set(sources)].filter((path) => path.startsWith("/_next/")).sort();
    const sizes: Size[] = [];
    for (const path of paths) sizes.push(await sizeOf(path));
    const sum = (pick: (size: Size) => number) => sizes.reduce((total, size) => total + pick(size), 0);
    measured.push({
      route,
      scripts: paths.length,
      rawBytes: sum((size) => size.raw),
      gzipBytes: sum((size) => size.gzip),
      wireBytes: sum((size) => size.wire),
      browserBytes: sum((size) => size.browser),
      paths,
    });
  }
  const [first, ...others] = measured;
  const shared = (first?.paths ?? []).filter((path) => others.every((route) => route.paths.includes(path)));
  const sharedGzipBytes = shared.reduce((sum, path) => sum + (gzipped.get(path)?.gzip ?? 0), 0);
  const scripts = [...gzipped.entries()]
    .map(([path, size]) => ({
      path,
      rawBytes: size.raw,
      gzipBytes: size.gzip,
      wireBytes: size.wire,
      routes: measured.filter((route) => route.paths.includes(path)).map((route) => route.route),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { routes: measured, sharedGzipBytes, scripts };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/** The body's length as it crosses the wire (fetch would decompress it). */
function wireBytes(url: URL, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}
