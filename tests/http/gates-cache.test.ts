// Quality gate: private answers are never stored by a shared cache. Every
// discovered route is requested by a signed-in client (session cookie) and
// with an API token alone, as a page and as its .data request: whatever the
// status, the answer must say `private` or `no-store`, never `public`, and
// vary on Cookie and Authorization. Anonymous marketing pages keep their public
// caching (docs/decisions/0009-marketing-page-caching.md).
import { beforeAll, expect, test } from "vitest";
import { Visitor } from "./client";
import { anonymous, bearer, client, ownedBy, type Identity, type Owned } from "./identities";
import { paramsFor } from "./gates";
import { sitemapPaths } from "../harness/policy";
import { discoverRoutes, fillPattern } from "../harness/routes";

let anon: Identity;
let a: Identity;
let owned: Owned;
let sitemap: string[];

beforeAll(async () => {
  anon = anonymous();
  a = await client("cachea");
  owned = await ownedBy(a);
  sitemap = sitemapPaths(await (await anon.visitor.get("/sitemap.xml")).text());
});

/** The single-fetch data URL of a page, as the browser asks for it on client navigation. */
const dataUrl = (url: string) => (url === "/" ? "/_root.data" : `${url.replace(/\/$/, "")}.data`);

function expectPrivate(response: Response, where: string) {
  const cacheControl = response.headers.get("cache-control") ?? "";
  expect(cacheControl, `Cache-Control of ${where} (${response.status})`).toMatch(/\bprivate\b|\bno-store\b/);
  expect(cacheControl, `Cache-Control of ${where} (${response.status})`).not.toMatch(/\bpublic\b/);
  const vary = (response.headers.get("vary") ?? "").toLowerCase();
  expect(vary, `Vary of ${where}`).toContain("cookie");
  expect(vary, `Vary of ${where}`).toContain("authorization");
}

test.for(discoverRoutes().filter((route) => route.page || route.loader))(
  "private caching: $pattern",
  async (route) => {
    const url = fillPattern(route.pattern, paramsFor(route.pattern, owned))!;
    const urls = route.page ? [url, dataUrl(url)] : [url];
    for (const target of urls) {
      const signedIn = await a.visitor.get(target);
      await signedIn.arrayBuffer();
      expect(signedIn.status, `client GET ${target}`).toBeLessThan(500);
      expectPrivate(signedIn, `client (cookie) GET ${target}`);

      // A fresh visitor: the API token is its only credential.
      const withToken = await new Visitor().get(target, bearer(a));
      await withToken.arrayBuffer();
      expect(withToken.status, `token GET ${target}`).toBeLessThan(500);
      expectPrivate(withToken, `token GET ${target}`);
    }
  },
);

test("anonymous marketing pages keep their public caching", async () => {
  const marketing = ["/", "/services", "/solutions", "/strategy", "/creative-tokens"].filter((path) =>
    sitemap.includes(path),
  );
  expect(marketing.length).toBeGreaterThan(0);
  for (const path of marketing) {
    const page = await new Visitor().get(path);
    await page.arrayBuffer();
    expect(page.status, path).toBe(200);
    expect(page.headers.get("cache-control"), path).toMatch(/\bpublic\b/);
  }
});

test("a page whose URL holds a secret token is not stored, even for an anonymous visitor", async () => {
  for (const path of [
    "/reset-password/not-a-real-token",
    "/staff-invite/not-a-real-token",
    "/newsletter/confirm/not-a-real-token",
  ]) {
    const page = await new Visitor().get(path);
    await page.arrayBuffer();
    expect(page.headers.get("cache-control") ?? "", path).toMatch(/no-store/);
  }
});
