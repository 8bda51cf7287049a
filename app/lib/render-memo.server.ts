// A document is a pure function of what React Router hands the render: the
// URL, the status and the routes' loader data (plus the build, which a process
// never changes, and the CSP nonce, which is replaced). When a request's
// inputs are the same as an earlier one's (a client opening their workspace
// again while nothing in it changed), the earlier HTML is served with a fresh
// nonce instead of rendering it again. The loaders still run on every request,
// so the key is always today's data: nothing here can be stale but the clock
// a component reads while rendering (the footer's year), which the entry's
// lifetime bounds. See docs/decisions/0090-render-memo.md.
import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { renderMemoLookups } from "~models/platform/metrics.server";

/** How long a stored document is served at most. */
const RENDER_MEMO_TTL_MS = 60_000;
/** Documents kept at most, and their bytes: the oldest goes first. */
const RENDER_MEMO_MAX_BYTES = 32 * 1024 * 1024;

/** Loader data a key cannot stand for (a deferred promise, a class instance): render as usual. */
class NotKeyable extends Error {}

/**
 * Writes loader data as text that tells apart every value React Router's
 * turbo-stream would send differently: a Date from its ISO string, a Map or a
 * Set from a plain object, undefined from a missing key, a bigint from a number.
 */
function keyText(data: unknown): string {
  return JSON.stringify(data, function (this: Record<string, unknown>, name: string, value: unknown) {
    const raw = this[name];
    if (raw === undefined) return "\u0000u";
    if (raw instanceof Date) return `\u0000d${Number.isNaN(raw.getTime()) ? "NaN" : raw.toISOString()}`;
    if (typeof raw === "bigint") return `\u0000n${raw}`;
    if (typeof raw === "number" && !Number.isFinite(raw)) return `\u0000f${raw}`;
    if (typeof raw === "string" && raw.startsWith("\u0000")) return `\u0000s${raw}`;
    if (raw instanceof Map) return { "\u0000m": [...raw.entries()] };
    if (raw instanceof Set) return { "\u0000e": [...raw.values()] };
    if (typeof raw === "function" || typeof raw === "symbol") throw new NotKeyable();
    if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
      const proto = Object.getPrototypeOf(raw) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new NotKeyable();
    }
    return value;
  });
}

/**
 * The key of a document request's render, or null when it must be rendered:
 * anything but a 200 GET with loader data alone (an action's answer, an error
 * boundary, a deferred value still streaming).
 */
export function documentKey(request: Request, status: number, context: EntryContext): string | null {
  const handler = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || context.isSpaMode) return null;
  if (handler.errors || handler.actionData) return null;
  let text: string;
  try {
    text = keyText(handler.loaderData);
  } catch (error) {
    if (error instanceof NotKeyable) return null;
    throw error;
  }
  return createHash("sha256").update(request.url).update("\u0000").update(text).digest("base64url");
}

type Entry = { parts: Buffer[]; bytes: number; expires: number };

/** The documents of this process, least recently used first. */
const entries = new Map<string, Entry>();
let storedBytes = 0;

function drop(key: string, entry: Entry) {
  entries.delete(key);
  storedBytes -= entry.bytes;
}

/** The stored document for `key` with `nonce` put in place of its own, or null. */
export function recalled(key: string, nonce: string, now = Date.now()): Buffer<ArrayBuffer> | null {
  const entry = entries.get(key);
  if (entry && entry.expires <= now) drop(key, entry);
  if (!entry || entry.expires <= now) {
    renderMemoLookups.inc({ result: "miss" });
    return null;
  }
  // Most recently used goes last.
  entries.delete(key);
  entries.set(key, entry);
  renderMemoLookups.inc({ result: "hit" });
  const glue = Buffer.from(nonce);
  return Buffer.concat(entry.parts.flatMap((part, i) => (i ? [glue, part] : [part])));
}

/** Keeps a rendered document under `key`, split around its nonce. */
export function remember(key: string, html: Buffer, nonce: string, now = Date.now()): void {
  if (html.length > RENDER_MEMO_MAX_BYTES / 64) return;
  const parts: Buffer[] = [];
  const glue = Buffer.from(nonce);
  let from = 0;
  for (let at = html.indexOf(glue); at !== -1; at = html.indexOf(glue, from)) {
    parts.push(html.subarray(from, at));
    from = at + glue.length;
  }
  parts.push(html.subarray(from));
  const old = entries.get(key);
  if (old) drop(key, old);
  entries.set(key, { parts, bytes: html.length, expires: now + RENDER_MEMO_TTL_MS });
  storedBytes += html.length;
  for (const [oldest, entry] of entries) {
    if (storedBytes <= RENDER_MEMO_MAX_BYTES) break;
    drop(oldest, entry);
  }
}

/** Forgets every stored document (tests). */
export function forgetRenders(): void {
  entries.clear();
  storedBytes = 0;
}
