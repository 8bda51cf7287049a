import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getProfile } from "~models/views/profile.server";
import { getDashboardStats } from "~models/views/dashboard.server";
import { db } from "~models/platform/db.server";
import { runJobs } from "~models/billing/jobs.server";
import { getPlans } from "~models/billing/priced-pages.server";
import { setPaymentGateway, testGateway } from "~models/billing/payments.server";
import { projectLimitFor } from "~models/views/create-project.server";
import { payments, subscriptions } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { getBalance, listLedger } from "~models/billing/tokens.server";
import * as apiCancel from "~/routes/api/billing/cancel-subscription";
import * as apiMySubscription from "~/routes/api/billing/my-subscription";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import * as apiHistory from "~/routes/api/billing/subscription-history";
import * as apiPlans from "~/routes/api/billing/subscription-plans";
import * as apiTokenHistory from "~/routes/api/billing/token-history";
import * as apiPackages from "~/routes/api/billing/token-packages";
import * as billingPage from "~/routes/dashboard/billing";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import { api, body, ledgerIsConsistent } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});

const card = {
  card_number: "4242 4242 4242 4242",
  card_expiry: "12/40",
  card_cvc: "123",
  card_name: "Asha Rao",
};
const purchase = (
  client: Awaited<ReturnType<typeof signedInClient>>,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", payload, {}, headers);

describe("token packages", () => {
  it("lists the seeded bundles with bonus tokens and value per token, in any region's currency", async () => {
    const usd = body<Record<string, unknown>[]>(
      await api.get(apiPackages.loader, null, "/api/token-packages/"),
    );
    expect(
      usd.map((p) => [
        p.id,
        p.name,
        p.price,
        p.currency,
        p.tokens,
        p.bonus_tokens,
        p.total_tokens,
        p.value_per_token,
        p.is_popular,
      ]),
    ).toEqual([
      ["essential", "Essential", 70, "USD", 50, 0, 50, 1.4, false],
      ["popular", "Popular", 130, "USD", 120, 10, 130, 1, true],
      ["best-value", "Best Value", 250, "USD", 250, 30, 280, 0.89, false],
    ]);
    const inr = body<Record<string, unknown>[]>(
      await api.get(apiPackages.loader, null, "/api/token-packages/?region=in"),
    );
    expect(inr[0]).toMatchObject({ price: 5800, currency: "INR", prices: { USD: 70, EUR: 65, INR: 5800 } });
  });

  it("buys through the gateway: the test card is approved, the declined card is not charged, the number is never stored", async () => {
    const client = await signedInClient();
    const bought = await purchase(client, { package_id: "popular", payment_method: "credit_card", ...card });
    expect(bought.status).toBe(201);
    expect(body(bought)).toMatchObject({
      tokens_added: 130,
      new_balance: 130,
      message: "Success! You purchased 130 Creative Tokens. Your new balance is 130 tokens.",
    });

    const declined = await purchase(client, {
      package_id: "essential",
      ...card,
      card_number: "4000 0000 0000 0002",
    });
    expect(declined).toMatchObject({
      status: 402,
      body: { error: "Your card was declined. Please use a different card; you have not been charged." },
    });
    expect(await getBalance(client.id)).toBe(130);

    // Existing API clients send only package_id (and payment_method): approved in test mode.
    const bare = await purchase(client, { package_id: "essential" });
    expect(body(bare)).toMatchObject({ tokens_added: 50, new_balance: 180 });

    expect(await purchase(client, { package_id: "gold" })).toMatchObject({
      status: 400,
      body: { package_id: ["Choose a token package."] },
    });
    expect(await purchase(client, { package_id: "essential", payment_method: "bitcoin" })).toMatchObject({
      status: 400,
      body: { payment_method: ["Choose a payment method."] },
    });
    expect(
      await purchase(client, { package_id: "essential", ...card, card_number: "4242 4242 4242 4241" }),
    ).toMatchObject({ status: 400, body: { card_number: ["This card number is not valid."] } });

    const rows = await db().select().from(payments).where(eq(payments.userId, client.id));
    expect(rows.map((r) => [r.status, r.amountMinor, r.currency, r.cardBrand, r.cardLast4]).sort()).toEqual(
      [
        ["failed", 7000, "USD", null, null],
        ["succeeded", 13000, "USD", "Visa", "4242"],
        ["succeeded", 7000, "USD", null, null],
      ].sort(),
    );
    const everything = JSON.stringify(await db().execute(sql`select * from payments`));
    expect(everything).not.toContain("4242424242424242");
    expect(everything).not.toContain("4000000000000002");
    await ledgerIsConsistent(client);
  });

  it("charges once per idempotency key, however often the form is sent", async () => {
    const client = await signedInClient();
    const headers = { "Idempotency-Key": "buy-once-123" };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => purchase(client, { package_id: "essential", ...card }, headers)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200 || r.status === 409)).toBe(true);
    const again = await purchase(client, { package_id: "essential", ...card }, headers);
    expect(body(again)).toMatchObject({ tokens_added: 50, new_balance: 50 });
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(1);
    expect(await getBalance(client.id)).toBe(50);
  });

  it("refuses an idempotency key sent again with a different request (422), and still replays the same request", async () => {
    const client = await signedInClient();
    const headers = { "Idempotency-Key": "buy-one-thing-456" };
    expect((await purchase(client, { package_id: "essential", ...card }, headers)).status).toBe(201);
    const other = await purchase(client, { package_id: "popular", ...card }, headers);
    expect(other).toMatchObject({
      status: 422,
      body: {
        error:
          "This idempotency key was already used for a different payment. Send a new key for a new payment; the same request with the same key answers the first result.",
      },
    });
    expect(body(await purchase(client, { package_id: "essential", ...card }, headers))).toMatchObject({
      tokens_added: 50,
      new_balance: 50,
    });
    expect(await getBalance(client.id)).toBe(50);
  });

  it("the purchase page needs card details, and keeps no card number in its reply", async () => {
    const client = await signedInClient();
    const page = body<{ idempotencyKey: string }>(
      await call(buyTokensPage.loader, getRequest("/dashboard2/billing/tokens", { cookie: client.cookie })),
    );
    const missing = await call(
      buyTokensPage.action,
      formRequest(
        "/dashboard2/billing/tokens",
        { package_id: "essential", region: "in", idempotency_key: page.idempotencyKey },
        { cookie: client.cookie },
      ),
    );
    expect(formErrors(missing)).toMatchObject({
      card_number: ["Enter your card number."],
      card_expiry: ["Enter the expiry date as MM/YY."],
      card_cvc: ["Enter the 3 or 4 digit security code."],
      card_name: ["Enter the name on the card."],
    });
    const paid = await call(
      buyTokensPage.action,
      formRequest(
        "/dashboard2/billing/tokens",
        {
          package_id: "essential",
          region: "in",
          payment_method: "debit_card",
          idempotency_key: page.idempotencyKey,
          ...card,
        },
        { cookie: client.cookie },
      ),
    );
    expect(body(paid)).toMatchObject({
      success: "Success! You purchased 50 Creative Tokens. Your new balance is 50 tokens.",
    });
    const [row] = await db().select().from(payments).where(eq(payments.userId, client.id));
    expect(row).toMatchObject({
      amountMinor: 580000,
      currency: "INR",
      method: "debit_card",
      cardLast4: "4242",
    });
  });
});

describe("subscriptions", () => {
  it("lists the five plans of /solutions from the same records", async () => {
    const plans = body<Record<string, unknown>[]>(
      await api.get(apiPlans.loader, null, "/api/subscription-plans/"),
    );
    expect(plans.map((p) => p.id)).toEqual((await getPlans()).map((p) => p.slug));
    expect(plans[4]).toMatchObject({
      id: "pro",
      name: "PRO",
      price: 119999,
      currency: "INR",
      billing_period: "monthly",
      monthly_tokens: 600,
      project_limit: -1,
      is_popular: false,
    });
    expect(plans.find((p) => p.is_popular)?.name).toBe("TREND +");
  });

  it("subscribe → active, tokens granted; cancel → access until the period ends; renewal by the jobs, once", async () => {
    const client = await signedInClient();
    expect(body(await api.get(apiMySubscription.loader, client, "/api/my-subscription/"))).toMatchObject({
      plan: "free",
      status: "active",
      end_date: null,
    });
    expect(await projectLimitFor(client.id)).toBe(1);
    expect(await api.send(apiCancel.action, client, "POST", "/api/cancel-subscription/")).toMatchObject({
      status: 409,
      body: { error: "You have no paid plan to cancel." },
    });

    const subscribed = await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
      plan_id: "social",
      payment_method_id: null,
    });
    expect(subscribed.status).toBe(201);
    expect(body(subscribed)).toMatchObject({
      plan_name: "SOCIAL",
      message: "Successfully subscribed to SOCIAL! Your plan is now active.",
    });
    expect(
      await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", { plan_id: "social" }),
    ).toMatchObject({ status: 409, body: { error: "You are already subscribed to SOCIAL." } });
    expect(
      await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", { plan_id: "platinum" }),
    ).toMatchObject({ status: 400, body: { plan_id: ["Choose one of our plans."] } });
    expect(await getBalance(client.id)).toBe(120);
    expect(await projectLimitFor(client.id)).toBe(2);
    expect((await getProfile(client.id))!.profile).toMatchObject({
      current_plan: "social",
      creative_tokens: 120,
    });
    expect(await getDashboardStats(client.id)).toMatchObject({ tokens_left: 120 });

    const current = body<{ plan: string; status: string; end_date: string }>(
      await api.get(apiMySubscription.loader, client, "/api/my-subscription/"),
    );
    expect(current).toMatchObject({ plan: "social", status: "active" });
    const periodEnd = new Date(current.end_date);

    // Renewal at period end, by the jobs; running them twice grants once.
    await runJobs(new Date(periodEnd.getTime() + 1000));
    await runJobs(new Date(periodEnd.getTime() + 2000));
    expect((await listLedger(client.id)).filter((e) => e.reason === "subscription")).toHaveLength(2);
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(2);

    const cancelled = await api.send(apiCancel.action, client, "POST", "/api/cancel-subscription/");
    expect(body(cancelled)).toMatchObject({
      message:
        "Subscription cancelled successfully. You will have access until the end of your billing period.",
    });
    expect(await api.send(apiCancel.action, client, "POST", "/api/cancel-subscription/")).toMatchObject({
      status: 409,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(sub).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // Access continues: the plan's limit still applies until the end.
    expect(await projectLimitFor(client.id)).toBe(2);

    // At the end of the period it ends (checked lazily on access, too), and grants nothing more.
    const end = sub!.currentPeriodEnd;
    const history = await api.get(apiHistory.loader, client, "/api/subscription-history/");
    expect(body<unknown[]>(history)[0]).not.toHaveProperty("end_date");
    await runJobs(new Date(end.getTime() + 1000));
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(ended).toMatchObject({ status: "ended", endReason: "cancelled" });
    expect(ended!.endedAt?.getTime()).toBe(end.getTime());
    expect((await listLedger(client.id)).filter((e) => e.reason === "subscription")).toHaveLength(2);
    const [item] = body<{ plan: string; start_date: string; end_date?: string }[]>(
      await api.get(apiHistory.loader, client, "/api/subscription-history/"),
    );
    expect(item).toMatchObject({ plan: "social", end_date: end.toISOString() });
    await ledgerIsConsistent(client);
  });

  it("reuses a card only from the caller's own receipts (payment_method_id)", async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    const bought = await purchase(owner, { package_id: "essential", ...card });
    const receipt = body<{ payment_id: string }>(bought).payment_id;
    const stolen = await api.send(apiSubscribe.action, other, "POST", "/api/subscribe/", {
      plan_id: "starter",
      payment_method_id: receipt,
    });
    expect(stolen).toMatchObject({ status: 400, body: { payment_method_id: ["Unknown payment method."] } });
    const reused = await api.send(apiSubscribe.action, owner, "POST", "/api/subscribe/", {
      plan_id: "starter",
      payment_method_id: receipt,
    });
    expect(reused.status).toBe(201);
    const [charge] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.kind, "subscription"), eq(payments.userId, owner.id)));
    expect(charge).toMatchObject({
      cardBrand: "Visa",
      cardLast4: "4242",
      amountMinor: 1_499_900,
      currency: "INR",
    });
  });

  it("charges once when an API client sends the same subscription twice at once", async () => {
    const client = await signedInClient();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", { plan_id: "pro" }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(1);
    expect(await getBalance(client.id)).toBe(600);
  });

  it("renews lazily on access when the jobs have not run", async () => {
    const client = await signedInClient();
    await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", { plan_id: "starter" });
    await db()
      .update(subscriptions)
      .set({
        currentPeriodStart: sql`now() - interval '40 days'`,
        currentPeriodEnd: sql`now() - interval '10 days'`,
      })
      .where(eq(subscriptions.userId, client.id));
    const current = body<{ end_date: string }>(
      await api.get(apiMySubscription.loader, client, "/api/my-subscription/"),
    );
    expect(new Date(current.end_date).getTime()).toBeGreaterThan(Date.now());
    expect((await listLedger(client.id)).filter((e) => e.reason === "subscription")).toHaveLength(2);
  });

  it("a renewal the card cannot pay ends the plan", async () => {
    const client = await signedInClient();
    await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", { plan_id: "starter", ...card });
    const previous = setPaymentGateway({
      name: "test",
      charge: async () => ({ ok: false, message: "Your card was declined." }),
    });
    try {
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
      await runJobs(new Date(sub!.currentPeriodEnd.getTime() + 1000));
    } finally {
      setPaymentGateway(previous);
    }
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(ended).toMatchObject({ status: "ended", endReason: "payment_failed" });
    expect(body(await api.get(apiMySubscription.loader, client, "/api/my-subscription/"))).toMatchObject({
      plan: "free",
    });
    expect(testGateway.name).toBe("test");
  });

  it("the billing tab cancels with its form and shows the token history", async () => {
    const client = await signedInClient();
    await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", { plan_id: "motion" });
    const outcome = await call(
      billingPage.action,
      formRequest("/dashboard2/billing", { intent: "cancel" }, { cookie: client.cookie }),
    );
    expect(body(outcome)).toMatchObject({
      notice: {
        tone: "success",
        message:
          "Subscription cancelled successfully. You will have access until the end of your billing period.",
      },
    });
    const history = body<
      { transaction_type: string; amount: number; balance_after: number; reason: string }[]
    >(await api.get(apiTokenHistory.loader, client, "/api/token-history/"));
    expect(history).toEqual([
      expect.objectContaining({
        transaction_type: "grant",
        amount: 200,
        balance_after: 200,
        reason: "subscription",
      }),
    ]);
  });
});
