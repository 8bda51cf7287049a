// Traces: with tracing on, a request is one trace whose root span carries the
// request id, and each SQL statement it runs through our database layer is a
// `db.query` span inside it, on PGlite as on PostgreSQL (the layer wraps the
// driver's query function itself: models/platform/db.server.ts). Spans go to
// an in-memory exporter instead of an OTLP collector.
import http from "node:http";
import { createRequire } from "node:module";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace";
import { sql } from "drizzle-orm";
import type Express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { requestLog } from "~/lib/request-log.server";
import { queryRows } from "~models/platform/db.server";
import { startTracing } from "~models/platform/tracing.server";

const exporter = new InMemorySpanExporter();
const processor = new SimpleSpanProcessor({ exporter });
let stopTracing: (() => Promise<void>) | undefined;
beforeAll(async () => {
  stopTracing = await startTracing({ spanProcessors: [processor] });
});
afterAll(async () => {
  await stopTracing?.();
});

test("a request's trace has the request id on its root span and a span for each of its SQL statements", async () => {
  // Required after tracing started, as server.js does, so the Express instrumentation patches it.
  const express = createRequire(import.meta.url)("express") as typeof Express;
  const app = express();
  app.set("trust proxy", 1);
  app.use(requestLog({ routeIdOf: () => "routes/example" }));
  app.get("/clients/:id", async (_req, res) => {
    const rows = await queryRows<{ answer: number }>(sql`select 41 + 1 as answer`);
    res.json(rows[0]);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  try {
    const response = await fetch(`http://127.0.0.1:${port}/clients/7`, {
      headers: { "X-Request-Id": "trace-me-1" },
    });
    expect(await response.json()).toEqual({ answer: 42 });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }

  // The root span ends with the answer; exports wait for the resource's details.
  await expect
    .poll(async () => {
      await processor.forceFlush();
      return exporter.getFinishedSpans().some((span) => !span.parentSpanContext);
    })
    .toBe(true);
  const spans = exporter.getFinishedSpans();
  const root = spans.find(
    (span) => span.attributes["request.id"] === "trace-me-1" && !span.parentSpanContext,
  );
  expect(root, spans.map((span) => span.name).join(", ")).toBeDefined();
  expect(root!.attributes["http.route"]).toBe("/clients/:id");
  // Named after the route id the request log matched, as React Router's routes are named in production.
  expect(root!.name).toBe("GET routes/example");
  const traceId = root!.spanContext().traceId;
  const query = spans.find(
    (span) => span.name === "db.query" && String(span.attributes["db.query.text"]).includes("41 + 1"),
  );
  expect(query).toBeDefined();
  expect(query!.spanContext().traceId).toBe(traceId);
  expect(query!.attributes["db.system.name"]).toMatch(/^(pglite|postgresql)$/);
  // Express's own spans sit between the root and the query: the query's parent is in the same trace.
  const ids = new Set(
    spans.filter((span) => span.spanContext().traceId === traceId).map((s) => s.spanContext().spanId),
  );
  expect(ids.has(query!.parentSpanContext!.spanId)).toBe(true);
});
