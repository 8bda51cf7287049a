import type { Env } from "./env.server";

// The hosts this site answers to. Links in emails are built from the request
// only when its host is one of them, and in production any other Host header
// is refused (docs/decisions/0029): a Host header is the sender's to choose.

/** What a request for a host we do not serve gets, in production. */
export const UNKNOWN_HOST_MESSAGE = "Unknown host. Ask for this site by its own address.";

const WILDCARD_BINDS = new Set(["0.0.0.0", "::", "[::]"]);
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
// Outside production any loopback port counts (a test's requests, a second dev server).
const ANY_LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

const bracketed = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

const cache = new WeakMap<Env, Set<string>>();
/** HOST:PORT (the address the server was started on), loopback on PORT, ALLOWED_HOSTS and PUBLIC_URL's host. */
export function allowedHosts(env: Env): Set<string> {
  let hosts = cache.get(env);
  if (hosts) return hosts;
  hosts = new Set(env.ALLOWED_HOSTS);
  if (!WILDCARD_BINDS.has(env.HOST)) hosts.add(`${bracketed(env.HOST)}:${env.PORT}`.toLowerCase());
  for (const name of LOOPBACK_NAMES) hosts.add(`${name}:${env.PORT}`);
  if (env.PUBLIC_URL) hosts.add(new URL(env.PUBLIC_URL).host);
  cache.set(env, hosts);
  return hosts;
}

/** Whether a Host header (name and port as sent) names this site. */
export function isAllowedHost(host: string | null | undefined, env: Env): boolean {
  if (!host) return false;
  const normalised = host.trim().toLowerCase();
  return (
    allowedHosts(env).has(normalised) || (env.NODE_ENV !== "production" && ANY_LOOPBACK.test(normalised))
  );
}

/** The server's own address: where links point when the request's host is not one we serve. */
export function serverOrigin(env: Env): string {
  const host = WILDCARD_BINDS.has(env.HOST) ? "127.0.0.1" : bracketed(env.HOST);
  return `http://${host}:${env.PORT}`;
}

type HostRequest = { headers: Record<string, string | string[] | undefined> };
type HostResponse = { status(code: number): { type(type: string): { send(body: string): unknown } } };

/**
 * Express middleware (server.js). X-Forwarded-Host is dropped whatever
 * TRUST_PROXY says, so the request's URL, and every link made from it, comes
 * from the Host header alone; in production an unknown Host answers 400.
 */
export function checkHost(env: Env) {
  return (req: HostRequest, res: HostResponse, next: () => void) => {
    delete req.headers["x-forwarded-host"];
    const host = req.headers.host;
    if (env.NODE_ENV !== "production" || isAllowedHost(typeof host === "string" ? host : undefined, env))
      return next();
    res.status(400).type("text/plain").send(UNKNOWN_HOST_MESSAGE);
  };
}
