import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// proxy.ts leaves the data API to the route handlers: dashboardRoute is the only session check
// there, so a route that exported a bare handler would be open to anyone.

const API_DIR = join(import.meta.dirname, "..", "..", "..", "..", "app", "api");
/** Public on purpose: sign-in itself, the load balancer's health check, Prometheus (its own token). */
const PUBLIC = new Set(["auth/[...nextauth]/route.ts", "health/route.ts", "metrics/route.ts"]);
const HANDLER_EXPORT =
  /export\s+(?:async\s+)?(?:const|function)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b(.*)/g;
/** `export const { POST, ... } = otherMethods`: refusals of methods a read-only route does not take. */
const DESTRUCTURED_EXPORT = /export\s+const\s+\{[^}]*\}\s*=\s*(\w+)/g;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : entry.name === "route.ts"
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the dashboard's API routes", () => {
  const files = routeFiles(API_DIR).map((file) => relative(API_DIR, file));

  it("are found, the public ones included", () => {
    expect(files).toEqual(expect.arrayContaining([...PUBLIC, "tasks/route.ts", "tasks/[id]/route.ts"]));
  });

  it.each(files.filter((file) => !PUBLIC.has(file)))(
    "%s: every handler goes through dashboardRoute",
    (file) => {
      const source = readFileSync(join(API_DIR, file), "utf8");
      const handlers = [...source.matchAll(HANDLER_EXPORT)];
      expect(handlers.length).toBeGreaterThan(0);
      for (const [, method, rest] of handlers) expect(rest, method).toMatch(/^\s*=\s*dashboardRoute\b/);
      for (const [, from] of source.matchAll(DESTRUCTURED_EXPORT)) expect(from).toBe("otherMethods");
    },
  );
});
