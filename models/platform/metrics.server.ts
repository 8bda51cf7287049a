import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's metrics, in Prometheus's text format at /metrics (with
// METRICS_TOKEN) and on METRICS_PORT. Every count is this process's own:
// Prometheus scrapes each process and sums across them (README "Operating
// it", docs/decisions/0064-operations.md). Labels are bounded sets (route
// ids, job names, outcomes), never a path, an id or a user.

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route id and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: "db_query_duration_seconds",
  help: "Time one SQL statement took, by driver (pglite, postgres) and outcome.",
  labelNames: ["driver", "outcome"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const dbPoolWait = new Histogram({
  name: "db_pool_wait_seconds",
  help: "PostgreSQL: time a query waited for a connection from the pool.",
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [registry],
});

/** The pool's counts, read on each scrape (PostgreSQL; nothing on PGlite). */
let readPool: () => { total: number; idle: number; waiting: number } | undefined = () => undefined;
export function setPoolReader(reader: typeof readPool): void {
  readPool = reader;
}
new Gauge({
  name: "db_pool_connections",
  help: "PostgreSQL pool connections by state (total, idle, waiting: queries queued for one).",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = readPool();
    if (!pool) return;
    for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, pool[state]);
  },
});

export const jobRuns = new Counter({
  name: "job_runs_total",
  help: "Runs of each background job by outcome (ok, failed, skipped: another process held it).",
  labelNames: ["job", "outcome"] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "job_duration_seconds",
  help: "Time one run of a background job took.",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export const emailAttempts = new Counter({
  name: "email_send_attempts_total",
  help: "Attempts to hand an outbox email to SMTP, by outcome (sent, failed).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

/** The outbox's unsent count and oldest unsent age, read with one query on each scrape. */
let readOutbox: () => Promise<{ unsent: number; oldestAgeSeconds: number }> = async () => ({
  unsent: 0,
  oldestAgeSeconds: 0,
});
export function setOutboxReader(reader: typeof readOutbox): void {
  readOutbox = reader;
}
let outboxRead: Promise<{ unsent: number; oldestAgeSeconds: number }> | undefined;
/** One query per scrape, shared by the two gauges. */
function outboxOnce() {
  outboxRead ??= readOutbox().finally(() => setTimeout(() => (outboxRead = undefined), 0));
  return outboxRead;
}
new Gauge({
  name: "email_outbox_unsent",
  help: "Emails in the outbox not sent yet (queued, or failed and waiting for a retry).",
  registers: [registry],
  async collect() {
    this.set((await outboxOnce()).unsent);
  },
});
new Gauge({
  name: "email_outbox_oldest_unsent_age_seconds",
  help: "Age of the oldest unsent email in the outbox (0 when none).",
  registers: [registry],
  async collect() {
    this.set((await outboxOnce()).oldestAgeSeconds);
  },
});

export const payments = new Counter({
  name: "payments_total",
  help: "Payments by outcome (succeeded, declined, checkout-opened, gateway-unreachable, charged-not-fulfilled).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const webhookEvents = new Counter({
  name: "webhook_events_total",
  help: "Payment gateway webhook events by outcome (rejected: bad signature, duplicate, failed, or what applying it did).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const pageCacheRequests = new Counter({
  name: "page_cache_requests_total",
  help: "Anonymous page requests the in-memory page cache answered (hit) or passed on (miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const renderMemoLookups = new Counter({
  name: "render_memo_lookups_total",
  help: "Document renders served from the render memo (hit: same URL and loader data as a stored render) or rendered (miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const chatAnswers = new Counter({
  name: "chat_answers_total",
  help: "Chat assistant replies by outcome (answered, declined: no passage matched).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
