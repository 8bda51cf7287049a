import { isAllowedHost, serverOrigin } from "./allowed-hosts.server";
import { getEnv } from "./env.server";

/**
 * The site's address for links in emails, canonical URLs and the sitemap.
 * PUBLIC_URL when set (set it in production). Otherwise the request's own
 * origin, but only when its host is one the site answers to (HOST:PORT,
 * ALLOWED_HOSTS): a Host header is the visitor's to choose, and a reset link
 * must never point at theirs. Any other host gets the server's own address.
 */
export function publicBaseUrl(request: Request): string {
  const env = getEnv();
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const url = new URL(request.url);
  return isAllowedHost(url.host, env) ? url.origin : serverOrigin(env);
}
