// `npx tsx bench/ui/first-load-modules.ts [distDir] [route]`: which modules a route's first-load
// scripts hold, each with its share of its script's gzip -9 size (by the bytes its source map gives
// it). Build first with the browser's source maps:
//   NEXT_BROWSER_SOURCE_MAPS=1 NEXT_DIST_DIR=.next-modules npx next build
// The scripts are the build manifests' (the root layout's main files and the route's entries), not
// the HTML's: the HTML also loads the global-error chunk (about 0.5 kB); first-load-js.ts counts that.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const dist = resolve(process.argv[2] ?? ".next-modules");
const route = process.argv[3] ?? "(dashboard)/tasks";

interface SourceMap {
  sources: string[];
  mappings: string;
}
interface IndexMap {
  sections: { offset: { line: number; column: number }; map: SourceMap }[];
}

function routeScripts(): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  // The client reference manifest is a script that assigns to globalThis.__RSC_MANIFEST.
  const scope = globalThis as { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> };
  (globalThis as { self?: unknown }).self = globalThis;
  createRequire(import.meta.url)(join(dist, "server", "app", route, "page_client-reference-manifest.js"));
  const entries = scope.__RSC_MANIFEST?.[`/${route}/page`]?.entryJSFiles ?? {};
  const files = new Set(manifest.rootMainFiles);
  for (const [segment, scripts] of Object.entries(entries))
    if (!/not-found|global-error/.test(segment)) for (const script of scripts) files.add(script);
  return [...files];
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Each mapped column of the generated code, with the source it came from, line by line. */
function segments(map: SourceMap): { line: number; column: number; source: number }[] {
  const out: { line: number; column: number; source: number }[] = [];
  let source = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        out.push({ line: lineIndex, column, source });
      }
    }
  });
  return out;
}

function moduleShares(script: string): Map<string, number> {
  const code = readFileSync(join(dist, script), "utf8");
  const gzip = gzipSync(code, { level: 9 }).length;
  const shares = new Map<string, number>();
  const mapName = /sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  if (!mapName) return new Map([[`(no source map) ${script}`, gzip]]);
  const raw = JSON.parse(readFileSync(join(dist, script, "..", mapName), "utf8")) as SourceMap | IndexMap;
  const lineStarts = [0];
  for (const line of code.split("\n")) lineStarts.push(lineStarts.at(-1)! + line.length + 1);
  const owner: (string | undefined)[] = new Array<string | undefined>(code.length);
  const sections = "sections" in raw ? raw.sections : [{ offset: { line: 0, column: 0 }, map: raw }];
  for (const { offset, map } of sections) {
    const mapped = segments(map).map((segment) => ({
      at: lineStarts[segment.line + offset.line]! + segment.column + (segment.line === 0 ? offset.column : 0),
      lineEnd: lineStarts[segment.line + offset.line + 1]!,
      source: map.sources[segment.source] ?? "(unknown)",
    }));
    mapped.sort((a, b) => a.at - b.at);
    mapped.forEach((segment, index) => {
      const end = Math.min(mapped[index + 1]?.at ?? segment.lineEnd, segment.lineEnd, code.length);
      for (let at = segment.at; at < end; at += 1) owner[at] = segment.source;
    });
  }
  const bytes = new Map<string, number>();
  for (let at = 0; at < code.length; at += 1) {
    const name = owner[at] ?? "(module wrappers, unmapped)";
    bytes.set(name, (bytes.get(name) ?? 0) + 1);
  }
  for (const [name, count] of bytes) shares.set(name, (gzip * count) / code.length);
  return shares;
}

const tidy = (source: string) =>
  source.replace(/^turbopack:\/\/\/\[project\]\//, "").replace(/^.*node_modules\//, "node_modules/");

const totals = new Map<string, number>();
let sum = 0;
for (const script of routeScripts()) {
  for (const [source, share] of moduleShares(script)) {
    totals.set(tidy(source), (totals.get(tidy(source)) ?? 0) + share);
    sum += share;
  }
}
console.log(
  `/${route.replace(/\([^)]*\)\//g, "")}: ${(sum / 1000).toFixed(1)} kB gzip -9 by the manifests' scripts`,
);
for (const [source, share] of [...totals].sort((a, b) => b[1] - a[1]))
  if (share >= 50) console.log(`${(share / 1000).toFixed(2).padStart(7)} kB  ${source}`);
