import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's Prometheus metrics (one registry a process, as Prometheus scrapes processes).
 * Per-request metrics are histograms whose children are made once per label value and kept, so a
 * request costs one `observe` and no allocation.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const graphqlOperationSeconds = new Histogram({
  name: "graphql_operation_duration_seconds",
  help: "GraphQL operations the gateway answered, by operation name (anonymous, unresolved for documents that did not parse or validate, other past the first names seen), and how long each took",
  labelNames: ["operation"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const graphqlOperationErrors = new Counter({
  name: "graphql_operation_errors_total",
  help: "GraphQL operations the gateway answered with errors, by operation name",
  labelNames: ["operation"] as const,
  registers: [registry],
});

export const restRouteSeconds = new Histogram({
  name: "rest_request_duration_seconds",
  help: "REST requests the adapter answered, by service and route (method and path as in the route table), and how long each took",
  labelNames: ["service", "route"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: "rate_limit_refusals_total",
  help: "Requests refused with 429 by a rate limit, by limit name",
  labelNames: ["limit"] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: "webhook_delivery_attempts_total",
  help: "Webhook delivery attempts to integrations, by outcome (delivered, retry: will be sent again, failed: given up)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const liveSubscriptions = new Gauge({
  name: "graphql_live_subscriptions",
  help: "GraphQL subscriptions open on this gateway's WebSockets",
  registers: [registry],
});

export const jobQueueDepth = new Gauge({
  name: "job_queue_depth",
  help: "Jobs not finished, by kind and state (waiting: no worker holds it; running: a worker holds a live lease)",
  labelNames: ["kind", "state"] as const,
  registers: [registry],
});

export const jobQueueOldestAge = new Gauge({
  name: "job_queue_oldest_waiting_age_seconds",
  help: "Age of the oldest job no worker holds, by kind (0 when none waits)",
  labelNames: ["kind"] as const,
  registers: [registry],
});
