// Helpers the quality gates share.
import type { Identity } from "./identities";
import { patternRegex } from "../harness/policy";

/**
 * A real record's page for a route with parameters, as `who` finds it: the
 * first link matching the pattern on the nearest page above it (the inbox for
 * an inbox item, the client list for a client). Null when there is none.
 */
export async function linkedUrl(who: Identity, pattern: string): Promise<string | null> {
  const regex = patternRegex(pattern);
  const segments = pattern.split("/");
  for (let n = segments.length - 1; n >= 1; n--) {
    const parent = segments.slice(0, n).join("/") || "/";
    if (parent.includes(":")) continue;
    const response = await who.api.get(parent, { maxRedirects: 0 });
    if (!response.ok() || !(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
    const links = [...(await response.text()).matchAll(/href="([^"#?]+)/g)].map((m) => m[1]!);
    const found = links.find((href) => regex.test(href));
    if (found) return found;
  }
  return null;
}
