// The quality gates' own test: a route added without protection is caught.
import { index, layout, route } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { accessOf, anonymousGetProblem, sitemapPaths } from "../harness/policy";
import { discoverRoutes, fillPattern } from "../harness/routes";

describe("route discovery", () => {
  it("finds every route of app/routes.ts, pages and resources, with their exports", () => {
    const routes = discoverRoutes();
    const byPattern = new Map(routes.map((r) => [r.pattern, r]));
    expect(byPattern.get("/")).toMatchObject({ page: true, loader: true });
    expect(byPattern.get("/dashboard2/shop")).toMatchObject({ page: true });
    expect(byPattern.get("/api/projects/:id")).toMatchObject({ page: false, loader: true, action: true });
    expect(routes.some((r) => r.pattern.includes("*"))).toBe(false);
  });

  it("a new route under a layout is discovered with its full path", () => {
    const config = [
      route("api/secret-report", "routes/robots.ts"),
      layout("routes/public-layout.tsx", [
        index("routes/home.tsx"),
        route("dashboard2", "routes/dashboard/layout.tsx", [route("vault", "routes/dashboard/shop.tsx")]),
      ]),
    ];
    expect(discoverRoutes(config).map((r) => r.pattern)).toEqual([
      "/api/secret-report",
      "/",
      "/dashboard2/vault",
    ]);
  });

  it("fills parameters, dropping unknown optional ones", () => {
    expect(fillPattern("/project/:id/files/:fileId", { id: "p1", fileId: "f 1" })).toBe(
      "/project/p1/files/f%201",
    );
    expect(fillPattern("/solutions/:scolor?", {})).toBe("/solutions");
    expect(fillPattern("/project/:id", {})).toBeNull();
  });
});

describe("access policy", () => {
  const sitemap = sitemapPaths(
    "<urlset><url><loc>http://x.test/services</loc></url><url><loc>http://x.test/solutions/purple</loc></url></urlset>",
  );

  it("treats sitemap pages and declared routes as public, /admin as staff, and anything else as protected", () => {
    expect(accessOf({ pattern: "/services" }, sitemap)).toBe("public");
    expect(accessOf({ pattern: "/solutions/:scolor?" }, sitemap)).toBe("public");
    expect(accessOf({ pattern: "/login" }, sitemap)).toBe("public");
    expect(accessOf({ pattern: "/admin/inbox" }, sitemap)).toBe("staff");
    expect(accessOf({ pattern: "/api/admin/clients" }, sitemap)).toBe("staff");
    expect(accessOf({ pattern: "/dashboard2/vault" }, sitemap)).toBe("client");
  });

  it("fails a route added without protection, and passes one that redirects to sign-in", () => {
    const added = accessOf({ pattern: "/dashboard2/vault" }, sitemap);
    expect(anonymousGetProblem(added, "/dashboard2/vault", 200)).toMatch(/must redirect to \/login/);
    expect(
      anonymousGetProblem(added, "/dashboard2/vault", 302, "/login?redirectTo=%2Fdashboard2%2Fvault"),
    ).toBeNull();
    expect(anonymousGetProblem("client", "/api/secret-report", 200)).toMatch(/instead of 401/);
    expect(anonymousGetProblem("staff", "/admin/inbox", 302, "/login")).toMatch(/instead of 404/);
  });
});
