import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { TokenManager } from "../upstream/token-manager";
import type { UpstreamBudget } from "../upstream/upstream-budget";

// Prometheus metrics of the dashboard server, scraped at /api/metrics with METRICS_TOKEN.

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
      name: "dashboard_budget_remaining",
      help: "Upstream /v1 calls an interactive request could still make in the current window.",
      registers: [this.registry],
      async collect() {
        this.set((await budget.snapshot()).remaining);
      },
    });
  }
}
