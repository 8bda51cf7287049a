import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceContext } from "./components/nonce";
import { env, ready } from "./lib/boot.server";
import { documentKey, recalled, remember } from "./lib/render-memo.server";
import { createRenderStream } from "./lib/render-stream.server";
import { contentSecurityPolicy, createNonce } from "./lib/security-headers.server";
import { hostedPaymentOrigins } from "~models/billing/stripe-gateway.server";
import { razorpayPageOrigins } from "~models/billing/razorpay-gateway.server";
import { reportError } from "~models/platform/errors.server";
import { log } from "~models/platform/log.server";

// The server (server.js) imports the build, and with it this module: the
// database is open, migrated and seeded before it starts listening.
await ready;

// Read by server.js from the build, so the server and the app share one
// validated environment and one set of headers.
export { env } from "./lib/boot.server";
export { shutdown } from "./lib/boot.server";
export { beginShutdown, readiness } from "./lib/health.server";
export { baselineSecurityHeaders } from "./lib/security-headers.server";
export { createPageCache } from "./lib/page-cache.server";
export { countCachedPageView } from "./lib/blog-views.server";
export { readPageCacheRevision } from "~models/content/page-cache-revision.server";
export { CROSS_ORIGIN_MESSAGE, isCrossSiteWrite, SIGNED_CROSS_SITE_POSTS } from "./lib/cross-origin.server";
export { checkHost } from "./lib/allowed-hosts.server";
export { checkRequestTarget } from "./lib/request-target.server";
export { drainListenersOnce } from "./lib/compression-drain.server";
export { lingerOnUnreadBody, refuseOversizedBody } from "./lib/body/oversized.server";
// server.js serves the app with this adapter, taken from the build so that it
// and the app share one copy of React Router: its production build, bundled
// into the server build (docs/decisions/0040-render-cost.md).
export { createRequestHandler } from "@react-router/express";
// Logs, metrics and traces (docs/decisions/0064-operations.md).
export { requestLog, createRouteIdMatcher } from "./lib/request-log.server";
export { metricsEndpoint } from "./lib/metrics-endpoint.server";
export { log } from "~models/platform/log.server";
export { reportError } from "~models/platform/errors.server";

export const streamTimeout = 5_000;

/**
 * What the server logs of a request that failed, besides its request line
 * (server.js). React Router reports a request it refuses by itself, a POST to
 * a page without an action (405) or a path no route matches, as an error
 * response carrying an Error, and by default logs that Error's whole stack: a
 * crawler posting to every page wrote ten lines a post. Those are the
 * sender's mistake, not ours: the request line with its 405 says it all (and
 * a debug line says why). Anything else is a failure: logged here, once, with
 * its stack and the request id (and sent to Sentry when SENTRY_DSN is set). A
 * request the client abandoned logs nothing more.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log().debug({ status: error.status, reason: error.statusText }, "refused by the router");
    return;
  }
  // An error response React Router made from an Error carries it (as its default handler logs it).
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  reportError(cause ?? error, "Request failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // server.js adds the baseline headers to every response; documents add the CSP.
  const nonce = createNonce();
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      nonce,
      development: env.NODE_ENV === "development",
      formTargets: hostedPaymentOrigins(),
      // Razorpay Checkout's script and frames, only when Razorpay is configured (decision 0080).
      paymentScript: razorpayPageOrigins(),
    }),
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The same URL and loader data as a document rendered a moment ago: that document, with this
  // request's nonce (app/lib/render-memo.server.ts). React Router's encoding of the loader data
  // for the render is not needed then.
  const key = env.RENDER_MEMO ? documentKey(request, responseStatusCode, routerContext) : null;
  const stored = key ? recalled(key, nonce) : null;
  if (stored) {
    void routerContext.serverHandoffStream?.cancel().catch(() => {});
    return new Response(stored, { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // One chunk per batch React completes (the shell, then each
          // deferred part): see app/lib/render-stream.server.ts.
          const { destination, body } = createRenderStream(
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            // A document that rendered whole, without an error, is kept for the next identical request.
            key ? (document) => !failed && remember(key, document, nonce) : undefined,
          );
          pipe(destination);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) reportError(error, "Rendering a page failed");
        },
      },
    );
  });
}
