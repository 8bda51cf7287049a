import { reportError } from "~models/platform/errors.server";
import { isbot } from "isbot";
import { recordPostView, visitorKey } from "~models/content/blog.server";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import { clientAddress } from "./auth.server";

// Blog views: one per visitor and post per day, never for crawlers or
// prefetches. Counted where the page is produced: in the post's loader, and,
// for pages served from the in-process page cache, by its hit hook (which
// runs before the cache answers). See docs/decisions/0010-blog-view-counting.md.

type Visit = {
  method: string;
  userAgent: string | null | undefined;
  purpose: string | null | undefined;
  address: string;
};

/** Whether a request is a person reading: a GET, not a known bot, not a speculative prefetch. */
export function isCountableVisit({ method, userAgent, purpose }: Omit<Visit, "address">): boolean {
  if (method.toUpperCase() !== "GET") return false;
  if (!userAgent || isbot(userAgent)) return false;
  return !/prefetch|prerender/i.test(purpose ?? "");
}

async function countVisit(slug: string, visit: Visit): Promise<boolean> {
  if (!isCountableVisit(visit)) return false;
  const day = todayInAgencyTimeZone();
  return recordPostView(
    slug,
    visitorKey({ address: visit.address, userAgent: visit.userAgent ?? "", day }),
    day,
  );
}

const purposeOf = (get: (name: string) => string | null | undefined) =>
  get("sec-purpose") ?? get("purpose") ?? get("x-purpose");

/** From the post's loader. A failure to count is logged; the post is still shown. */
export async function countPostView(request: Request, slug: string): Promise<boolean> {
  const get = (name: string) => request.headers.get(name);
  try {
    return await countVisit(slug, {
      method: request.method,
      userAgent: get("user-agent"),
      purpose: purposeOf(get),
      address: clientAddress(request),
    });
  } catch (error) {
    reportError(error, "Counting a blog view failed");
    return false;
  }
}

const POST_PATH = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(?:\?.*)?$/;

/** What the page cache's hit hook receives from Express (only what we read). */
export type CachedRequest = {
  method: string;
  originalUrl: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * The page cache's hit hook (server.js): a post served from memory skipped its
 * loader, so it is counted here. Never throws and never delays the answer.
 */
export function countCachedPageView(req: CachedRequest): void {
  const slug = POST_PATH.exec(req.originalUrl)?.[1];
  if (!slug) return;
  const get = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  countVisit(slug, {
    method: req.method,
    userAgent: get("user-agent"),
    purpose: purposeOf(get),
    address: req.ip || "unknown",
  }).catch((error) => reportError(error, "Counting a blog view failed"));
}
