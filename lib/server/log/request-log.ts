import "server-only";
import type { DashboardLogger } from "./dashboard-logger";

// One line per dashboard API request. The path never carries its query string (filters and
// cursors stay out of the logs); the route names the pattern, so /api/tasks/tsk_1 and
// /api/tasks/tsk_2 count as one route.

export interface RequestLogLine {
  request_id: string;
  method: string;
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  staff?: string;
  error_code?: string;
  upstream_request_id?: string;
  err?: unknown;
}

/** The path with each segment that is a route parameter's value replaced by [name]. */
export function routePattern(path: string, params: Record<string, string | string[] | undefined>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string") names.set(value, `[${name}]`);
  }
  if (names.size === 0) return path;
  return path
    .split("/")
    .map((segment) => {
      try {
        return names.get(decodeURIComponent(segment)) ?? segment;
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * Answers the dashboard gives by design, whatever their status: a list asked of a mirror still
 * filling (its first start fills for minutes, and every page polls meanwhile) is no fault to warn of.
 */
const EXPECTED_ERRORS = new Set(["mirror_not_ready"]);

export function logRequest(logger: DashboardLogger, line: RequestLogLine): void {
  const message = "dashboard api request";
  if (line.status >= 500 && line.error_code === "internal_error") logger.error(line, message);
  else if (line.status >= 500 && !EXPECTED_ERRORS.has(line.error_code ?? "")) logger.warn(line, message);
  else logger.info(line, message);
}
