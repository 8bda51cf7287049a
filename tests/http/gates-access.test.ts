// Quality gate: the access matrix. Every route in app/routes.ts is requested
// as an anonymous visitor, as client A (who owns a project and a file), as
// client B (with A's ids) and a member of B's organisation, as each role of
// A's organisation (member, billing, approver: the rights follow ROLE_RIGHTS,
// tests/http/role-rights.ts), and every write as a request from another site.
// Routes are discovered, so a new route is covered without editing this file;
// one that is not declared public (tests/harness/policy.ts or the sitemap)
// must refuse anonymous visitors.
import { beforeAll, expect, test } from "vitest";
import { can, type OrganisationRole } from "~models/identity/roles";
import {
  anonymous,
  bearer,
  client,
  confirmEmail,
  invitedMember,
  ownedBy,
  staff,
  type Identity,
  type Owned,
} from "./identities";
import { ROUTE_RIGHTS } from "./role-rights";
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
let outsider: Identity;
let roles: [OrganisationRole, Identity][];
let owned: Owned;
let sitemap: string[];

beforeAll(async () => {
  anon = anonymous();
  [a, b, lead] = await Promise.all([client("clienta"), client("clientb"), staff()]);
  // Only a confirmed address invites (issue #40); A's organisation gains a member of each role,
  // and B's a member who must reach nothing of A's.
  await confirmEmail(a, lead);
  await confirmEmail(b, lead);
  const [member, billing, approver] = await Promise.all([
    invitedMember(a, "member", lead, "amember"),
    invitedMember(a, "billing", lead, "abilling"),
    invitedMember(a, "approver", lead, "aapprover"),
  ]);
  outsider = await invitedMember(b, "member", lead, "bmember");
  roles = [
    ["owner", { ...a, token: undefined }],
    ["member", member],
    ["billing", billing],
    ["approver", approver],
  ];
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

    // A member of another organisation: nothing of A's, whatever their role there.
    const outside = await outsider.visitor.get(url);
    expect(outside.status, `B's member GET ${url}`).toBeLessThan(500);
    if (access === "staff") expect(outside.status, `B's member GET ${url}`).toBe(404);
    if (access !== "public" && ownsParams(route.pattern))
      expect([403, 404, 405], `B's member GET ${url} (A's record)`).toContain(outside.status);
    const outsideSaw = await outside.text();
    for (const secret of secrets)
      expect(outsideSaw.includes(secret), `B's member saw A's "${secret}" at ${url}`).toBe(false);

    // Each role of A's organisation: refused exactly where the rights table says.
    const rule = ROUTE_RIGHTS[route.pattern]?.get;
    for (const [role, who] of roles) {
      const got = await who.visitor.get(url);
      const html = await got.text();
      const where = `${role} of A's organisation GET ${url}`;
      expect(got.status, where).toBeLessThan(500);
      if (access === "staff") expect(got.status, where).toBe(404);
      const refused = rule ? !can(role, rule.right) : false;
      if (rule?.shown === "text") expect(html.includes('data-testid="role-refusal"'), where).toBe(refused);
      else if (rule?.shown === "403") expect(got.status === 403, where).toBe(refused);
      else if (got.status === 403)
        expect(owner.status, `${where}: 403 for a role, not for the owner`).toBe(403);
    }
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
      const outside = await outsider.visitor.post(url, { form: { intent: "comment", comment: "probe" } });
      await outside.arrayBuffer();
      expect([403, 404, 405], `B's member POST ${url} (A's record)`).toContain(outside.status);
    }
    // A role without the write's right is refused with a 403 before anything runs (the roles
    // that hold it are not sent the probe: it would change A's records under the matrix).
    const write = ROUTE_RIGHTS[route.pattern]?.write;
    if (write)
      for (const [role, who] of roles) {
        if (can(role, write.right)) continue;
        const refused = await who.visitor.request(url, {
          method: write.method ?? "POST",
          body: write.json ? { json: write.json } : { form: write.form ?? {} },
        });
        await refused.arrayBuffer();
        expect(refused.status, `${role} of A's organisation ${write.method ?? "POST"} ${url}`).toBe(403);
      }
  }
});

test("every rule of the rights table names a route of the map", () => {
  const patterns = new Set(discoverRoutes().map((route) => route.pattern));
  expect(Object.keys(ROUTE_RIGHTS).filter((pattern) => !patterns.has(pattern))).toEqual([]);
});
