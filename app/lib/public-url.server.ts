import { getEnv } from "./env.server";

/**
 * The site's address for links in emails. PUBLIC_URL when set (always set it
 * in production: the request's Host header is the visitor's to choose),
 * otherwise the address this request came in on.
 */
export function publicBaseUrl(request: Request): string {
  return getEnv().PUBLIC_URL ?? new URL(request.url).origin;
}
