import { createRequire } from "node:module";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ExpressInstrumentation as Express } from "@opentelemetry/instrumentation-express";
import type { HttpInstrumentation as Http } from "@opentelemetry/instrumentation-http";
import type { NodeSDK as Sdk } from "@opentelemetry/sdk-node";
import type { SpanProcessor } from "@opentelemetry/sdk-trace";

// Traces (OpenTelemetry), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then
// each request is a trace (the HTTP and Express instrumentations) whose root
// span carries the request id (attribute `request.id`), with a `db.query`
// span for each statement from our own database layer (models/platform/
// db.server.ts), PGlite and PostgreSQL alike. The OTLP exporter reads the
// standard OTEL_* settings (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS…).
// Off, the API calls below are no-ops (docs/decisions/0064-operations.md).

/** Runs one statement inside a client span named after it (the text only, never its parameters). */
export function traceQuery<T>(driver: string, text: string, run: () => Promise<T>): Promise<T> {
  // No span to hang it on (tracing off, or boot work outside a request): just run.
  if (!trace.getActiveSpan()) return run();
  // Asked for each time, not kept from before the SDK started: a tracer taken
  // earlier stays a no-op when the SDK registers through another copy of the
  // API (its CommonJS build, loaded by require below).
  return trace.getTracer("ascendra").startActiveSpan(
    "db.query",
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "db.system.name": driver === "postgres" ? "postgresql" : "pglite",
        "db.query.text": text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
      },
    },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Names the current request's trace with its request id (our middleware calls this). */
export function tagRequestSpan(requestId: string): void {
  trace.getActiveSpan()?.setAttribute("request.id", requestId);
}

type Shutdown = () => Promise<void>;

/**
 * Starts the OpenTelemetry SDK with the HTTP and Express instrumentations,
 * exporting over OTLP (or to `spanProcessors`, in tests). Call it before
 * Express is loaded: server.js loads it after the build, which calls this at
 * boot. Answers how to flush and stop it, or undefined when tracing is off.
 */
export async function startTracing(options: {
  endpoint?: string;
  serviceName?: string;
  spanProcessors?: SpanProcessor[];
}): Promise<Shutdown | undefined> {
  if (!options.endpoint && !options.spanProcessors) return undefined;
  // Loaded only when tracing is on, and with require: the SDK is a few hundred
  // CommonJS files, which a test runner's module loader takes seconds over.
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require("@opentelemetry/sdk-node") as { NodeSDK: typeof Sdk };
  const { HttpInstrumentation } = require("@opentelemetry/instrumentation-http") as {
    HttpInstrumentation: typeof Http;
  };
  const { ExpressInstrumentation } = require("@opentelemetry/instrumentation-express") as {
    ExpressInstrumentation: typeof Express;
  };
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? "ascendra",
    spanProcessors: options.spanProcessors,
    // Traces only: the SDK would also push metrics and logs over OTLP by
    // default, which /metrics and stdout already carry.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // The request id our middleware chose (server.js), on the request's root span.
        // and the route id it matched, as the span's name ("GET routes/services"):
        // React Router routes inside one middleware, so the instrumentation
        // cannot name the route itself.
        applyCustomAttributesOnSpan: (span, request, response) => {
          const { requestId, routeId } = request as { requestId?: string; routeId?: string };
          if (requestId) span.setAttribute("request.id", requestId);
          const route = (response as { locals?: { routeId?: string } }).locals?.routeId ?? routeId;
          if (!route) return;
          span.setAttribute("app.route.id", route);
          span.updateName(`${request.method} ${route}`);
        },
        // Probes and scrapes are not traced.
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz|metrics)\b/.test(request.url ?? ""),
      }),
      new ExpressInstrumentation(),
    ],
  });
  sdk.start();
  // The instrumentations patch a module when it is next required: http is
  // loaded already (ES imports do not pass through require), so ask for it
  // once more; Express is required after this by server.js.
  require("node:http");
  return () => sdk.shutdown();
}
