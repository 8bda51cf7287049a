import { createHash } from "node:crypto";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BILLING_LINKS,
  exportBillingData,
  FREE_STORAGE_QUOTA_BYTES,
  getCurrentPlan,
  getReceipt,
  getTokensThisPeriod,
  getTotalSpent,
  listPaymentMethods,
  listReceipts,
  removePaymentMethod,
} from "~models/billing/account-billing.server";
import { getProfile, verifyLogin } from "~models/identity/accounts.server";
import { currentPeriod } from "~models/projects/dashboard";
import { db } from "~models/platform/db.server";
import { runJobs } from "~models/billing/jobs.server";
import { addPaymentMethod, setDefaultPaymentMethod } from "~models/billing/payment-methods.server";
import { setPaymentGateway, testGateway } from "~models/billing/payments.server";
import {
  cartItems,
  paymentMethods,
  payments,
  purchases,
  subscriptions,
  tokenLedger,
  users,
} from "~models/schema";
import { runSeed } from "~models/content/seed.server";
import { addToCart, checkout } from "~models/billing/shop.server";
import { adjustTokens } from "~models/billing/tokens.server";
import * as layout from "~/routes/dashboard/layout";
import * as billingTab from "~/routes/account/billing";
import * as activityPage from "~/routes/dashboard/activity";
import * as exportRoute from "~/routes/account/export";
import * as methodsPage from "~/routes/account/payment-methods";
import * as profile from "~/routes/account/profile";
import * as receiptRoute from "~/routes/account/receipt";
import * as apiProfile from "~/routes/api/profile";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import * as apiCancel from "~/routes/api/billing/cancel-subscription";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import * as planPage from "~/routes/dashboard/subscribe";
import * as giftPage from "~/routes/gift";
import { GIFT_AMOUNTS } from "~models/billing/gift-cards";
import type { Region } from "~models/billing/currency";
import { api, body, give, ledgerIsConsistent } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

// Manage account's billing (docs/decisions/0020, 0023): plan, total spent,
// tokens this period, receipts, saved cards, export and deletion, each with
// another client who must never see or touch the first one's records.

beforeAll(async () => {
  await runSeed();
});

const card = {
  card_number: "4242 4242 4242 4242",
  card_expiry: "12/40",
  card_cvc: "123",
  card_name: "Asha Rao",
};
const declined = { ...card, card_number: "4000 0000 0000 0002" };
const DECLINED = "Your card was declined. Please use a different card; you have not been charged.";

const buyTokens = (client: Client, payload: Record<string, unknown>) =>
  api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", payload);
const subscribe = (client: Client, payload: Record<string, unknown>) =>
  api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", payload);
const methodsAction = (client: Client, fields: Record<string, string>) =>
  call(
    methodsPage.action,
    formRequest("/manageaccount/billing/payment-methods", fields, { cookie: client.cookie }),
  );
async function buyTokensOnPage(client: Client, fields: Record<string, string>) {
  const page = body<{ idempotencyKey: string; region: string }>(
    await call(buyTokensPage.loader, getRequest("/dashboard2/billing/tokens", { cookie: client.cookie })),
  );
  return call(
    buyTokensPage.action,
    formRequest(
      "/dashboard2/billing/tokens",
      {
        package_id: "essential",
        // The currency the page priced it in: the client's (docs/decisions/0059).
        region: page.region,
        payment_method: "credit_card",
        idempotency_key: page.idempotencyKey,
        ...fields,
      },
      { cookie: client.cookie },
    ),
  );
}
/** A gift card bought on /gift, in the client's currency (decision 0059): its first preset. */
async function buyGift(client: Client, fields: Record<string, string>) {
  const page = body<{ idempotencyKey: string; region: Region }>(
    await call(giftPage.loader, getRequest("/gift", { cookie: client.cookie })),
  );
  const form = {
    recipientName: "Meera",
    recipientEmail: "meera@studio.example",
    senderName: "Asha",
    senderEmail: client.email,
    region: page.region,
    amount: String(GIFT_AMOUNTS[page.region].presets[0]),
    idempotency_key: page.idempotencyKey,
    ...fields,
  };
  return call(giftPage.action, formRequest("/gift", form, { cookie: client.cookie }));
}

describe("current plan", () => {
  it("is the active subscription everywhere: the tab, the sidebar badge and GET /api/profile/'s current_plan", async () => {
    const client = await signedInClient();
    const sidebar = async () =>
      body<{ plan: string }>(await call(layout.loader, getRequest("/dashboard2", { cookie: client.cookie })))
        .plan;
    const apiPlan = async () =>
      body<{ profile: { current_plan: string } }>(await api.get(apiProfile.loader, client, "/api/profile/"))
        .profile.current_plan;

    expect(await getCurrentPlan(client.id)).toEqual({
      slug: "free",
      name: "Free",
      priceLabel: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      storageQuotaBytes: FREE_STORAGE_QUOTA_BYTES,
    });
    expect([await sidebar(), await apiPlan()]).toEqual(["Free", "free"]);

    expect((await subscribe(client, { plan_id: "social", ...card })).status).toBe(201);
    const plan = await getCurrentPlan(client.id);
    expect(plan).toMatchObject({
      slug: "social",
      name: "SOCIAL",
      priceLabel: "₹29,999/month",
      cancelAtPeriodEnd: false,
      storageQuotaBytes: 10 * 1024 ** 3,
    });
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, client.id), eq(subscriptions.status, "active")));
    expect(plan.periodEnd).toEqual(sub!.currentPeriodEnd);
    expect([await sidebar(), await apiPlan(), (await getProfile(client.id))!.profile.current_plan]).toEqual([
      "SOCIAL",
      "social",
      "social",
    ]);
    const tab = body<{ plan: { name: string }; storage: { quotaBytes: number }; links: unknown }>(
      await call(billingTab.loader, getRequest("/manageaccount/billing", { cookie: client.cookie })),
    );
    expect(tab).toMatchObject({ plan: { name: "SOCIAL" }, storage: { quotaBytes: 10 * 1024 ** 3 } });
    expect(tab.links).toEqual(BILLING_LINKS);
    expect(BILLING_LINKS).toEqual({
      upgradePlan: "/dashboard2/billing#plans-title",
      changePaymentMethod: "/manageaccount/billing/payment-methods",
      addPaymentMethod: "/manageaccount/billing/payment-methods#add-card",
    });

    await api.send(apiCancel.action, client, "POST", "/api/cancel-subscription/");
    expect(await getCurrentPlan(client.id)).toMatchObject({ name: "SOCIAL", cancelAtPeriodEnd: true });
  });
});

describe("total spent and tokens this period", () => {
  it("counts the client's own spends and successful payments, one amount per currency", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    expect(await getTotalSpent(client.id)).toEqual({ tokens: 0, money: [] });

    await buyTokens(client, { package_id: "popular", ...card }); // $130, 130 tokens
    await buyTokens(client, { package_id: "essential", region: "in", ...card }); // ₹5,800, 50 tokens
    await buyTokens(client, { package_id: "essential", ...declined }); // declined: not money spent
    await buyTokens(other, { package_id: "best-value", ...card });
    await addToCart(client.id, { shop_item_id: "social-post-grid", quantity: 2 });
    await addToCart(client.id, { shop_item_id: "pitch-deck-outline", quantity: 1 });
    expect((await checkout(client.id)).ok).toBe(true); // 2 × 8 + 12 = 28 tokens
    const staff = await signedInClient("staff");
    await adjustTokens({ userId: client.id, amount: -5, staffUserId: staff.id, note: "Correction" });

    expect(await getTotalSpent(client.id)).toEqual({
      tokens: 28,
      money: [
        { amountMinor: 580_000, currency: "INR" },
        { amountMinor: 13_000, currency: "USD" },
      ],
    });
    const home = body<{ stats: { totalSpent: unknown } }>(
      await call(activityPage.loader, getRequest("/dashboard2/activity", { cookie: client.cookie })),
    );
    expect(home.stats.totalSpent).toEqual({
      tokens: 28,
      money: [
        { amountMinor: 580_000, currency: "INR" },
        { amountMinor: 13_000, currency: "USD" },
      ],
    });
    expect(await getTotalSpent(other.id)).toEqual({
      tokens: 0,
      money: [{ amountMinor: 25_000, currency: "USD" }],
    });
  });

  it("tokens this period equal the ledger's rows in the calendar month, or in the subscription's period", async () => {
    const client = await signedInClient();
    await give(client, 40);
    await addToCart(client.id, { shop_item_id: "gradient-backgrounds", quantity: 1 });
    await checkout(client.id);
    const sumLedger = async (start: Date, end: Date) => {
      const [row] = await db()
        .select({
          granted: sql<number>`coalesce(sum(case when ${tokenLedger.delta} > 0 then ${tokenLedger.delta} else 0 end), 0)::int`,
          spent: sql<number>`coalesce(sum(case when ${tokenLedger.kind} = 'spend' then -${tokenLedger.delta} else 0 end), 0)::int`,
        })
        .from(tokenLedger)
        .where(
          and(
            eq(tokenLedger.userId, client.id),
            gte(tokenLedger.createdAt, start),
            lt(tokenLedger.createdAt, end),
          ),
        );
      return row!;
    };
    const month = currentPeriod();
    const free = await getTokensThisPeriod(client.id);
    expect(free).toMatchObject({ granted: 40, spent: 6, periodStart: month.start, periodEnd: month.end });
    expect({ granted: free.granted, spent: free.spent }).toEqual(await sumLedger(month.start, month.end));

    await subscribe(client, { plan_id: "starter", ...card });
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, client.id), eq(subscriptions.status, "active")));
    const period = await getTokensThisPeriod(client.id);
    expect(period).toMatchObject({
      periodStart: sub!.currentPeriodStart,
      periodEnd: sub!.currentPeriodEnd,
      granted: 60,
    });
    expect({ granted: period.granted, spent: period.spent }).toEqual(
      await sumLedger(sub!.currentPeriodStart, sub!.currentPeriodEnd),
    );
  });
});

describe("receipts", () => {
  it("View All pages the receipts, newest first, 25 to a page", async () => {
    const client = await signedInClient();
    await buyTokens(client, { package_id: "essential", ...card });
    const [paid] = await db().select().from(payments).where(eq(payments.userId, client.id));
    const { id: _id, number: _number, ...rest } = paid!;
    await db()
      .insert(payments)
      .values(
        Array.from({ length: 29 }, (_, i) => ({
          ...rest,
          idempotencyKey: `${rest.idempotencyKey}-copy-${i}`,
          createdAt: new Date(paid!.createdAt.getTime() - (i + 1) * 60_000),
        })),
      );
    const tab = async (query: string) =>
      (await call(billingTab.loader, getRequest(`/manageaccount/billing${query}`, { cookie: client.cookie })))
        .body as Awaited<ReturnType<typeof billingTab.loader>>;

    const recent = await tab("");
    expect(recent.receipts).toHaveLength(billingTab.RECENT_RECEIPTS_SHOWN);
    expect(recent).toMatchObject({ more: true, receiptsPage: null });

    const first = await tab("?receipts=all");
    expect(first.receipts).toHaveLength(billingTab.RECEIPTS_PER_PAGE);
    expect(first.receipts[0]!.id).toBe(paid!.id);
    expect(first.receiptsPage).toMatchObject({ page: 1, pageCount: 2, total: 30 });
    const second = await tab("?receipts=all&page=2");
    expect(second.receipts).toHaveLength(5);
    expect(second.receiptsPage).toMatchObject({ page: 2, pageCount: 2 });
    const seen = new Set([...first.receipts, ...second.receipts].map((r) => r.id));
    expect(seen.size).toBe(30);
    // A page past the end shows the last one.
    expect((await tab("?receipts=all&page=9")).receiptsPage).toMatchObject({ page: 2 });
  });

  it("one per successful payment (tokens, subscription, gift card), owner-checked, as printable HTML and PDF", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    await buyTokens(client, { package_id: "essential", ...card });
    await buyTokens(client, { package_id: "essential", ...declined });
    await subscribe(client, { plan_id: "starter", ...card });
    expect((await buyGift(client, card)).status).toBe(200);

    const receipts = await listReceipts(client.id);
    expect(receipts.map((r) => [r.kind, r.status, r.cardBrand, r.cardLast4])).toEqual([
      ["gift_card", "Paid", "Visa", "4242"],
      ["subscription", "Paid", "Visa", "4242"],
      ["token_purchase", "Paid", "Visa", "4242"],
    ]);
    expect(receipts.map((r) => r.currency)).toEqual(["INR", "INR", "USD"]);
    expect(receipts[2]).toMatchObject({
      amountMinor: 7000,
      description: "Essential token package: 50 Creative Tokens",
    });
    const [row] = await db().select().from(payments).where(eq(payments.id, receipts[2]!.id));
    expect(receipts[2]!.number).toBe(`#${row!.number}`);
    expect(await listReceipts(client.id, 1)).toHaveLength(1);
    expect(await listReceipts(other.id)).toEqual([]);

    const id = receipts[1]!.id;
    expect(await getReceipt(client.id, id)).toMatchObject({ id, kind: "subscription" });
    expect(await getReceipt(other.id, id)).toBeNull();
    expect(await getReceipt(client.id, "not-a-uuid")).toBeNull();
    const failed = (
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.userId, client.id), eq(payments.status, "failed")))
    )[0]!;
    expect(await getReceipt(client.id, failed.id)).toBeNull();

    const html = await call(
      receiptRoute.loader,
      getRequest(`/manageaccount/receipts/${id}`, { cookie: client.cookie }),
      { id },
    );
    expect(html.headers.get("Content-Type")).toContain("text/html");
    expect(String(html.body)).toContain(receipts[1]!.number);
    expect(String(html.body)).toContain("Visa •••• 4242");
    // Our HTML with the client's details, outside the app's documents: its own strict policy, which allows its one style sheet by hash.
    const csp = html.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|script-src/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(String(html.body))![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`);
    const pdf = await call(
      receiptRoute.loader,
      getRequest(`/manageaccount/receipts/${id}/pdf`, { cookie: client.cookie }),
      { id, format: "pdf" },
    );
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename="receipt-\d+\.pdf"$/);
    expect(
      (
        await call(
          receiptRoute.loader,
          getRequest(`/manageaccount/receipts/${id}`, { cookie: other.cookie }),
          { id },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          receiptRoute.loader,
          getRequest(`/manageaccount/receipts/${id}/pdf`, { cookie: other.cookie }),
          { id, format: "pdf" },
        )
      ).status,
    ).toBe(404);
  });
});

describe("saved cards", () => {
  it("adds a card through the gateway (brand, last four, expiry only), declines the declined card, and keeps one row per card", async () => {
    const client = await signedInClient();
    expect(
      formErrors(await methodsAction(client, { intent: "add", ...card, card_number: "4242 4242 4242 4241" })),
    ).toMatchObject({ card_number: ["This card number is not valid."] });
    const refused = await methodsAction(client, { intent: "add", ...declined });
    expect(refused.status).toBe(402);
    expect(formErrors(refused)).toMatchObject({ "": [DECLINED] });
    expect(await listPaymentMethods(client.id)).toEqual([]);

    const added = await methodsAction(client, { intent: "add", ...card });
    expect(added).toMatchObject({ status: 200, body: { ok: true, message: "Visa •••• 4242 is saved." } });
    expect(await listPaymentMethods(client.id)).toEqual([
      { id: expect.any(String), brand: "Visa", last4: "4242", expMonth: 12, expYear: 2040, isDefault: true },
    ]);
    const again = await methodsAction(client, { intent: "add", ...card, card_expiry: "11/41" });
    expect(again.body).toMatchObject({
      ok: true,
      message: "Visa •••• 4242 was already saved; its details are up to date.",
    });
    expect(await listPaymentMethods(client.id)).toMatchObject([
      { expMonth: 11, expYear: 2041, isDefault: true },
    ]);

    // Neither the number nor the security code is anywhere in the table.
    const [dump] = await db()
      .select({ text: sql<string>`string_agg(${paymentMethods}::text, ' ')` })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, client.id));
    expect(dump!.text).not.toContain("4242424242424242");
    expect(dump!.text).not.toMatch(/\b123\b/);
    const page = body<{ cards: unknown[] }>(
      await call(
        methodsPage.loader,
        getRequest("/manageaccount/billing/payment-methods", { cookie: client.cookie }),
      ),
    );
    expect(JSON.stringify(page)).not.toContain("pm_test");
  });

  it("pays with a saved card or saves the card that pays; another client's card is unknown to them", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const saved = await addPaymentMethod(client.id, {
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2039,
      cvc: "999",
      name: "Asha",
    });
    if (!saved.ok) throw new Error(saved.message);

    const paid = await buyTokensOnPage(client, { payment_method_id: saved.card.id });
    expect(paid.status).toBe(200);
    expect((await listReceipts(client.id))[0]).toMatchObject({ cardBrand: "Visa", cardLast4: "4242" });
    const theft = await buyTokensOnPage(other, { payment_method_id: saved.card.id });
    expect(formErrors(theft)).toMatchObject({ payment_method_id: ["Unknown payment method."] });
    expect(await listReceipts(other.id)).toEqual([]);
    expect(await subscribe(other, { plan_id: "starter", payment_method_id: saved.card.id })).toMatchObject({
      status: 400,
      body: { payment_method_id: ["Unknown payment method."] },
    });

    // "Save this card" on a payment form: saved first, then charged; a declined card is neither.
    expect((await buyTokensOnPage(other, { ...declined, save_card: "on" })).status).toBe(402);
    expect(await listPaymentMethods(other.id)).toEqual([]);
    expect((await buyTokensOnPage(other, { ...card, save_card: "on" })).status).toBe(200);
    expect(await listPaymentMethods(other.id)).toMatchObject([
      { brand: "Visa", last4: "4242", isDefault: true },
    ]);
    const gift = await buyGift(other, { payment_method_id: (await listPaymentMethods(other.id))[0]!.id });
    expect(gift.status).toBe(200);
  });

  it("removes only the client's own card; the card a running plan renews with stays until another is the default", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const first = await addPaymentMethod(client.id, {
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2039,
      cvc: "999",
      name: "Asha",
    });
    if (!first.ok) throw new Error(first.message);

    expect(await removePaymentMethod(other.id, first.card.id)).toMatchObject({ ok: false, status: 404 });
    expect((await methodsAction(other, { intent: "remove", id: first.card.id })).status).toBe(404);
    expect(
      (
        await call(
          billingTab.action,
          formRequest(
            "/manageaccount/billing",
            { intent: "remove-method", id: first.card.id },
            { cookie: other.cookie },
          ),
        )
      ).status,
    ).toBe(404);
    expect((await methodsAction(other, { intent: "default", id: first.card.id })).status).toBe(404);
    expect(await listPaymentMethods(client.id)).toHaveLength(1);

    expect((await subscribe(client, { plan_id: "starter", payment_method_id: first.card.id })).status).toBe(
      201,
    );
    const blocked = await methodsAction(client, { intent: "remove", id: first.card.id });
    expect(blocked).toMatchObject({
      status: 409,
      body: {
        ok: false,
        message:
          "Visa •••• 4242 pays for your STARTER plan. Make another card the default first, or cancel the plan.",
      },
    });

    // Another card, made the default, becomes the plan's card; then the first one can go.
    const gateway = setPaymentGateway({
      ...testGateway,
      saveCard: async ({ card: c }) => ({
        ok: true,
        reference: "pm_test_mastercard_4444_ab",
        fingerprint: "mc-4444",
        brand: "Mastercard",
        last4: "4444",
        expMonth: c.expMonth,
        expYear: c.expYear,
      }),
    });
    let second: Awaited<ReturnType<typeof addPaymentMethod>>;
    try {
      second = await addPaymentMethod(client.id, {
        number: "5555555555554444",
        expMonth: 2,
        expYear: 2038,
        cvc: "111",
        name: "Asha",
      });
    } finally {
      setPaymentGateway(gateway);
    }
    if (!second.ok) throw new Error(second.message);
    expect(second.card.isDefault).toBe(false);
    expect(await setDefaultPaymentMethod(client.id, second.card.id)).toMatchObject({ ok: true });
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, client.id), eq(subscriptions.status, "active")));
    expect(sub).toMatchObject({
      cardBrand: "Mastercard",
      cardLast4: "4444",
      paymentMethodToken: "pm_test_mastercard_4444_ab",
    });

    const removed = await call(
      billingTab.action,
      formRequest(
        "/manageaccount/billing",
        { intent: "remove-method", id: first.card.id },
        { cookie: client.cookie },
      ),
    );
    expect(removed).toMatchObject({ status: 200, body: { ok: true, message: "Payment method removed." } });
    expect((await listPaymentMethods(client.id)).map((m) => m.last4)).toEqual(["4444"]);
    // A removed card cannot be charged again, by its id nor through an old receipt that used it.
    const receiptPaidWithIt = (
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.userId, client.id), eq(payments.kind, "subscription")))
    )[0]!;
    expect(await subscribe(client, { plan_id: "pro", payment_method_id: first.card.id })).toMatchObject({
      status: 400,
    });
    expect(
      await subscribe(client, { plan_id: "pro", payment_method_id: receiptPaidWithIt.id }),
    ).toMatchObject({ status: 400, body: { payment_method_id: ["Unknown payment method."] } });
  });
});

describe("keeping a cancelled plan after its card was removed", () => {
  it("renews with the client's remaining card, and is refused with a way forward when none is left", async () => {
    const client = await signedInClient();
    const first = await addPaymentMethod(client.id, {
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2039,
      cvc: "999",
      name: "Asha",
    });
    if (!first.ok) throw new Error(first.message);
    expect((await subscribe(client, { plan_id: "starter", payment_method_id: first.card.id })).status).toBe(
      201,
    );
    await api.send(apiCancel.action, client, "POST", "/api/cancel-subscription/");
    // A plan set to end no longer holds its card.
    expect(await removePaymentMethod(client.id, first.card.id)).toMatchObject({ ok: true });

    const keep = () =>
      call(
        planPage.action,
        formRequest("/dashboard2/billing/plans/starter", { intent: "resume" }, { cookie: client.cookie }),
        { planId: "starter" },
      );
    const refused = await keep();
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error:
          "The card your STARTER plan renewed with has been removed. Add a card under Payment methods, then keep your plan.",
      },
    });
    const [stillEnding] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, client.id), eq(subscriptions.status, "active")));
    expect(stillEnding).toMatchObject({ cancelAtPeriodEnd: true });

    const gateway = setPaymentGateway({
      ...testGateway,
      saveCard: async ({ card: c }) => ({
        ok: true,
        reference: `pm_test_mastercard_4444_${client.id.slice(0, 8)}`,
        fingerprint: `mc-4444-${client.id}`,
        brand: "Mastercard",
        last4: "4444",
        expMonth: c.expMonth,
        expYear: c.expYear,
      }),
    });
    try {
      expect(
        await addPaymentMethod(client.id, {
          number: "5555555555554444",
          expMonth: 2,
          expYear: 2038,
          cvc: "111",
          name: "Asha",
        }),
      ).toMatchObject({ ok: true });
    } finally {
      setPaymentGateway(gateway);
    }
    expect(await keep()).toMatchObject({
      status: 200,
      body: { success: "Successfully subscribed to STARTER! Your plan is now active." },
    });
    const [kept] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, client.id), eq(subscriptions.status, "active")));
    expect(kept).toMatchObject({
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      cardBrand: "Mastercard",
      cardLast4: "4444",
      paymentMethodToken: `pm_test_mastercard_4444_${client.id.slice(0, 8)}`,
    });
  });
});

describe("data export and deletion", () => {
  it("the export holds this client's purchases, ledger, subscriptions, receipts, cards and gift cards, and nothing of another client", async () => {
    const a = await signedInClient();
    const b = await signedInClient();
    for (const client of [a, b]) {
      await buyTokens(client, { package_id: "popular", ...card });
      await addToCart(client.id, {
        shop_item_id: client === a ? "social-post-grid" : "pitch-deck-outline",
        quantity: 1,
      });
      await checkout(client.id);
      await addPaymentMethod(client.id, {
        number: "4242424242424242",
        expMonth: 3,
        expYear: 2037,
        cvc: "123",
        name: "X",
      });
    }
    await subscribe(b, { plan_id: "pro", ...card });
    await buyGift(a, { ...card, recipientName: "Nila" });
    await buyGift(b, { ...card, recipientName: "Bharat" });

    const billing = await exportBillingData(a.id);
    expect(billing.purchases).toMatchObject([
      { shop_item_id: "social-post-grid", quantity: 1, tokens_spent: 8 },
    ]);
    expect(billing.token_ledger).toMatchObject([
      { kind: "grant", amount: 130 },
      { kind: "spend", amount: -8, balance_after: 122 },
    ]);
    expect(billing.subscriptions).toEqual([]);
    expect(billing.receipts).toHaveLength(2);
    expect(billing.payment_methods).toMatchObject([
      { brand: "Visa", last4: "4242", exp_month: 3, exp_year: 2037, removed_at: null },
    ]);
    expect(billing.gift_cards).toMatchObject([
      // The client's last purchase was in dollars (the API's default), so the card is too.
      { relation: "bought", recipient_name: "Nila", amount: 50, currency: "USD" },
    ]);

    const response = await call(
      exportRoute.action,
      formRequest("/manageaccount/export", {}, { cookie: a.cookie }),
    );
    const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
    const data = JSON.parse(text) as { billing: Record<string, unknown[]> };
    expect(data.billing.purchases).toHaveLength(1);
    expect(data.billing.token_ledger).toHaveLength(2);
    for (const secret of [
      "pitch-deck-outline",
      "Bharat",
      "PRO",
      b.id,
      b.email,
      "pm_test",
      "4242424242424242",
      "gateway_reference",
      "fingerprint",
      "idempotency",
    ])
      expect(text).not.toContain(secret);
    const bPayments = await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, b.id));
    for (const { id } of bPayments) expect(text).not.toContain(id);
  });

  it("deletion ends the plan now, detaches cards, empties the cart, keeps the ledger, purchases and payments, and leaves no way in", async () => {
    const client = await signedInClient();
    await buyTokens(client, { package_id: "popular", ...card });
    await subscribe(client, { plan_id: "starter", ...card, save_card: true });
    await addToCart(client.id, { shop_item_id: "social-post-grid", quantity: 1 });
    await checkout(client.id);
    await addToCart(client.id, { shop_item_id: "gradient-backgrounds", quantity: 1 });
    expect(await listPaymentMethods(client.id)).toHaveLength(1);
    const paymentsBefore = await db().select().from(payments).where(eq(payments.userId, client.id));
    const balanceBefore = await ledgerIsConsistent(client);

    const deleted = await call(
      profile.action,
      formRequest(
        "/manageaccount/profile",
        { intent: "delete", password: "secret12" },
        { cookie: client.cookie },
      ),
    );
    expect(deleted.status).toBe(302);

    expect(await verifyLogin(client.username, "secret12")).toBeNull();
    expect(await verifyLogin(client.email, "secret12")).toBeNull();
    const [user] = await db().select().from(users).where(eq(users.id, client.id));
    expect(user!.deletedAt).not.toBeNull();
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(subs.map((s) => [s.status, s.endReason, s.paymentMethodToken])).toEqual([
      ["ended", "cancelled", null],
    ]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, client.id))).toEqual([]);
    expect(await listPaymentMethods(client.id)).toEqual([]);
    expect(
      (await db().select().from(paymentMethods).where(eq(paymentMethods.userId, client.id)))[0]!.detachedAt,
    ).not.toBeNull();
    expect(await ledgerIsConsistent(client)).toBe(balanceBefore);
    expect(await db().select().from(purchases).where(eq(purchases.userId, client.id))).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(
      paymentsBefore.length,
    );

    // Nothing renews afterwards, however late the jobs run.
    await runJobs(new Date(Date.now() + 40 * 24 * 60 * 60 * 1000));
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(
      paymentsBefore.length,
    );
    expect(await ledgerIsConsistent(client)).toBeLessThanOrEqual(balanceBefore);
  });
});
