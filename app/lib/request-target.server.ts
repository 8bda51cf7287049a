import { isAllowedHost } from "./allowed-hosts.server";
import type { Env } from "./env.server";

// The request target (RFC 9112, section 3.2) is the sender's to write. Browsers
// send a path ("origin form"); a proxy-style client may send the whole URL
// ("absolute form": GET http://evil.example/ HTTP/1.1), and a raw client
// anything at all ("*", "evil"). React Router's adapter glues Host and the
// target into one URL, which threw "Invalid URL" (a 500 and a stack in the
// log) on everything but a path. So the target is settled first, in server.js:
// a path goes on; the absolute form of one of our own hosts becomes its path
// and that host (the absolute form's host wins over Host, RFC 9112 3.2.2);
// anything else is a plain 400, nothing logged.

/** What a request whose target is not a path on this site gets. */
export const BAD_REQUEST_TARGET_MESSAGE = "Bad request. Ask for a path on this site, like /contact.";

const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\//i;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

type TargetRequest = {
  url: string;
  /** Express keeps the target as received here, and React Router's adapter reads it. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
};
type TargetResponse = { status(code: number): { type(type: string): { send(body: string): unknown } } };

/** Express middleware (server.js), before the Host check: a target that is no path on this site answers 400. */
export function checkRequestTarget(env: Env) {
  return (req: TargetRequest, res: TargetResponse, next: () => void) => {
    const refuse = () => res.status(400).type("text/plain").send(BAD_REQUEST_TARGET_MESSAGE);
    if (ABSOLUTE_FORM.test(req.url)) {
      const target = parse(req.url);
      if (
        !target ||
        (target.protocol !== "http:" && target.protocol !== "https:") ||
        target.username ||
        target.password ||
        !isAllowedHost(target.host, env)
      )
        return refuse();
      req.url = `${target.pathname}${target.search}`;
      req.originalUrl = req.url;
      req.headers.host = target.host;
    } else if (!req.url.startsWith("/")) {
      return refuse();
    }
    // The URL the app will be given: a Host that cannot head one (outside
    // production, where any Host reaches the app) is refused the same way.
    const host = typeof req.headers.host === "string" ? req.headers.host : "localhost";
    if (!parse(`http://${host}${req.url}`)) return refuse();
    next();
  };
}
