import "server-only";
import { DashboardError } from "../../dashboard-error";

// A parser's answer: the parsed query, or the problem a route answers 400 invalid_request with.
// Returned, not thrown, so a route handler cannot reach a query with a bad parameter by accident.

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: DashboardError };

export function parsed<T>(read: () => T): Parsed<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof DashboardError) return { ok: false, error };
    throw error;
  }
}

export function invalid(message: string): DashboardError {
  return new DashboardError("invalid_request", message);
}
