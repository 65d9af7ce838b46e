// Prometheus metrics, one registry per app so several apps in one process (tests) stay apart.
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "vts_http_requests_total",
    help: "HTTP requests by route template, method, status and client_id (anonymous without a valid token).",
    labelNames: ["route", "method", "status", "client"] as const,
    registers: [this.registry],
  });
  readonly tokenRequests = new Counter({
    name: "vts_token_requests_total",
    help: "Token endpoint requests by outcome.",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: "vts_http_request_duration_seconds",
    help: "Time from request received to response sent.",
    labelNames: ["route", "method"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor(options: { processMetrics: boolean }) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: "vts_" });
  }
}
