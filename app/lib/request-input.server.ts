import { BODY_MESSAGES, urlHasNul } from "./body/refusals";

// A NUL in the path or the query is refused once, before any loader or action
// runs (root middleware): PostgreSQL cannot store a NUL character in text, so
// it would otherwise fail deep inside a query as a 500. Bodies are checked by
// the reader that reads them (app/lib/body/), never here: checking a body
// here would mean reading it twice. See docs/decisions/0030-private-caching-and-odd-input.md.

/** Why this request's URL is refused, or null. */
export function refusedUrl(request: Request): string | null {
  return urlHasNul(new URL(request.url)) ? BODY_MESSAGES.nul : null;
}
