import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { TokenManager, UpstreamBudget } from "../upstream";

// Prometheus metrics of the dashboard server, scraped at /api/metrics with METRICS_TOKEN.

const OAUTH_ERRORS = new Set([
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
]);

export class DashboardMetrics {
  readonly registry = new Registry();
  readonly upstreamCalls = new Counter({
    name: "dashboard_upstream_calls_total",
    help: "Calls to the Vehicle Task Service /v1, by HTTP status (or error).",
    labelNames: ["status"] as const,
    registers: [this.registry],
  });
  readonly cacheRequests = new Counter({
    name: "dashboard_cache_requests_total",
    help: "Cache lookups by cache and result (hit, miss, stale).",
    labelNames: ["cache", "result"] as const,
    registers: [this.registry],
  });
  readonly queueWait = new Histogram({
    name: "dashboard_budget_wait_seconds",
    help: "Time requests waited for an upstream budget slot, by priority.",
    labelNames: ["priority"] as const,
    buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly tokenRefusals = new Counter({
    name: "dashboard_token_refusals_total",
    help: "Token requests the service refused (revoked client, wrong secret or scope), by OAuth error.",
    labelNames: ["oauth_error"] as const,
    registers: [this.registry],
  });

  /** The RFC 6749 codes by name, anything else as "other": a label must not take free text. */
  countTokenRefusal(oauthError: string | undefined): void {
    const code = oauthError === undefined ? "none" : OAUTH_ERRORS.has(oauthError) ? oauthError : "other";
    this.tokenRefusals.inc({ oauth_error: code });
  }

  constructor(tokens: TokenManager, budget: UpstreamBudget) {
    new Gauge({
      name: "dashboard_token_fetches",
      help: "Token endpoint calls made by this instance since start.",
      registers: [this.registry],
      collect() {
        this.set(tokens.snapshot().fetches);
      },
    });
    new Gauge({
      name: "dashboard_token_refusal_remembered_seconds",
      help: "Seconds a refused token request is still answered from memory (0: none).",
      registers: [this.registry],
      collect() {
        this.set(tokens.snapshot().refusedForMs / 1000);
      },
    });
    new Gauge({
      name: "dashboard_budget_remaining",
      help: "Upstream /v1 calls an interactive request could still make in the current window.",
      registers: [this.registry],
      async collect() {
        this.set((await budget.snapshot()).remaining);
      },
    });
  }
}
