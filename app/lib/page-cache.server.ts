import type { NextFunction, Request, Response } from "express";
import { pageCacheRequests } from "~models/platform/metrics.server";
import { hasSessionCookieHeader } from "./cache-control.server";
import { createNonce } from "./security-headers.server";

// A small shared cache inside the server process for the pages every
// anonymous visitor sees alike (their loaders say Cache-Control: public; see
// docs/decisions/0009-marketing-page-caching.md). A hit skips the loaders
// and React's render. Each hit gets a fresh CSP nonce: the stored page's
// nonce is replaced in the header and the body, so no two responses share one.

/** How long a page is served from memory at most (its s-maxage may shorten it). */
const PAGE_CACHE_TTL_MS = 60_000;
/** How many pages (URL variants included) are kept; the oldest goes first. */
const PAGE_CACHE_MAX_ENTRIES = 200;
/**
 * How long a revision read is trusted: a content change made by any process
 * reaches this one's cache within this bound (plus one query).
 */
const REVISION_CHECK_MS = 1_000;

/**
 * A stored page: its body split around every occurrence of its nonce, so a hit only joins buffers.
 * `revision` is the content revision read before the page was rendered.
 */
type Entry = {
  headers: Record<string, string>;
  parts: Buffer[];
  nonce: string | null;
  expires: number;
  revision: number;
};

const NONCE_IN_CSP = /'nonce-([^']+)'/;
/**
 * Headers recomputed per response (framing, compression) are not stored, nor
 * the request's own id (a hit keeps the id server.js gave it).
 */
const SKIPPED = new Set([
  "x-request-id",
  "content-length",
  "transfer-encoding",
  "content-encoding",
  "connection",
  "keep-alive",
  "date",
]);

/** The lifetime a response allows a shared cache, in ms; 0 when it must not be stored. */
export function sharedLifetimeMs(cacheControl: string | undefined, ttlMs: number): number {
  if (!cacheControl || !/(^|,)\s*public\s*(,|$)/.test(cacheControl) || /no-store|private/.test(cacheControl))
    return 0;
  const sMaxAge = /s-maxage=(\d+)/.exec(cacheControl) ?? /max-age=(\d+)/.exec(cacheControl);
  return sMaxAge ? Math.min(ttlMs, Number(sMaxAge[1]) * 1000) : 0;
}

/** Every page cache in this process (normally the one server.js mounts). */
const caches = new Set<{ entries: Map<string, Entry>; recheck: () => void }>();

/**
 * Drops every stored page in this process, so the next visitor gets a fresh
 * render, and has the next request read the revision again: called after
 * staff change what anonymous pages show (the catalogue's plans and packages
 * on /solutions and /creative-tokens). Other processes learn of the change
 * from the content revision the same write raised (decision 0039).
 */
export function invalidatePageCache(): void {
  for (const cache of caches) {
    cache.entries.clear();
    cache.recheck();
  }
}

/**
 * `onHit` runs for every request answered from memory, before the answer: a
 * page with a per-visit side effect in its loader (a blog post's view count)
 * does it there instead, since a hit skips the loader.
 *
 * `revision` reads the shared content revision (server.js passes
 * `readPageCacheRevision`); it is read at most once per `revisionCheckMs`
 * (concurrent requests share one read), and a page stored before the latest
 * revision is dropped, so a change made in another process shows here within
 * that bound. Without it, only `invalidatePageCache` and the TTL drop pages.
 */
export function createPageCache(
  options: {
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
    onHit?: (req: Request) => void;
    revision?: () => Promise<number>;
    revisionCheckMs?: number;
  } = {},
) {
  const {
    ttlMs = PAGE_CACHE_TTL_MS,
    maxEntries = PAGE_CACHE_MAX_ENTRIES,
    now = Date.now,
    onHit,
    revision,
    revisionCheckMs = REVISION_CHECK_MS,
  } = options;
  const entries = new Map<string, Entry>();
  let latest = 0;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | null = null;
  caches.add({ entries, recheck: () => (checkedAt = Number.NEGATIVE_INFINITY) });

  /** The latest revision: known when read within the bound, else one read shared by every caller. */
  function currentRevision(): number | Promise<number> {
    if (!revision || now() - checkedAt < revisionCheckMs) return latest;
    reading ??= revision()
      .then((value) => {
        // A revision never goes back; older entries than it are stale.
        if (value > latest) latest = value;
        checkedAt = now();
        return latest;
      })
      .finally(() => (reading = null));
    return reading;
  }

  function replay(res: Response, entry: Entry) {
    const headers: Record<string, string> = { ...entry.headers, "x-page-cache": "hit" };
    let body = entry.parts[0]!;
    if (entry.nonce) {
      const nonce = createNonce();
      const glue = Buffer.from(nonce);
      body = Buffer.concat(entry.parts.flatMap((part, i) => (i ? [glue, part] : [part])));
      headers["content-security-policy"] = headers["content-security-policy"]!.replace(entry.nonce, nonce);
    }
    res.writeHead(200, headers).end(body);
  }

  return function pageCache(req: Request, res: Response, next: NextFunction) {
    // A request with credentials is answered privately (root middleware), never from here.
    if (req.method !== "GET" || hasSessionCookieHeader(req.headers.cookie) || req.headers.authorization)
      return next();
    const known = currentRevision();
    if (typeof known === "number") return serve(req, res, next, known);
    // The database did not answer: no hit and nothing stored; the app answers as it can.
    void known.then(
      (value) => serve(req, res, next, value),
      () => next(),
    );
  };

  function serve(req: Request, res: Response, next: NextFunction, revisionNow: number) {
    const key = `${req.headers.host ?? ""}${req.originalUrl}`;
    const hit = entries.get(key);
    if (hit && hit.expires > now() && hit.revision >= revisionNow) {
      pageCacheRequests.inc({ result: "hit" });
      onHit?.(req);
      return replay(res, hit);
    }
    if (hit) entries.delete(key);

    // Miss: let the app answer, keeping a copy of what it writes.
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") keep(chunk, rest[0]);
      store();
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    pageCacheRequests.inc({ result: "miss" });

    function store() {
      const lifetime = sharedLifetimeMs(res.getHeader("cache-control")?.toString(), ttlMs);
      const html = /^text\/html/.test(res.getHeader("content-type")?.toString() ?? "");
      if (res.statusCode !== 200 || !html || lifetime === 0 || res.getHeader("set-cookie")) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!SKIPPED.has(name) && value !== undefined && name !== "x-page-cache")
          headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      const nonce = NONCE_IN_CSP.exec(headers["content-security-policy"] ?? "")?.[1] ?? null;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const body = Buffer.concat(chunks);
      const parts = nonce
        ? body
            .toString("utf8")
            .split(nonce)
            .map((part) => Buffer.from(part))
        : [body];
      // Tagged with the revision read before rendering: a change during the render makes it stale.
      entries.set(key, { headers, parts, nonce, expires: now() + lifetime, revision: revisionNow });
    }
    next();
  }
}
