// Quality gate: the access matrix. Every route in app/routes.ts is requested
// as an anonymous visitor, as client A (who owns a project and a file) and as
// client B (with A's ids), and every write as a request from another site.
// Routes are discovered, so a new route is covered without editing this file;
// one that is not declared public (tests/harness/policy.ts or the sitemap)
// must refuse anonymous visitors.
import { beforeAll, expect, test } from "vitest";
import { anonymous, bearer, client, ownedBy, staff, type Identity, type Owned } from "./identities";
import { expectHtmlSecurityHeaders, paramsFor } from "./gates";
import { accessOf, anonymousGetProblem, anonymousWriteProblem, isApi, sitemapPaths } from "../harness/policy";
import { discoverRoutes, fillPattern, paramsOf } from "../harness/routes";
import { SIGNED_CROSS_SITE_POSTS } from "~/lib/cross-origin.server";

const ownsParams = (pattern: string) => /\/:(id|fileId|purchaseId)\b/.test(pattern);
const isHtml = (response: Response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

let anon: Identity;
let a: Identity;
let b: Identity;
let lead: Identity;
let owned: Owned;
let sitemap: string[];

beforeAll(async () => {
  anon = anonymous();
  [a, b, lead] = await Promise.all([client("clienta"), client("clientb"), staff()]);
  owned = await ownedBy(a);
  sitemap = sitemapPaths(await (await anon.visitor.get("/sitemap.xml")).text());
});

test.for(discoverRoutes())("access: $pattern", async (route) => {
  const access = accessOf(route, sitemap);
  const url = fillPattern(route.pattern, paramsFor(route.pattern, owned))!;
  const secrets = [owned.projectTitle, a.email!, a.username!];

  if (route.page || route.loader) {
    const visitor = await anon.visitor.get(url);
    await visitor.arrayBuffer();
    expect(
      anonymousGetProblem(
        access,
        route.pattern,
        visitor.status,
        visitor.headers.get("location") ?? undefined,
      ),
      `anonymous GET ${url}`,
    ).toBeNull();

    const owner = await a.visitor.get(url, bearer(a));
    await owner.arrayBuffer();
    expect(owner.status, `client A GET ${url}`).toBeLessThan(500);
    if (access === "staff") expect(owner.status, `client A GET ${url}`).toBe(404);
    if (isHtml(owner)) expectHtmlSecurityHeaders(owner.headers, url);

    if (access === "staff") {
      const member = await lead.visitor.get(url, bearer(lead));
      await member.arrayBuffer();
      expect(member.status, `staff GET ${url}`).toBeLessThan(500);
      if (!paramsOf(route.pattern).length) expect(member.status, `staff GET ${url}`).toBe(200);
      if (isHtml(member)) expectHtmlSecurityHeaders(member.headers, url);
    }

    const stranger = await b.visitor.get(url, bearer(b));
    expect(stranger.status, `client B GET ${url}`).toBeLessThan(500);
    if (access === "staff") expect(stranger.status, `client B GET ${url}`).toBe(404);
    if (access !== "public" && ownsParams(route.pattern)) {
      expect([403, 404, 405], `client B GET ${url} (A's record)`).toContain(stranger.status);
    }
    const seen = await stranger.text();
    for (const secret of secrets)
      expect(seen.includes(secret), `client B saw A's "${secret}" at ${url}`).toBe(false);
  }

  if (route.action && SIGNED_CROSS_SITE_POSTS.test(url)) {
    // Razorpay's hosted checkout posts here from its own site by design (decision 0080):
    // let through server.js, it is refused by its signature and changes nothing.
    const forged = await a.visitor.post(url, { form: { probe: "1" } }, { Origin: "https://evil.example" });
    await forged.arrayBuffer();
    expect([400, 404], `cross-site POST ${url} (signed callback)`).toContain(forged.status);
  } else if (route.action) {
    // Another site posting with A's cookies is refused before anything runs.
    for (const method of ["POST", ...(isApi(route.pattern) ? ["PUT", "DELETE"] : [])]) {
      const forged = await a.visitor.request(url, {
        method,
        headers: { Origin: "https://evil.example" },
        body: { form: { probe: "1" } },
      });
      await forged.arrayBuffer();
      expect(forged.status, `cross-site ${method} ${url}`).toBe(403);
    }
    const forgedNoOrigin = await a.visitor.post(
      url,
      { form: { probe: "1" } },
      { "Sec-Fetch-Site": "cross-site" },
    );
    await forgedNoOrigin.arrayBuffer();
    expect(forgedNoOrigin.status, `cross-site (Sec-Fetch-Site) POST ${url}`).toBe(403);

    if (access === "staff") {
      // Clients cannot write to the back-office either: it does not exist for them.
      const posted = await a.visitor.post(url, { form: { probe: "1" } }, bearer(a));
      await posted.arrayBuffer();
      expect(posted.status, `client POST ${url}`).toBe(404);
    }
    if (access !== "public") {
      const visitor = await anon.visitor.post(url, { form: { probe: "1" } });
      await visitor.arrayBuffer();
      expect(
        anonymousWriteProblem(visitor.status, visitor.headers.get("location") ?? undefined),
        `anonymous POST ${url}`,
      ).toBeNull();
    }
    if (access !== "public" && ownsParams(route.pattern)) {
      const stranger = await b.visitor.post(
        url,
        { form: { intent: "comment", comment: "probe" } },
        bearer(b),
      );
      await stranger.arrayBuffer();
      expect([403, 404, 405], `client B POST ${url} (A's record)`).toContain(stranger.status);
    }
  }
});
