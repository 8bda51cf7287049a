import type { NextFunction, Request, Response } from "express";
import { hasSessionCookieHeader } from "./page-cache.server";
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

/** A stored page: its body split around every occurrence of its nonce, so a hit only joins buffers. */
type Entry = { headers: Record<string, string>; parts: Buffer[]; nonce: string | null; expires: number };

const NONCE_IN_CSP = /'nonce-([^']+)'/;
/** Headers recomputed per response (framing, compression) are not stored. */
const SKIPPED = new Set([
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
const caches = new Set<Map<string, Entry>>();

/**
 * Drops every stored page in this process, so the next visitor gets a fresh
 * render: called after staff change what anonymous pages show (the
 * catalogue's plans and packages on /solutions and /creative-tokens).
 * Other processes keep their copies for at most PAGE_CACHE_TTL_MS.
 */
export function invalidatePageCache(): void {
  for (const entries of caches) entries.clear();
}

/**
 * `onHit` runs for every request answered from memory, before the answer: a
 * page with a per-visit side effect in its loader (a blog post's view count)
 * does it there instead, since a hit skips the loader.
 */
export function createPageCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number; onHit?: (req: Request) => void } = {},
) {
  const { ttlMs = PAGE_CACHE_TTL_MS, maxEntries = PAGE_CACHE_MAX_ENTRIES, now = Date.now, onHit } = options;
  const entries = new Map<string, Entry>();
  caches.add(entries);

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
    const key = `${req.headers.host ?? ""}${req.originalUrl}`;
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
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
      entries.set(key, { headers, parts, nonce, expires: now() + lifetime });
    }
    next();
  };
}
