import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject } from "react-router";
import { log, withLogContext, type LogContext } from "~models/platform/log.server";
import { httpRequestDuration } from "~models/platform/metrics.server";
import { tagRequestSpan } from "~models/platform/tracing.server";

// One log line per request, its duration in the request histogram, and its
// id: taken from X-Request-Id when a proxy we trust (TRUST_PROXY) sent it,
// made up otherwise, and sent back in X-Request-Id. Every line the app logs
// while answering carries the same requestId (models/platform/log.server.ts).

/** An id a proxy may hand us: short, and nothing a log reader could mistake for more (no spaces, no quotes). */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

const MATCHER_MEMORY = 5000;

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The route id (app/routes.ts) a path is answered by, for a log line or a
 * metric label: one of a fixed set, never the path itself. A page's data
 * request (`/path.data`, `/_root.data`) counts as its page.
 */
export function createRouteIdMatcher(routes: Record<string, BuildRoute | undefined>) {
  const children = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map(
      (route) =>
        ({
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          children: route.index ? undefined : tree(route.id),
        }) as RouteObject,
    );
  const routeObjects = tree(undefined);
  // matchRoutes flattens and ranks the whole tree on every call (about a fifth of a signed-in
  // page's CPU under load), so each answer is kept per path shape: a segment of digits only (an
  // id) reads as "0", which no static segment of the route map is, so /project/12 and
  // /project/345 share one entry. Past 5,000 shapes the map starts again, bounding made-up URLs.
  const known = new Map<string, string>();
  return (pathname: string): string => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const shape = page.replace(/\/\d+(?=\/|$)/g, "/0");
    let routeId = known.get(shape);
    if (routeId === undefined) {
      routeId = matchRoutes(routeObjects, shape)?.at(-1)?.route.id ?? "unmatched";
      if (known.size >= MATCHER_MEMORY) known.clear();
      known.set(shape, routeId);
    }
    return routeId;
  };
}

/** Express middleware: the request's id, its context for every log line, its log line and its timing. */
export function requestLog(options: {
  routeIdOf: (pathname: string) => string;
  /** Routes whose lines are debug-level only (the probes, the scrape). */
  quiet?: (routeId: string) => boolean;
}) {
  return function logRequest(req: Request, res: Response, next: NextFunction) {
    const started = process.hrtime.bigint();
    const offered = req.get("x-request-id");
    // Only from a proxy this server trusts: the immediate peer is one of TRUST_PROXY's.
    const trusted = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    const fromProxy = offered && REQUEST_ID.test(offered) && trusted(req.socket.remoteAddress ?? "", 0);
    const requestId = fromProxy ? offered : randomUUID();
    // For the trace's root span (models/platform/tracing.server.ts).
    Object.assign(req, { requestId, routeId: options.routeIdOf(req.path) });
    res.setHeader("X-Request-Id", requestId);
    tagRequestSpan(requestId);
    const context: LogContext = { requestId };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Set by a route that is not React Router's (/healthz, /metrics, static files).
      const route = (res.locals.routeId as string | undefined) ?? (req as { routeId?: string }).routeId!;
      // A client that went away before the answer ended: 499, as nginx counts it.
      const status = res.writableFinished ? res.statusCode : 499;
      httpRequestDuration.observe({ method: req.method, route, status: String(status) }, seconds);
      const fields = {
        method: req.method,
        path: req.path,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        bytes: Number(res.getHeader("content-length")) || undefined,
        ...context,
      };
      const level = status >= 500 ? "error" : options.quiet?.(route) ? "debug" : "info";
      log()[level](fields, "request");
    };
    res.once("finish", finish);
    res.once("close", finish);
    // `context` is the live context: the app adds the user id to it once it reads the session.
    withLogContext(context, next);
  };
}
