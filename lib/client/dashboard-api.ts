import type { paths } from "@/contract/dashboard/api-types";
import type { BudgetSnapshot, Location, MirrorStatus, TaskPage } from "./api-types";
import { answerAsOf } from "./shown-freshness";

// The browser's only way to data: the dashboard's own /api routes, which hold the service's
// credentials. Errors arrive as { error: { code, message, request_id } } and become one type.

export class DashboardApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }

  /**
   * The shared upstream budget is spent for now; the same request succeeds after Retry-After. A
   * bare 429 (from a proxy in front of the dashboard: the dashboard itself never sends one) is
   * waited out the same way rather than shown.
   */
  get isBudgetWait(): boolean {
    return (this.status === 503 && this.code === "upstream_busy") || this.status === 429;
  }

  /** A request the dashboard refused as it was asked: sending it again cannot help. */
  get isRefused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** Words for an answer without the dashboard's error body (a proxy's page, a crash): no status code. */
function messageForStatus(status: number): string {
  if (status === 429 || status === 503) return "The dashboard is busy right now; trying again shortly.";
  if (status >= 500) return "The dashboard could not answer just now. Try again in a moment.";
  return "The dashboard could not answer this request.";
}

interface ErrorBody {
  error?: { code?: string; message?: string; request_id?: string };
}

function retryAfterSeconds(response: Response): number | undefined {
  const value = Number(response.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

async function errorFrom(response: Response): Promise<DashboardApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  if (response.status === 401) {
    // The session ended: back to sign-in, then to the same view.
    const back = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
  }
  return new DashboardApiError(
    response.status,
    body.error?.code ?? "unexpected_response",
    body.error?.message ?? messageForStatus(response.status),
    body.error?.request_id ?? response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds(response),
  );
}

export function dashboardFetch(
  path: string,
  signal: AbortSignal | undefined,
  headers?: Record<string, string>,
): Promise<Response> {
  return answerOf(path, { signal, headers: { accept: "application/json", ...headers } });
}

/** A change to the dashboard's own data; an error body becomes a DashboardApiError. */
export function dashboardSend(
  path: string,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  body?: unknown,
): Promise<Response> {
  return answerOf(path, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function answerOf(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new DashboardApiError(
      0,
      "network_error",
      "The dashboard could not be reached.",
      undefined,
      undefined,
    );
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * The body of a successful GET of `Path`, as the document says. Response.json() is untyped: each read
 * below names the document's type, and the tests hold every answer of the handlers to the same
 * document (contract/conformance/). Types only, so the page's script is what it was.
 */
export type JsonAnswer<Path extends keyof paths> = paths[Path] extends {
  get: { responses: { 200: { content: { "application/json": infer Body } } } };
}
  ? Body
  : never;

export async function fetchLocations(
  signal?: AbortSignal,
  note?: (response: Response) => void,
): Promise<Location[]> {
  const response = await dashboardFetch("/api/locations", signal);
  note?.(response);
  return ((await response.json()) as JsonAnswer<"/api/locations">).data;
}

export async function fetchTaskPage(
  query: URLSearchParams,
  priority: "interactive" | "prefetch",
  signal?: AbortSignal,
): Promise<TaskPage> {
  const response = await dashboardFetch(
    `/api/tasks?${query.toString()}`,
    signal,
    priority === "prefetch" ? { "x-dashboard-priority": "prefetch" } : undefined,
  );
  return taskPageOf(response);
}

/** GET /api/tasks's answer as the browser keeps it (the server's first page is read the same way). */
export async function taskPageOf(response: Response): Promise<TaskPage> {
  const body = (await response.json()) as JsonAnswer<"/api/tasks">;
  return {
    ...body,
    fetchedAt: answerAsOf(response),
    stale: response.headers.get("x-data-stale") === "true",
    staleReason: response.headers.get("x-data-stale-reason"),
  };
}

export async function fetchBudget(signal?: AbortSignal): Promise<BudgetSnapshot> {
  const response = await dashboardFetch("/api/budget", signal);
  return (await response.json()) as JsonAnswer<"/api/budget">;
}

export async function fetchMirrorStatus(signal?: AbortSignal): Promise<MirrorStatus> {
  const response = await dashboardFetch("/api/mirror", signal);
  return (await response.json()) as JsonAnswer<"/api/mirror">;
}
