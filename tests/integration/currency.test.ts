import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatRegionPrice, type Region, type RegionPrices } from "~models/billing/currency";
import { clientRegion } from "~models/billing/currency.server";
import { CURRENCY_MESSAGES } from "~models/billing/currency-setting";
import { runJobs } from "~models/billing/jobs.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { payments, users } from "~models/schema";
import * as signup from "~/routes/auth/signup";
import * as solutions from "~/routes/solutions";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as billingPage from "~/routes/dashboard/billing";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import * as shopPage from "~/routes/dashboard/shop";
import * as planPage from "~/routes/dashboard/subscribe";
import { api, body } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

// One currency per client (docs/decisions/0059): every price a client sees on
// the workspace's billing pages, and every charge, is in their currency.

beforeAll(async () => {
  await runSeed();
});

const card = {
  card_number: "4242 4242 4242 4242",
  card_expiry: "12/40",
  card_cvc: "123",
  card_name: "Lena Vogel",
  payment_method: "credit_card",
};

const get = (client: Client, path: string, headers: Record<string, string> = {}) =>
  getRequest(path, { cookie: client.cookie, headers });
const post = (client: Client, path: string, fields: Record<string, string>) =>
  formRequest(path, fields, { cookie: client.cookie });

type BillingView = {
  packages: { label: string }[];
  plans: { id: string; price: string }[];
  current: { price: string };
  region: { value: string; chosen: boolean };
};
type ShopView = { items: { id: string; original_prices: Record<string, number> }[]; region: string };

async function pricesSeen(client: Client, headers: Record<string, string> = {}) {
  const billing = body<BillingView>(
    await call(billingPage.loader, get(client, "/dashboard2/billing", headers)),
  );
  const tokens = body<{ packages: { label: string }[]; region: string }>(
    await call(buyTokensPage.loader, get(client, "/dashboard2/billing/tokens", headers)),
  );
  const plan = body<{ plan: { price: string }; region: string }>(
    await call(planPage.loader, get(client, "/dashboard2/billing/plans/starter", headers), {
      planId: "starter",
    }),
  );
  const shop = body<ShopView>(await call(shopPage.loader, get(client, "/dashboard2/shop", headers)));
  return { billing, tokens, plan, shop };
}

const setCurrency = (client: Client, region: string) =>
  call(billingPage.action, post(client, "/dashboard2/billing", { intent: "currency", region }));

const lastPayment = async (client: Client) => {
  const [row] = await db()
    .select()
    .from(payments)
    .where(eq(payments.userId, client.id))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
};

describe("a client who pays in euros", () => {
  it("sees plans, bundles and the shop's original prices in euros only", async () => {
    const client = await signedInClient();
    expect(await setCurrency(client, "eu")).toMatchObject({
      status: 200,
      body: { notice: { tone: "success", message: "Saved. You now see and pay every price in euros." } },
    });
    const { billing, tokens, plan, shop } = await pricesSeen(client, { "Accept-Language": "en-IN" });
    expect(billing.region).toEqual({ value: "eu", chosen: true });
    expect(billing.packages.map((p) => p.label)).toEqual(["€65", "€120", "€230"]);
    expect(billing.plans.find((p) => p.id === "starter")?.price).toBe("€165");
    expect(tokens.packages.map((p) => p.label)).toEqual(["€65", "€120", "€230"]);
    expect(tokens.region).toBe("eu");
    expect(plan.plan.price).toBe("€165");
    expect(shop.region).toBe("eu");
    // The card's "Was" price: the item's original price in the client's currency, as ShopCard formats it.
    const was = shop.items.map((i) =>
      formatRegionPrice(i.original_prices as RegionPrices, shop.region as Region),
    );
    expect(was[shop.items.findIndex((i) => i.id === "social-post-grid")]).toBe("€11");
    const shown = JSON.stringify([
      was,
      billing.packages.map((p) => p.label),
      billing.plans.map((p) => p.price),
      billing.current.price,
      tokens.packages.map((p) => p.label),
      plan.plan.price,
    ]);
    expect(shown).toContain("€");
    expect(shown).not.toMatch(/[$₹]/);
  });

  it("is charged in euros for tokens and for a plan: the amount the page showed", async () => {
    const client = await signedInClient();
    await setCurrency(client, "eu");
    const page = body<{ idempotencyKey: string; region: string }>(
      await call(buyTokensPage.loader, get(client, "/dashboard2/billing/tokens")),
    );
    const bought = await call(
      buyTokensPage.action,
      post(client, "/dashboard2/billing/tokens", {
        package_id: "essential",
        region: page.region,
        idempotency_key: page.idempotencyKey,
        ...card,
      }),
    );
    expect(body(bought)).toMatchObject({
      success: expect.stringContaining("You purchased 50 Creative Tokens"),
    });
    expect(await lastPayment(client)).toMatchObject({
      amountMinor: 6500,
      currency: "EUR",
      status: "succeeded",
    });

    const planView = body<{ idempotencyKey: string; region: string }>(
      await call(planPage.loader, get(client, "/dashboard2/billing/plans/starter"), { planId: "starter" }),
    );
    const subscribed = await call(
      planPage.action,
      post(client, "/dashboard2/billing/plans/starter", {
        plan_id: "starter",
        region: planView.region,
        idempotency_key: planView.idempotencyKey,
        ...card,
      }),
      { planId: "starter" },
    );
    expect(body(subscribed)).toMatchObject({
      success: "Successfully subscribed to STARTER! Your plan is now active.",
    });
    const [charge] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, client.id), eq(payments.kind, "subscription")));
    expect(charge).toMatchObject({ amountMinor: 16500, currency: "EUR" });
    // The current plan reads in euros too.
    const billing = body<BillingView>(await call(billingPage.loader, get(client, "/dashboard2/billing")));
    expect(billing.current.price).toBe("€165");

    // A changed setting applies from the next renewal, at the price Billing then shows.
    await setCurrency(client, "us");
    const shown = body<BillingView>(await call(billingPage.loader, get(client, "/dashboard2/billing")));
    expect(shown.current.price).toBe("$179");
    await runJobs(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
    const renewals = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, client.id), eq(payments.kind, "subscription")))
      .orderBy(desc(payments.createdAt));
    expect(renewals[0]).toMatchObject({ amountMinor: 17900, currency: "USD", status: "succeeded" });
  });
});

describe("changing the currency", () => {
  it("changes every price, and a page still showing the old currency charges nothing", async () => {
    const client = await signedInClient();
    await setCurrency(client, "eu");
    const before = await pricesSeen(client);
    expect(before.plan.plan.price).toBe("€165");
    const stale = body<{ idempotencyKey: string }>(
      await call(buyTokensPage.loader, get(client, "/dashboard2/billing/tokens")),
    );

    await setCurrency(client, "us");
    const after = await pricesSeen(client);
    expect(after.billing.packages.map((p) => p.label)).toEqual(["$70", "$130", "$250"]);
    expect(after.plan.plan.price).toBe("$179");
    expect(after.shop.region).toBe("us");

    const refused = await call(
      buyTokensPage.action,
      post(client, "/dashboard2/billing/tokens", {
        package_id: "essential",
        region: "eu",
        idempotency_key: stale.idempotencyKey,
        ...card,
      }),
    );
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(CURRENCY_MESSAGES.changed("US dollars"));
    expect(await lastPayment(client)).toBeUndefined();

    await setCurrency(client, "in");
    expect((await pricesSeen(client)).plan.plan.price).toBe("₹14,999");
  });

  it("refuses a currency it does not price in", async () => {
    const client = await signedInClient();
    const refused = await setCurrency(client, "gb");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ notice: { message: CURRENCY_MESSAGES.invalid } });
    const [row] = await db().select({ region: users.region }).from(users).where(eq(users.id, client.id));
    expect(row?.region).toBeNull();
  });
});

describe("without a setting", () => {
  it("follows the browser's language, then the last purchase, and rupees otherwise", async () => {
    const client = await signedInClient();
    expect((await pricesSeen(client)).plan.plan.price).toBe("₹14,999");
    const german = await pricesSeen(client, { "Accept-Language": "de-DE,de;q=0.9" });
    expect(german.plan.plan.price).toBe("€165");
    expect(german.billing.region).toEqual({ value: "eu", chosen: false });

    // A purchase in dollars (the API's default region) makes dollars the client's currency.
    const bought = await api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", {
      package_id: "essential",
      ...card,
    });
    expect(bought.status).toBe(201);
    expect(await clientRegion(client.id, "de-DE")).toMatchObject({ region: "us", source: "last_purchase" });
    expect((await pricesSeen(client, { "Accept-Language": "de-DE" })).plan.plan.price).toBe("$179");
  });
});

describe("sign-up", () => {
  it("keeps the currency chosen, and leaves it to the browser when none is", async () => {
    const chosen = `eur${Date.now().toString(36)}`;
    const signedUp = await call(
      signup.action,
      formRequest("/signup", {
        username: chosen,
        email: `${chosen}@example.com`,
        password: "secret12",
        confirmPassword: "secret12",
        region: "eu",
      }),
    );
    expect(body(signedUp)).toMatchObject({ signedUp: true });
    const open = `any${Date.now().toString(36)}`;
    await call(
      signup.action,
      formRequest("/signup", {
        username: open,
        email: `${open}@example.com`,
        password: "secret12",
        confirmPassword: "secret12",
        region: "",
      }),
    );
    const rows = await db().select({ username: users.username, region: users.region }).from(users);
    expect(rows.find((r) => r.username === chosen)?.region).toBe("eu");
    expect(rows.find((r) => r.username === open)?.region).toBeNull();
  });
});

describe("the public plans page", () => {
  it("stays in rupees for anonymous visitors whatever their browser, and follows a signed-in client", async () => {
    const price = (outcome: Awaited<ReturnType<typeof call>>) =>
      (outcome.body as { plans: { slug: string; price: string }[] }).plans.find((p) => p.slug === "starter")
        ?.price;
    const anonymous = await call(
      solutions.loader,
      getRequest("/solutions", { headers: { "Accept-Language": "de-DE" } }),
    );
    expect(price(anonymous)).toBe("₹14,999");
    expect(anonymous.headers.get("Vary")).not.toMatch(/Accept-Language/i);
    const client = await signedInClient();
    await setCurrency(client, "eu");
    expect(price(await call(solutions.loader, get(client, "/solutions")))).toBe("€165");
  });
});
