// The one server, for development and production: the React Router app behind
// Express, with our Host check, headers, cross-site refusal and client
// address in front (docs/decisions/0033-one-server-for-development.md).
// Production (npm start, node server.js) serves build/: compression and
// long-lived caching for fingerprinted assets. Development (npm run dev,
// NODE_ENV=development) runs Vite inside it as middleware: the app is
// compiled on request from the source and the browser hot-reloads.
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

// Before anything loads React: static imports are hoisted, so the app (and,
// in development, Vite) is imported dynamically below, after this line has run.
process.env.NODE_ENV ??= "production";
const development = process.env.NODE_ENV === "development";

const root = import.meta.dirname;
const BUILD_PATH = path.join(root, "build/server/index.js");

// Created before Vite, which shares it for its hot-reload WebSocket (one port
// for everything in development, nothing extra in production). The Express
// app answers its requests once the build is loaded (below).
const server = http.createServer();

// Development: the server build, compiled by Vite from the source. It is
// asked for again on every request, so an edit is live on the next one.
// React Router's config turns on Vite's environment API
// (future.v8_viteEnvironmentApi), so the build comes from the ssr
// environment's module runner, exactly as `react-router dev` loads it (the
// templates' vite.ssrLoadModule is that API's compatibility path, which Vite
// means to deprecate).
let vite;
const loadDevBuild = () => vite.environments.ssr.runner.import("virtual:react-router/server-build");

let build;
try {
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ root, server: { middlewareMode: true, ws: { server } } });
  }
  // Importing the build validates the environment and opens, migrates and
  // seeds the database (see app/entry.server.tsx) before we listen.
  build = development ? await loadDevBuild() : await import(BUILD_PATH);
} catch (error) {
  // A bad setting or a data dir another process holds: the message says what
  // to do, as written (the log is not set up without a valid environment).
  console.error(error?.name === "EnvError" || error?.name === "DataDirLockedError" ? error.message : error);
  process.exit(1);
}
// In development these come from the first load: an edit to them (or to the
// environment) takes a restart, as an edit to this file does.
const {
  env,
  shutdown,
  beginShutdown,
  readiness,
  baselineSecurityHeaders,
  createPageCache,
  countCachedPageView,
  readPageCacheRevision,
  isCrossSiteWrite,
  CROSS_ORIGIN_MESSAGE,
  SIGNED_CROSS_SITE_POSTS,
  checkHost,
  checkRequestTarget,
  drainListenersOnce,
  lingerOnUnreadBody,
  refuseOversizedBody,
  // React Router's Express adapter, from the build: in production it and the
  // app share React Router's production build, bundled into build/server
  // (docs/decisions/0040-render-cost.md).
  createRequestHandler,
  requestLog,
  createRouteIdMatcher,
  metricsEndpoint,
  log,
  reportError,
} = build.entry.module;

// Loaded after the build: when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT) the
// build has started OpenTelemetry, whose Express instrumentation patches
// Express as it is required (docs/decisions/0064-operations.md).
const require = createRequire(import.meta.url);
const express = require("express");
const compression = require("compression");
const app = express();
server.on("request", app);

app.disable("x-powered-by");
// A hop count or the proxies' addresses, never plain `true`: that would make
// req.ip the left-most X-Forwarded-For entry, which the client writes
// (TRUST_PROXY=true is read as one hop; docs/decisions/0029).
app.set("trust proxy", env.TRUST_PROXY);
// First of all: the request's id (X-Request-Id, from a proxy we trust or made
// up here, and sent back), its context for every line the app logs, and, when
// its answer ends, its one log line and its duration in the metrics. Probes
// and scrapes log at debug level only.
const routeIdOf = createRouteIdMatcher(build.routes);
app.use(requestLog({ routeIdOf, quiet: (routeId) => ["healthz", "readyz", "metrics"].includes(routeId) }));
// While shutting down (see stop() below), every answer closes its connection
// after it, even one for a request accepted before.
let stopping = false;
app.use((_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingWhenStopping(...args) {
    if (stopping && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
  next();
});
// First, so it covers every answer: a body left unread (refused, or sent to a
// route that takes none) is read and thrown away for a moment after the
// answer, so the answer reaches the client instead of a reset.
app.use(lingerOnUnreadBody);
// INSTANCE_NAME (set by scripts/cluster.sh) names this process in an X-Instance
// header, so a test or an operator behind a load balancer sees which one answered.
const instanceName = process.env.INSTANCE_NAME;
if (instanceName)
  app.use((_req, res, next) => {
    res.setHeader("X-Instance", instanceName);
    next();
  });
// A request target that is not a path on this site (another site's URL, "*")
// is a plain 400; our own URL in absolute form is served as its path.
app.use(checkRequestTarget(env));
// The baseline headers are defaults, added when the head is written to any
// header the answer did not set itself: React Router's adapter appends a
// route's headers, so setting them up front sent a file's own
// X-Content-Type-Options twice (any header both set became a list).
app.use((req, res, next) => {
  const baseline = baselineSecurityHeaders({ https: req.protocol === "https" });
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithBaseline(...args) {
    for (const [name, value] of Object.entries(baseline))
      if (!res.hasHeader(name)) res.setHeader(name, value);
    return writeHead.apply(this, args);
  };
  next();
});
// Probes (docs/decisions/0064-operations.md), before the Host check: a
// load balancer or an orchestrator asks by the machine's address. /healthz:
// the process is alive. /readyz: it may be sent requests (the database
// answers at the schema this build expects, and it is not shutting down).
app.get("/healthz", (_req, res) => {
  res.locals.routeId = "healthz";
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});
app.get("/readyz", async (_req, res) => {
  res.locals.routeId = "readyz";
  const { ready, checks } = await readiness();
  res
    .status(ready ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json({ status: ready ? "ready" : "unavailable", checks });
});
// This process's metrics for Prometheus, with `Authorization: Bearer
// <METRICS_TOKEN>`; without METRICS_TOKEN, a 404. Before the Host check, like
// the probes: a scraper asks each process by its address.
app.get("/metrics", metricsEndpoint({ token: env.METRICS_TOKEN }));
// Links are built from the Host header only, and in production a Host we do
// not serve is refused before anything else runs.
app.use(checkHost(env));
// A body longer than any route takes is refused before anything reads it;
// each route's own limit is its body reader's (app/lib/body/, decision 0055).
app.use(refuseOversizedBody);
app.use(compression());
// compression forgets to take `drain` listeners off its zlib stream; large
// streamed pages leaked one per wait (app/lib/compression-drain.server.ts).
app.use(drainListenersOnce);

// Writes that a browser sent on behalf of another site are refused here, for
// pages and API alike, before any of the app runs; this is the only place
// that checks (app/lib/cross-origin.server.ts).
app.use((req, res, next) => {
  const crossSite = isCrossSiteWrite({
    method: req.method,
    requestOrigin: `${req.protocol}://${req.get("host")}`,
    origin: req.get("origin") ?? null,
    fetchSite: req.get("sec-fetch-site") ?? null,
    publicUrl: env.PUBLIC_URL,
  });
  // Razorpay's hosted checkout posts its signed answer from its own site (decision 0080).
  if (!crossSite || (req.method === "POST" && SIGNED_CROSS_SITE_POSTS.test(req.path))) return next();
  if (req.path.startsWith("/api/")) res.status(403).json({ error: CROSS_ORIGIN_MESSAGE });
  else res.status(403).type("text/plain").send(CROSS_ORIGIN_MESSAGE);
});

// Anonymous pages whose loaders allow shared caching are served from memory
// for up to a minute (docs/decisions/0009-marketing-page-caching.md); first,
// so a hit costs no file-system lookup. A blog post served from memory still
// counts its view (docs/decisions/0010-blog-view-counting.md). A content
// change made by any process on the database drops the stored pages here
// within a second: the cache reads the shared revision at most once a second
// (docs/decisions/0039-several-processes-on-one-database.md).
// Not in development: it would answer with the page as it was before the edit
// just saved, and the app's invalidatePageCache (after a catalogue change)
// reaches only the copy of its module the app loaded, which Vite replaces on
// every edit. Page caching is checked against the build (tests/http/).
if (!development) app.use(createPageCache({ onHit: countCachedPageView, revision: readPageCacheRevision }));
app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
if (development) {
  // Vite's own files: its client, the source modules, public/.
  app.use(vite.middlewares);
} else {
  // Vite fingerprints everything under /assets: cache it for a year.
  app.use(
    "/assets",
    (_req, res, next) => {
      res.locals.routeId = "assets";
      next();
    },
    express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", index: false }),
    (_req, res) => res.status(404).type("text/plain").send("Not found"),
  );
  // Everything in public/ has a file extension; a page path has none and a
  // page's data ends in .data, so neither touches the file system (a stat and
  // a 404 error object per request).
  const publicFiles = express.static(path.join(root, "build/client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => {
    const extension = path.extname(req.path);
    if (!extension || extension === ".data") return next();
    res.locals.routeId = "public-file";
    return publicFiles(req, res, next);
  });
}
// The app reads the client's address from this header (for rate limits); any
// value the client sent is replaced.
app.use((req, _res, next) => {
  req.headers["x-client-address"] = req.ip ?? "";
  next();
});
// Requests the app is still working on, even for a client that has gone: at
// shutdown the database closes only once they are done, so no loader meets a
// closed database (a load generator that stops mid-request left those behind).
const handle = createRequestHandler({ build: development ? loadDevBuild : build, mode: env.NODE_ENV });
let inFlight = 0;
let onIdle = () => {};
app.use(async (req, res, next) => {
  inFlight++;
  try {
    await handle(req, res, next);
  } finally {
    if (--inFlight === 0) onIdle();
  }
});
// An error no route handled (the app's own are logged by its handleError):
// logged once, with its stack and the request id, and a plain 500.
app.use((error, _req, res, _next) => {
  reportError(error, "Request failed");
  if (res.headersSent) return res.destroy();
  res.status(500).type("text/plain").send("Internal Server Error");
});
const settled = () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onIdle = resolve)));

server.listen(env.PORT, env.HOST, () => {
  log().info(
    { url: `http://${env.HOST}:${env.PORT}`, development },
    `Ascendra is listening on http://${env.HOST}:${env.PORT}${development ? " (development)" : ""}`,
  );
});
// METRICS_PORT: /metrics alone on a port of its own (on HOST), for a scraper
// inside the network; the token is asked for there too when METRICS_TOKEN is set.
let metricsServer;
if (env.METRICS_PORT) {
  const metricsApp = express();
  metricsApp.disable("x-powered-by");
  metricsApp.get("/metrics", metricsEndpoint({ token: env.METRICS_TOKEN, open: true }));
  metricsServer = http.createServer(metricsApp).listen(env.METRICS_PORT, env.HOST);
  metricsServer.on("error", (error) => {
    log().fatal({ err: error }, `Cannot listen on ${env.HOST}:${env.METRICS_PORT} for metrics`);
    process.exit(1);
  });
}
// Nothing thrown should go unhandled; if it does, it is logged (and reported)
// with its stack, and the process exits as Node would have.
for (const event of ["uncaughtException", "unhandledRejection"])
  process.on(event, (error) => {
    reportError(error, event === "uncaughtException" ? "Uncaught exception" : "Unhandled rejection");
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  });
// Idle keep-alive connections stay open longer than any proxy or client pool
// in front of us keeps them (60 s is the usual default), so a reused
// connection is never one we are closing at that moment: a request written
// into it would meet a reset (docs/decisions/0027-keep-alive-timeout.md).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("error", (error) => {
  log().fatal({ err: error }, `Cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  process.exit(1);
});

// SIGTERM (or Ctrl-C): stop accepting connections, answer /readyz with 503,
// finish the requests already accepted and the background run going (a job,
// an email retry), then close the database and exit 0. Past
// SHUTDOWN_TIMEOUT_SECONDS the process exits 1 with whatever is left
// (docs/decisions/0064-operations.md).
function stop(signal) {
  if (stopping) return;
  stopping = true;
  beginShutdown();
  log().info(
    { signal, inFlight },
    `${signal}: finishing ${inFlight} request(s) in flight, then closing the database.`,
  );
  metricsServer?.close();
  setTimeout(() => {
    log().error(`Shutdown took longer than ${env.SHUTDOWN_TIMEOUT_SECONDS} s: exiting with work unfinished.`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
  server.close(() =>
    settled()
      .then(shutdown)
      .then(() => process.exit(0)),
  );
  // Keep-alive connections: idle ones close now, busy ones after their answer
  // (which says Connection: close), so none is closed under a request.
  server.closeIdleConnections();
  const closing = setInterval(() => server.closeIdleConnections(), 100);
  closing.unref();
  // Development: the file watcher and the hot-reload sockets, which would
  // otherwise keep the server from closing.
  void vite?.close();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
