import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~models/identity/accounts.server";
import {
  getHomeContent,
  getServicesContent,
  getStrategyContent,
} from "~models/content/marketing-content.server";
import { getCreativeTokensContent, getPlans, getSolutionsContent } from "~models/billing/priced-pages.server";
import { runSeed } from "~models/views/seed.server";
import { PRIVATE_PAGE_CACHE, PUBLIC_PAGE_CACHE } from "~/lib/cache-control.server";
import * as login from "~/routes/auth/login";
import * as creativeTokens from "~/routes/creative-tokens";
import * as subscribePage from "~/routes/dashboard/subscribe";
import * as home from "~/routes/home";
import * as robots from "~/routes/robots";
import * as services from "~/routes/services";
import * as sitemap from "~/routes/sitemap";
import * as solutions from "~/routes/solutions";
import * as strategy from "~/routes/strategy";
import { call, cookieFrom, formRequest, getRequest } from "./helpers";

type Body = Record<string, unknown>;

beforeAll(async () => {
  await runSeed();
});

describe("marketing content from the seeds", () => {
  it("loads every page's document", async () => {
    expect((await getHomeContent()).slider.slides).toHaveLength(4);
    expect((await getServicesContent()).whatWeCreate.items).toHaveLength(8);
    expect((await getStrategyContent()).services.every((s) => s.features.length === 5)).toBe(true);
    expect((await getSolutionsContent()).tabs.consultation).toBe("CONSULTATION");
    expect((await getCreativeTokensContent()).pricing.bundles).toHaveLength(3);
    expect((await getPlans()).map((p) => p.slug)).toEqual([
      "starter",
      "social",
      "motion",
      "trend-plus",
      "pro",
    ]);
  });
});

describe("page loaders", () => {
  it("home: content, the package step from ?pkg=, SEO and public cache headers", async () => {
    const outcome = await call(home.loader, getRequest("/?pkg=3"));
    const body = outcome.body as Body & { meta: Record<string, unknown>[] };
    expect(body.step).toBe(3);
    expect(outcome.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    expect(outcome.headers.get("Vary")).toBe("Cookie, Authorization");
    expect(body.meta).toEqual(
      expect.arrayContaining([{ tagName: "link", rel: "canonical", href: "http://127.0.0.1:3000/" }]),
    );
    expect(body.organization).toMatchObject({
      "@type": "Organization",
      name: "Ascendra",
      url: "http://127.0.0.1:3000/",
    });
    expect((await call(home.loader, getRequest("/?pkg=42"))).body).toMatchObject({ step: 0 });
  });

  it("services: the agency's name in the first bar; the spotlight follows the click count", async () => {
    const first = (await call(services.loader, getRequest("/services"))).body as Body;
    expect(first.bars).toEqual(["Ascendra", "Design Agency", "Marketing Agency"]);
    expect(first.view).toMatchObject({ kind: "images" });
    const fourth = (await call(services.loader, getRequest("/services?spotlight=4"))).body as Body;
    expect(fourth).toMatchObject({ clicks: 4, view: { kind: "video" } });
  });

  it("strategy: a known service by its decoded name; the default cards otherwise", async () => {
    const motion = (await call(strategy.loader, getRequest("/strategy?service=Motion%20%26%20Video")))
      .body as Body & { page: { name: string }; meta: Body[] };
    expect(motion).toMatchObject({
      known: true,
      line: "LET THIS MOTION & VIDEO SOLUTION WORK FOR YOU, EVERY WEEK.",
    });
    expect(motion.meta).toEqual(
      expect.arrayContaining([
        {
          tagName: "link",
          rel: "canonical",
          href: "http://127.0.0.1:3000/strategy?service=Motion+%26+Video",
        },
      ]),
    );
    const defaults = await getStrategyContent();
    for (const path of ["/strategy", "/strategy?service=Knitting"]) {
      const body = (await call(strategy.loader, getRequest(path))).body as Body & {
        page: { features: { id: string }[] };
      };
      expect(body.known).toBe(false);
      expect(body.page.features.map((f) => f.id)).toEqual(defaults.default.features.map((f) => f.id));
    }
  });

  it("solutions: purple opens SUPPORT-PACK, other colours SUBSCRIPTIONS, an unknown colour is a 404", async () => {
    expect(
      (await call(solutions.loader, getRequest("/solutions/purple"), { scolor: "purple" })).body,
    ).toMatchObject({ tab: "support-pack", colour: "purple" });
    expect(
      (await call(solutions.loader, getRequest("/solutions/green"), { scolor: "green" })).body,
    ).toMatchObject({ tab: "subscriptions", colour: "green" });
    expect((await call(solutions.loader, getRequest("/solutions"))).body).toMatchObject({
      tab: "subscriptions",
      colour: null,
    });
    expect(
      (await call(solutions.loader, getRequest("/solutions/green?tab=consultation"), { scolor: "green" }))
        .body,
    ).toMatchObject({ tab: "consultation" });
    // A thrown data(null, 404) is an outcome of call() with that status.
    expect((await call(solutions.loader, getRequest("/solutions/orange"), { scolor: "orange" })).status).toBe(
      404,
    );
  });

  it("solutions: every plan keeps CONTACT and subscribes at its checkout, through sign-in when anonymous (issue 18, item 11)", async () => {
    type Plans = { plans: { slug: string; subscribeHref: string }[]; contact: { href: string } };
    const anonymous = await call(solutions.loader, getRequest("/solutions"));
    const { plans, contact } = anonymous.body as Plans;
    expect(contact.href).toBe("/contact");
    expect(plans.map((p) => p.subscribeHref)).toEqual(
      plans.map(
        (p) => `/login?${new URLSearchParams({ redirectTo: `/dashboard2/billing/plans/${p.slug}` })}`,
      ),
    );
    expect(anonymous.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);

    const created = await createAccount({
      username: "planbuyer",
      email: "planbuyer@example.com",
      password: "secret12",
    });
    expect(created.ok).toBe(true);
    // The visitor signs in with that redirectTo and lands on the plan's checkout.
    const starter = plans.find((p) => p.slug === "starter")!;
    const signIn = await call(
      login.action,
      formRequest(starter.subscribeHref, {
        username: "planbuyer",
        password: "secret12",
        redirectTo: new URL(starter.subscribeHref, "http://x").searchParams.get("redirectTo")!,
      }),
    );
    expect(signIn.headers.get("Location")).toBe("/dashboard2/billing/plans/starter");
    const cookie = cookieFrom(signIn);
    const checkout = await call(
      subscribePage.loader,
      getRequest("/dashboard2/billing/plans/starter", { cookie }),
      { planId: "starter" },
    );
    expect(checkout.body).toMatchObject({ plan: { id: "starter" } });

    const signedIn = await call(solutions.loader, getRequest("/solutions", { cookie }));
    expect((signedIn.body as Plans).plans.map((p) => p.subscribeHref)).toEqual(
      plans.map((p) => `/dashboard2/billing/plans/${p.slug}`),
    );
    expect(signedIn.headers.get("Cache-Control")).toBe(PRIVATE_PAGE_CACHE);
  });

  it("creative tokens: prices by region; Get Tokens through sign-in when anonymous; private when signed in", async () => {
    const anonymous = await call(creativeTokens.loader, getRequest("/creative-tokens?region=in"));
    expect(anonymous.body).toMatchObject({
      region: "in",
      getTokens: "/login?redirectTo=%2Fdashboard2%2Fbilling%2Ftokens",
    });
    const bundles = (anonymous.body as { bundles: { price: string; href: string }[] }).bundles;
    expect(bundles.map((b) => b.price)).toEqual(["₹5,800", "₹10,800", "₹20,800"]);
    expect(bundles[1]!.href).toBe(
      "/login?redirectTo=%2Fdashboard2%2Fbilling%2Ftokens%3Fpackage%3Dpopular%26region%3Din",
    );
    expect(anonymous.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);

    const created = await createAccount({
      username: "tokenbuyer",
      email: "tokenbuyer@example.com",
      password: "secret12",
    });
    expect(created.ok).toBe(true);
    const cookie = cookieFrom(
      await call(login.action, formRequest("/login", { username: "tokenbuyer", password: "secret12" })),
    );
    // A signed-in client starts on their own currency (decision 0059): rupees with nothing to go on,
    // their browser's language otherwise; ?region= still picks a tab.
    const signedIn = await call(creativeTokens.loader, getRequest("/creative-tokens", { cookie }));
    expect(signedIn.body).toMatchObject({ region: "in", getTokens: "/dashboard2/billing/tokens" });
    const german = await call(
      creativeTokens.loader,
      getRequest("/creative-tokens", { cookie, headers: { "Accept-Language": "de-DE" } }),
    );
    expect(german.body).toMatchObject({ region: "eu" });
    const asked = await call(creativeTokens.loader, getRequest("/creative-tokens?region=us", { cookie }));
    expect(asked.body).toMatchObject({ region: "us" });
    expect(signedIn.headers.get("Cache-Control")).toBe(PRIVATE_PAGE_CACHE);
  });

  it("sitemap.xml lists every public page; robots.txt points to it", async () => {
    const xml = (await call(sitemap.loader, getRequest("/sitemap.xml"))).body as string;
    for (const loc of [
      "/",
      "/services",
      "/solutions/purple",
      "/creative-tokens",
      "/login",
      "/signup",
      "/strategy?service=AI+AR+VR",
    ]) {
      expect(xml).toContain(`<loc>http://127.0.0.1:3000${loc}</loc>`);
    }
    expect(xml).toContain("<loc>http://127.0.0.1:3000/strategy?service=Motion+%26+Video</loc>");
    const txt = (await call(robots.loader, getRequest("/robots.txt"))).body as string;
    expect(txt).toContain("Sitemap: http://127.0.0.1:3000/sitemap.xml");
    expect(txt).toContain("Disallow: /dashboard2");
  });
});
