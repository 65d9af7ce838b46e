import "server-only";
import type { z } from "zod";
import { MAX_LIMIT } from "@/contract/query/page-limit";
import type { UpstreamPriority } from "../budget/thresholds";
import type { TokenManager } from "../token/manager";
import type { UpstreamBudget } from "../budget/upstream-budget";
import { readRateLimitHeaders } from "./rate-limit-headers";
import {
  locationListSchema,
  taskChangePageSchema,
  taskPageSchema,
  taskSchema,
  type Location,
  type Task,
  type TaskChangePage,
} from "./vts-schemas";

// Every call to the service's /v1 goes through here: a budget slot first, then the shared token,
// then the request with a timeout. Retries are only those that cannot multiply load: one renewal
// after a 401 (shared by all callers), and re-queueing after a 429 (the budget is paused for all).

export type UpstreamFailure = "unavailable" | "timeout" | "rejected" | "invalid_response";

/**
 * Why an upstream call failed, in terms the dashboard API can answer with. Carries the service's
 * request id for support, never a token, a secret or a full URL.
 */
export class UpstreamError extends Error {
  override readonly name = "UpstreamError";

  constructor(
    readonly failure: UpstreamFailure,
    message: string,
    readonly details: {
      status?: number;
      upstreamRequestId?: string;
      /** The last Retry-After the service gave with a refusal (ms). */
      retryAfterMs?: number;
    } = {},
  ) {
    super(message);
  }
}

export interface CallOptions {
  priority: UpstreamPriority;
  signal?: AbortSignal | undefined;
  /** Absolute ms (Date.now clock) by which a budget slot must be had. */
  deadlineMs: number;
}

export interface VtsClientOptions {
  baseUrl: string;
  tokens: TokenManager;
  budget: UpstreamBudget;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  onCall?: (outcome: { status: number | "error"; durationMs: number }) => void;
  /** How long a call waited for its budget slot, for the queue-wait histogram. */
  onBudgetWait?: (priority: UpstreamPriority, waitedMs: number) => void;
  /**
   * Per-request timing: ms spent waiting for a slot (granted or not), and ms of one exchange with
   * the service up to the last byte of its body (parsing it is the dashboard's own time).
   */
  onTiming?: (part: "queue" | "upstream", ms: number) => void;
}

export interface TaskPageQuery {
  from: string;
  to: string;
  location_id?: string | undefined;
  mva?: string | undefined;
  vehicle_id?: string | undefined;
  task_type?: string | undefined;
  order: "asc" | "desc";
  cursor?: string | undefined;
}

const MAX_ATTEMPTS = 4;

export class VtsClient {
  constructor(private readonly options: VtsClientOptions) {}

  async listLocations(call: CallOptions): Promise<Location[]> {
    return (await this.get("/v1/locations", locationListSchema, call, "error")).data;
  }

  async listTasks(query: TaskPageQuery, call: CallOptions): Promise<z.infer<typeof taskPageSchema>> {
    // Always the largest page: one request buys the most rows of the shared budget.
    const params = new URLSearchParams({ limit: String(MAX_LIMIT) });
    for (const [name, value] of Object.entries(query) as [string, string | undefined][]) {
      if (value !== undefined) params.set(name, value);
    }
    return this.get(`/v1/tasks?${params.toString()}`, taskPageSchema, call, "error");
  }

  /**
   * A page of the service's change feed, from `cursor` or from its latest place; undefined when the
   * service offers no feed (it answers the path 404, as a version without it does).
   */
  async listTaskChanges(
    from: { cursor: string } | "latest",
    call: CallOptions,
  ): Promise<TaskChangePage | undefined> {
    const params = new URLSearchParams({ limit: String(MAX_LIMIT) });
    if (from === "latest") params.set("start", "latest");
    else params.set("cursor", from.cursor);
    return this.get(`/v1/task-changes?${params.toString()}`, taskChangePageSchema, call, "absent");
  }

  /** Undefined when the service does not know the id. */
  async getTask(id: string, call: CallOptions): Promise<Task | undefined> {
    return this.get(`/v1/tasks/${encodeURIComponent(id)}`, taskSchema, call, "absent");
  }

  /**
   * `onNotFound`: a 404 for one task means it does not exist ("absent"); for a list endpoint it
   * means the service (or what routes to it) lacks the endpoint, which is an upstream failure.
   */
  private get<T>(path: string, schema: z.ZodType<T>, call: CallOptions, onNotFound: "error"): Promise<T>;
  private get<T>(
    path: string,
    schema: z.ZodType<T>,
    call: CallOptions,
    onNotFound: "absent",
  ): Promise<T | undefined>;
  private async get<T>(
    path: string,
    schema: z.ZodType<T>,
    call: CallOptions,
    onNotFound: "absent" | "error",
  ): Promise<T | undefined> {
    // A token first: without one, no slot of the shared budget is taken.
    let token = await this.options.tokens.getToken(call.signal);
    let renewed = false;
    let retryAfterMs: number | undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const queued = performance.now();
      try {
        await this.options.budget.acquire(call.priority, {
          signal: call.signal,
          deadlineMs: call.deadlineMs,
        });
      } finally {
        this.options.onTiming?.("queue", performance.now() - queued);
      }
      this.options.onBudgetWait?.(call.priority, performance.now() - queued);
      // The wait for a slot may have outlasted the token's margin (sync waits minutes): the token
      // held now, unless a 401 just brought this one. Without one the slot goes back unused.
      if (!renewed) {
        try {
          token = await this.options.tokens.getToken(call.signal);
        } catch (error) {
          this.options.budget.recordUnused();
          throw error;
        }
      }
      const { response, body, timedOut } = await this.send(path, token, call.signal);
      await this.options.budget.recordResponse(response.status, response.headers);
      // The caller left while the body came: its headers counted, its answer is no one's.
      if (body === undefined) call.signal?.throwIfAborted();
      const upstreamRequestId = response.headers.get("x-request-id") ?? undefined;
      if (timedOut)
        throw new UpstreamError("timeout", "The service did not answer in time.", { upstreamRequestId });
      if (response.status === 401) {
        // A fresh token that is refused too is a configuration problem, not something to loop on.
        if (renewed)
          throw new UpstreamError("rejected", "The service refuses the dashboard's credentials.", {
            status: 401,
            upstreamRequestId,
          });
        const fresh = await this.options.tokens.renewAfterUnauthorized(token, call.signal);
        // The same token back means no newer one exists yet: retrying would only spend budget.
        if (fresh === token) {
          throw new UpstreamError("rejected", "The service refuses the dashboard's credentials.", {
            status: 401,
            upstreamRequestId,
          });
        }
        token = fresh;
        renewed = true;
        continue;
      }
      if (response.status === 429) {
        retryAfterMs = readRateLimitHeaders(response.headers, Date.now()).retryAfterMs;
        continue;
      }
      if (response.status === 404 && onNotFound === "absent") return undefined;
      if (response.status >= 500) {
        throw new UpstreamError("unavailable", `The service answered ${response.status}.`, {
          status: response.status,
          upstreamRequestId,
        });
      }
      if (response.status !== 200) {
        throw new UpstreamError("rejected", `The service refused the request (${response.status}).`, {
          status: response.status,
          upstreamRequestId,
        });
      }
      const parsed = schema.safeParse(parseJson(body));
      if (!parsed.success)
        throw new UpstreamError("invalid_response", "The service's answer has an unexpected shape.", {
          upstreamRequestId,
        });
      return parsed.data;
    }
    throw new UpstreamError("unavailable", "The service kept refusing for its rate limit.", {
      status: 429,
      retryAfterMs,
    });
  }

  /**
   * The response, and its body as text (undefined when it could not be read to the end; timedOut
   * when that was because the deadline passed).
   */
  private async send(
    path: string,
    token: string,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; body: string | undefined; timedOut: boolean }> {
    const started = performance.now();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await (this.options.fetchImpl ?? fetch)(`${this.options.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        cache: "no-store",
      });
      this.options.onCall?.({ status: response.status, durationMs: performance.now() - started });
    } catch (error) {
      this.options.onCall?.({ status: "error", durationMs: performance.now() - started });
      this.options.onTiming?.("upstream", performance.now() - started);
      if (signal?.aborted) {
        this.options.budget.recordAbandoned();
        throw signal.reason;
      }
      if (neverSent(error)) this.options.budget.recordNeverSent();
      else this.options.budget.recordUnreachable();
      if (timeout.aborted) throw new UpstreamError("timeout", "The service did not answer in time.");
      throw new UpstreamError("unavailable", "The service cannot be reached.");
    }
    // A body cut off midway is no answer: the caller refuses an unreadable 200 as invalid_response,
    // and for any other status the status alone decides. One that stopped coming until the
    // deadline is the service not answering in time, as it is before the headers.
    const body = await response.text().catch(() => undefined);
    this.options.onTiming?.("upstream", performance.now() - started);
    return { response, body, timedOut: body === undefined && timeout.aborted };
  }
}

/**
 * Failures before a request could leave this machine: no connection was made, so the service
 * counted nothing. A reset or a timeout may come after the service took the request: not these.
 */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function neverSent(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && NOT_SENT_CODES.has(cause.code);
}

function parseJson(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
