// Which part of the dashboard a request target belongs to, decided in one place for proxy.ts and
// the dashboard's HTTP server (scripts/dashboard-refusals.ts). The data API is every /api address
// but Auth.js's own (/api/auth/…): its route handlers check the session themselves and answer the
// documented JSON error. "/api/auth" alone is no Auth.js endpoint: the data API's catch-all answers
// it. proxy.ts's config.matcher must say the same (Next needs it as a literal).

export type PathArea = "data-api" | "auth" | "page";

/**
 * `target` is a path (`/api/tasks`), a request line's target with its query (`/api?x=1`), or an
 * absolute-form target (`http://host/api/tasks`, as a forward proxy sends it).
 */
export function pathArea(target: string): PathArea {
  const path = pathOf(target);
  if (path !== "/api" && !path.startsWith("/api/")) return "page";
  return path.startsWith("/api/auth/") ? "auth" : "data-api";
}

/** Every /api address answers errors in the documented JSON shape, Auth.js's included. */
export const isUnderApi = (target: string) => pathArea(target) !== "page";

function pathOf(target: string): string {
  if (!target.startsWith("/")) {
    try {
      return new URL(target).pathname;
    } catch {
      return target;
    }
  }
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}
