// A visitor of the running server, as the HTTP suite sees it: its own client
// address (X-Forwarded-For, trusted by the test server), a cookie jar, and
// redirects left unfollowed so their status and Location can be checked.
import { inject } from "vitest";

export type Body =
  | { form: Record<string, string> }
  | { json: unknown }
  | { multipart: FormData }
  | { raw: string | Uint8Array; contentType: string };

export type RequestOptions = { method?: string; headers?: Record<string, string>; body?: Body };

let sequence = 0;
/** A name no other test uses. */
export const uniqueName = (prefix = "http") =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** This worker's shared server: global-setup.ts starts one per test worker. */
export function sharedBaseURL(): string {
  const urls = inject("baseURLs");
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}

const address = () => `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

export class Visitor {
  /** The suite's server, or another one a test started itself (tests/http/server.ts). */
  constructor(readonly baseURL: string = sharedBaseURL()) {}
  readonly address = address();
  readonly cookies = new Map<string, string>();

  /** The Cookie header this visitor sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers({ "X-Forwarded-For": this.address, ...options.headers });
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    let body: BodyInit | undefined;
    const given = options.body;
    if (given && "form" in given) {
      body = new URLSearchParams(given.form);
    } else if (given && "json" in given) {
      body = JSON.stringify(given.json);
      headers.set("Content-Type", "application/json");
    } else if (given && "multipart" in given) {
      body = given.multipart;
    } else if (given && "raw" in given) {
      body = given.raw as BodyInit;
      headers.set("Content-Type", given.contentType);
    }
    const response = await fetch(new URL(path, this.baseURL), {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers });
  }

  post(path: string, body: Body, headers?: Record<string, string>) {
    return this.request(path, { method: "POST", body, headers });
  }

  /** Follows redirects (same origin) and returns the last response. */
  async follow(response: Response, limit = 5): Promise<Response> {
    let current = response;
    for (
      let i = 0;
      i < limit && current.status >= 300 && current.status < 400 && current.headers.get("location");
      i++
    ) {
      await current.arrayBuffer();
      current = await this.get(current.headers.get("location")!);
    }
    return current;
  }
}
