// The money reports (docs/decisions/0074-business-reports.md) over a KNOWN
// ledger: payments in rupees, dollars and euros, a partial and a full refund
// (and a failed one that must not count), token lots partly spent, an expired
// lot, a gift card redeemed and one not, a plan renewed then cancelled, a plan
// switch, a free grant. Every figure below is worked out by hand in the
// comments beside it, never by the code under test. Then the pages: their
// statement budget, studio staff refused money (decision 0075), the CSV export
// audited.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grantTokens, settleTokenAccount, spendTokens, takeBackGrant } from "~models/billing/tokens.server";
import { db, getDatabaseHandle, setDatabase } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";
import {
  auditLog,
  giftCards,
  paymentRefunds,
  payments,
  subscriptionPlans,
  subscriptions,
  tokenLots,
  users,
} from "~models/schema";
import {
  readLiabilityReport,
  readMoneyHeadlines,
  readRecurringReport,
  readRevenueReport,
} from "~models/views/reports/money.server";
import { parseReportPeriod } from "~models/views/reports/period";
import * as root from "~/root";
import * as adminLayout from "~/routes/admin/layout";
import * as reportsLayout from "~/routes/admin/reports/layout";
import * as overviewPage from "~/routes/admin/reports/index";
import * as revenuePage from "~/routes/admin/reports/revenue";
import * as recurringPage from "~/routes/admin/reports/recurring";
import * as liabilityPage from "~/routes/admin/reports/liability";
import * as exportRoute from "~/routes/admin/reports/export";
import * as staffPage from "~/routes/admin/staff";
import * as paymentsPage from "~/routes/admin/payments";
import * as paymentPage from "~/routes/admin/payment";
import { MONEY_REFUSED } from "~/lib/money-report.server";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

/** "Now" for the figures: 15 June 2026, noon in India. */
const NOW = new Date("2026-06-15T12:00:00+05:30");
const ist = (local: string) => new Date(`${local}+05:30`);
const period = (query: string) => parseReportPeriod(`/admin/reports?${query}`, NOW);
const MARCH_TO_MAY = "from=2026-03&to=2026-05";

let staff: Client;
let studio: Client;
let serial = 0;

async function payment(input: {
  userId: string;
  kind: "token_package" | "subscription" | "gift_card" | "proposal_deposit";
  amountMinor: number;
  currency: "INR" | "USD" | "EUR";
  at: Date;
  status?: "succeeded" | "failed" | "pending";
  order?: Record<string, unknown>;
  planId?: string;
}) {
  const [row] = await db()
    .insert(payments)
    .values({
      userId: input.userId,
      kind: input.kind,
      description: `Test ${input.kind}`,
      amountMinor: input.amountMinor,
      currency: input.currency,
      method: "credit_card",
      status: input.status ?? "succeeded",
      gateway: "test",
      idempotencyKey: `report-test-${serial++}`,
      subscriptionPlanId: input.planId ?? null,
      order: input.order ?? null,
      createdAt: input.at,
      completedAt: input.status === "pending" ? null : input.at,
    })
    .returning();
  return row!;
}

/** A token package bought: the payment and its grant, as token-purchases.server.ts writes them. */
async function boughtTokens(
  userId: string,
  amountMinor: number,
  currency: "INR" | "USD" | "EUR",
  tokens: number,
  at: Date,
) {
  const paid = await payment({ userId, kind: "token_package", amountMinor, currency, at });
  await grantTokens({
    userId,
    amount: tokens,
    reason: "token_purchase",
    sourceKey: `payment:${paid.id}`,
    now: at,
  });
  return paid;
}

/** A refund that went through: its row and the tokens it took back, as refunds.server.ts settles one. */
async function refund(
  paid: { id: string; amountMinor: number },
  amountMinor: number,
  tokens: number,
  at: Date,
) {
  const [row] = await db()
    .insert(paymentRefunds)
    .values({ paymentId: paid.id, amountMinor, status: "succeeded", createdAt: at, completedAt: at })
    .returning();
  await db()
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${amountMinor}` })
    .where(eq(payments.id, paid.id));
  const taken = await db().transaction((tx) =>
    takeBackGrant(
      {
        grantSourceKey: `payment:${paid.id}`,
        amount: tokens,
        sourceKey: `refund:${row!.id}`,
        description: "Test refund",
        now: at,
      },
      tx,
    ),
  );
  expect(taken).toBe(tokens);
}

/** A plan subscription whose charges each paid for a month's grant (subscriptions.server.ts). */
async function plan(input: {
  userId: string;
  planId: string;
  tokens: number;
  amountMinor: number;
  currency: "INR" | "USD";
  periods: Date[];
  ended?: { at: Date; reason: "cancelled" | "switched" };
}) {
  const start = input.periods[0]!;
  const last = input.periods[input.periods.length - 1]!;
  const [sub] = await db()
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planId: input.planId,
      status: input.ended ? "ended" : "active",
      startedAt: start,
      currentPeriodStart: last,
      currentPeriodEnd: new Date(last.getTime() + 30 * 86_400_000),
      endedAt: input.ended?.at ?? null,
      endReason: input.ended?.reason ?? null,
      cancelAtPeriodEnd: input.ended?.reason === "cancelled",
      createdAt: start,
    })
    .returning();
  for (const at of input.periods) {
    const key = `subscription:${sub!.id}:${at.toISOString()}`;
    await payment({
      userId: input.userId,
      kind: "subscription",
      amountMinor: input.amountMinor,
      currency: input.currency,
      at,
      planId: input.planId,
      order: { grantSourceKey: key },
    });
    await grantTokens({
      userId: input.userId,
      amount: input.tokens,
      reason: "subscription",
      sourceKey: key,
      now: at,
    });
  }
  return sub!;
}

async function giftCard(purchaserId: string, amount: number, at: Date, code: string) {
  const paid = await payment({
    userId: purchaserId,
    kind: "gift_card",
    amountMinor: amount * 100,
    currency: "INR",
    at,
  });
  const [card] = await db()
    .insert(giftCards)
    .values({
      code,
      amount,
      currency: "INR",
      recipientName: "Ravi",
      recipientEmail: "ravi@example.com",
      senderName: "Dev",
      senderEmail: "dev@example.com",
      deliverOn: at.toISOString().slice(0, 10),
      purchaserId,
      paymentId: paid.id,
      expiresAt: new Date(at.getTime() + 365 * 86_400_000),
      createdAt: at,
    })
    .returning();
  return card!;
}

beforeAll(async () => {
  staff = await signedInClient("staff");
  studio = await signedInClient("staff");
  await db().update(users).set({ staffAccess: "studio" }).where(eq(users.id, studio.id));
  const [a, b, c, d, e, f, g, h] = await Promise.all(Array.from({ length: 8 }, () => signedInClient()));
  await db()
    .insert(subscriptionPlans)
    .values(
      (
        [
          ["test-growth", "Growth", 1, 2000, 20],
          ["test-pro", "Pro", 2, 5000, 50],
        ] as const
      ).map(([id, name, position, price, monthlyTokens]) => ({
        id,
        name,
        position,
        colour: "green",
        tagline: name,
        price,
        prices: { us: 25, eu: 23, in: price },
        features: [],
        monthlyTokens,
        projectLimit: 3,
      })),
    );

  // A (INR): ₹5,000 for 100 tokens on 5 April; 30 spent in the shop on 20 April;
  // ₹1,000 refunded on 2 May, taking back ceil(100 × 1000 / 5000) = 20 → 50 left.
  // A refund that failed (₹500) and a failed payment (₹9,999) count for nothing.
  const p1 = await boughtTokens(a!.id, 500000, "INR", 100, ist("2026-04-05T10:00:00"));
  await spendTokens({ userId: a!.id, amount: 30, reason: "shop_checkout", now: ist("2026-04-20T10:00:00") });
  await grantTokens({ userId: a!.id, amount: 10, reason: "referral", now: ist("2026-05-01T10:00:00") });
  await refund(p1, 100000, 20, ist("2026-05-02T10:00:00"));
  await db().insert(paymentRefunds).values({ paymentId: p1.id, amountMinor: 50000, status: "failed" });
  await payment({
    userId: a!.id,
    kind: "token_package",
    amountMinor: 999900,
    currency: "INR",
    at: ist("2026-04-01T10:00:00"),
    status: "failed",
  });

  // B (USD): $100 for 50 tokens on 10 May, 10 spent on a project on 12 May,
  // $40 refunded on 20 May taking back ceil(50 × 40 / 100) = 20 → 20 left.
  const p2 = await boughtTokens(b!.id, 10000, "USD", 50, ist("2026-05-10T10:00:00"));
  await spendTokens({ userId: b!.id, amount: 10, reason: "project", now: ist("2026-05-12T10:00:00") });
  await refund(p2, 4000, 20, ist("2026-05-20T10:00:00"));

  // C (EUR): €80 for 40 tokens on 2 March, 15 spent on 20 March, the other 25
  // expired on 31 May; €50 for 20 tokens on 25 May, refunded in full on 28 May.
  await boughtTokens(c!.id, 8000, "EUR", 40, ist("2026-03-02T10:00:00"));
  await spendTokens({ userId: c!.id, amount: 15, reason: "project", now: ist("2026-03-20T10:00:00") });
  const p4 = await boughtTokens(c!.id, 5000, "EUR", 20, ist("2026-05-25T10:00:00"));
  await refund(p4, 5000, 20, ist("2026-05-28T10:00:00"));
  await settleTokenAccount(c!.id, NOW);

  // D (INR) buys a ₹3,000 gift card on 10 April, redeemed by E on 5 May for
  // 60 tokens (15 spent in the shop on 6 May → 45 left), and a ₹1,000 card on
  // 15 May that nobody has redeemed yet.
  const card = await giftCard(d!.id, 3000, ist("2026-04-10T10:00:00"), "REPORTTEST01");
  await grantTokens({
    userId: e!.id,
    amount: 60,
    reason: "gift_card",
    sourceKey: `gift:${card.id}`,
    now: ist("2026-05-05T10:00:00"),
  });
  await db()
    .update(giftCards)
    .set({ redeemedBy: e!.id, redeemedAt: ist("2026-05-05T10:00:00"), tokensGranted: 60 })
    .where(eq(giftCards.id, card.id));
  await spendTokens({ userId: e!.id, amount: 15, reason: "shop_checkout", now: ist("2026-05-06T10:00:00") });
  await giftCard(d!.id, 1000, ist("2026-05-15T10:00:00"), "REPORTTEST02");

  // F (INR): Growth from 15 March (₹2,000, 20 tokens), renewed 15 April,
  // cancelled to end with its period on 15 May. 25 tokens spent on 1 May: the
  // March grant's 20, then 5 of April's → 15 left (March's lot expired anyway).
  await plan({
    userId: f!.id,
    planId: "test-growth",
    tokens: 20,
    amountMinor: 200000,
    currency: "INR",
    periods: [ist("2026-03-15T10:00:00"), ist("2026-04-15T10:00:00")],
    ended: { at: ist("2026-05-15T10:00:00"), reason: "cancelled" },
  });
  await spendTokens({ userId: f!.id, amount: 25, reason: "project", now: ist("2026-05-01T10:00:00") });

  // G (USD): Growth from 5 May at $25, 20 tokens, active.
  await plan({
    userId: g!.id,
    planId: "test-growth",
    tokens: 20,
    amountMinor: 2500,
    currency: "USD",
    periods: [ist("2026-05-05T10:00:00")],
  });

  // H (INR): Growth from 1 April (₹2,000, 20 tokens), switched to Pro on
  // 10 May (₹5,000, 50 tokens): a switch, not churn and not a new client.
  await plan({
    userId: h!.id,
    planId: "test-growth",
    tokens: 20,
    amountMinor: 200000,
    currency: "INR",
    periods: [ist("2026-04-01T10:00:00")],
    ended: { at: ist("2026-05-10T10:00:00"), reason: "switched" },
  });
  await plan({
    userId: h!.id,
    planId: "test-pro",
    tokens: 50,
    amountMinor: 500000,
    currency: "INR",
    periods: [ist("2026-05-10T10:00:00")],
  });
  // H also pays a signed proposal's deposit on 20 May: ₹22,500, its own column.
  await payment({
    userId: h!.id,
    kind: "proposal_deposit",
    amountMinor: 2250000,
    currency: "INR",
    at: ist("2026-05-20T10:00:00"),
  });
}, 120_000);

describe("revenue", () => {
  it("rupees, March to May: received per product and month, refunds apart, failed ones left out", async () => {
    const report = await readRevenueReport(period(`${MARCH_TO_MAY}&currency=INR`));
    // March: F's first month ₹2,000. April: A ₹5,000, gift card ₹3,000, F's renewal ₹2,000, H's Growth ₹2,000.
    // May: gift card ₹1,000, H's Pro ₹5,000, H's proposal deposit ₹22,500; A's ₹1,000 refund.
    expect(report.byMonth.rows).toEqual([
      // month, token packages, plans, gift cards, proposal deposits, proposal balances, received, refunded, net
      ["Mar 2026", 0, 200000, 0, 0, 0, 200000, 0, 200000],
      ["Apr 2026", 500000, 400000, 300000, 0, 0, 1200000, 0, 1200000],
      ["May 2026", 0, 500000, 100000, 2250000, 0, 2850000, 100000, 2750000],
    ]);
    expect(report.byMonth.totals).toEqual([
      "Total",
      500000,
      1100000,
      400000,
      2250000,
      0,
      4250000,
      100000,
      4150000,
    ]);
    expect(report.byProduct.rows).toEqual([
      // product, payments, received, refunds, refunded, net
      ["Token packages", 1, 500000, 1, 100000, 400000],
      ["Plans", 4, 1100000, 0, 0, 1100000],
      ["Gift cards", 2, 400000, 0, 0, 400000],
      ["Proposal deposits", 1, 2250000, 0, 0, 2250000],
      ["Proposal balances", 0, 0, 0, 0, 0],
    ]);
    expect([report.received, report.refunded, report.net, report.payments, report.refunds]).toEqual([
      4250000, 100000, 4150000, 8, 1,
    ]);
    // The shop, paid in tokens: A's 30 tokens at ₹50 each (₹5,000 / 100) = ₹1,500 in April;
    // E's 15 gift-card tokens at ₹50 each (₹3,000 / 60) = ₹750 in May.
    expect(report.shop.rows).toEqual([
      ["Mar 2026", 0, 0, 0],
      ["Apr 2026", 1, 30, 150000],
      ["May 2026", 1, 15, 75000],
    ]);
  });

  it("dollars and euros are their own: never added to rupees", async () => {
    const usd = await readRevenueReport(period(`${MARCH_TO_MAY}&currency=USD`));
    // May: B's $100 package and G's $25 plan; B's $40 refund.
    expect(usd.byMonth.rows[2]).toEqual(["May 2026", 10000, 2500, 0, 0, 0, 12500, 4000, 8500]);
    expect([usd.received, usd.refunded, usd.net]).toEqual([12500, 4000, 8500]);
    const eur = await readRevenueReport(period(`${MARCH_TO_MAY}&currency=EUR`));
    // March: C's €80. May: C's €50, refunded in full.
    expect(eur.byMonth.rows).toEqual([
      ["Mar 2026", 8000, 0, 0, 0, 0, 8000, 0, 8000],
      ["Apr 2026", 0, 0, 0, 0, 0, 0, 0, 0],
      ["May 2026", 5000, 0, 0, 0, 0, 5000, 5000, 0],
    ]);
    expect(eur.byProduct.rows[0]).toEqual(["Token packages", 2, 13000, 1, 5000, 8000]);
  });

  it("a month is India's: a payment at 00:30 on 1 April in India is April's, though it is 31 March in UTC", async () => {
    const late = await signedInClient();
    await payment({
      userId: late.id,
      kind: "token_package",
      amountMinor: 700,
      currency: "EUR",
      at: ist("2026-04-01T00:30:00"),
    });
    const eur = await readRevenueReport(period(`${MARCH_TO_MAY}&currency=EUR`));
    expect(eur.byMonth.rows[0]![6]).toBe(8000);
    expect(eur.byMonth.rows[1]![6]).toBe(700);
    await db().delete(payments).where(eq(payments.userId, late.id));
  });
});

describe("monthly recurring revenue", () => {
  it("rupees: MRR and active plans at each month's end; new, switched and churned", async () => {
    const report = await readRecurringReport(period(`${MARCH_TO_MAY}&currency=INR`), NOW);
    // End of March: F (₹2,000). End of April: F (its renewal, ₹2,000) + H's Growth (₹2,000).
    // End of May: F ended 15 May (cancelled: churn), H switched to Pro (₹5,000) on 10 May.
    expect(report.byMonth.rows).toEqual([
      // month, active, MRR, new, switched, churned
      ["Mar 2026", 1, 200000, 1, 0, 0],
      ["Apr 2026", 2, 400000, 1, 0, 0],
      ["May 2026", 1, 500000, 0, 1, 1],
    ]);
    expect(report.byPlan.rows).toEqual([
      // plan, active at the end, MRR at the end, new, switched, churned (over the period)
      ["Growth", 0, 0, 2, 0, 1],
      ["Pro", 1, 500000, 0, 1, 0],
    ]);
    expect([report.mrr, report.active, report.started, report.churned]).toEqual([500000, 1, 2, 1]);
  });

  it("dollars: G's plan only", async () => {
    const report = await readRecurringReport(period(`${MARCH_TO_MAY}&currency=USD`), NOW);
    expect(report.byMonth.rows[2]).toEqual(["May 2026", 1, 2500, 1, 0, 0]);
    expect(report.byPlan.rows).toEqual([["Growth", 1, 2500, 1, 0, 0]]);
  });
});

describe("token liability", () => {
  it("rupees: paid tokens left × what was paid per token, unredeemed cards, expiring within 30/60/90 days", async () => {
    const report = await readLiabilityReport(period("currency=INR"), NOW);
    // Now is 15 June, noon. Within 30 days: up to 15 July; 60: 14 August; 90: 13 September.
    // A: 50 left of 100 bought for ₹5,000 → ₹2,500, expires 4 July.
    // F: 15 left of April's 20 (₹2,000) → ₹1,500, expires 14 July; March's lot is spent (and expired).
    // H: Growth 20 of 20 (₹2,000) → ₹2,000, expires 30 June; Pro 50 of 50 (₹5,000) → ₹5,000, expires 8 August.
    // E: 45 left of 60 from the ₹3,000 card → ₹2,250, expires 3 August.
    // D's ₹1,000 card, not redeemed, valid until May 2027.
    expect(report.byOrigin.rows).toEqual([
      // origin, lots, tokens, value, ≤30 tokens, value, ≤60 tokens, value, ≤90 tokens, value
      ["Token packages", 1, 50, 250000, 50, 250000, 50, 250000, 50, 250000],
      ["Plan tokens", 3, 85, 850000, 35, 350000, 85, 850000, 85, 850000],
      ["Gift cards redeemed", 1, 45, 225000, 0, 0, 45, 225000, 45, 225000],
      ["Gift cards not yet redeemed", 1, null, 100000, null, 0, null, 0, null, 0],
      // A's 10 referral tokens, expiring 30 July: no value.
      ["Granted free (no liability)", 1, 10, null, 0, null, 10, null, 10, null],
    ]);
    expect(report.byOrigin.totals).toEqual([
      "Total liability",
      6,
      180,
      1425000,
      85,
      600000,
      180,
      1325000,
      180,
      1325000,
    ]);
    expect([report.value, report.tokens, report.value30, report.freeTokens]).toEqual([
      1425000, 180, 600000, 10,
    ]);
    // By month of expiry: June H's Growth; July A and F; August E and H's Pro.
    expect(report.byExpiry.rows.slice(0, 4)).toEqual([
      ["Jun 2026", 20, 200000],
      ["Jul 2026", 65, 400000],
      ["Aug 2026", 95, 725000],
      ["Sept 2026", 0, 0],
    ]);
  });

  it("dollars: B's refunded purchase keeps its share, G's plan tokens; euros: an expired lot and a full refund leave nothing", async () => {
    const usd = await readLiabilityReport(period("currency=USD"), NOW);
    // B: 20 left of 50 bought for $100 → $40; G: 20 of 20 for $25.
    expect(usd.byOrigin.rows.slice(0, 2)).toEqual([
      ["Token packages", 1, 20, 4000, 0, 0, 20, 4000, 20, 4000],
      ["Plan tokens", 1, 20, 2500, 0, 0, 20, 2500, 20, 2500],
    ]);
    expect(usd.value).toBe(6500);
    const eur = await readLiabilityReport(period("currency=EUR"), NOW);
    expect([eur.value, eur.tokens]).toEqual([0, 0]);
    // The lot that ran out is marked so: nothing of it remains.
    const [expired] = await db().select().from(tokenLots).where(eq(tokenLots.amount, 40));
    expect(expired!.remaining).toBe(0);
  });
});

describe("the overview's headlines", () => {
  it("are the reports' own figures, in one statement", async () => {
    for (const currency of ["INR", "USD", "EUR"]) {
      const chosen = period(`${MARCH_TO_MAY}&currency=${currency}`);
      const [revenue, recurring, liability] = [
        await readRevenueReport(chosen),
        await readRecurringReport(chosen, NOW),
        await readLiabilityReport(chosen, NOW),
      ];
      expect(await readMoneyHeadlines(chosen, NOW), currency).toEqual({
        received: revenue.received,
        refunded: revenue.refunded,
        net: revenue.net,
        mrr: recurring.mrr,
        active: recurring.active,
        liability: liability.value,
        expiring30: liability.value30,
      });
    }
    // Worked out above: rupees, March to May.
    expect(await readMoneyHeadlines(period(`${MARCH_TO_MAY}&currency=INR`), NOW)).toEqual({
      received: 4250000,
      refunded: 100000,
      net: 4150000,
      mrr: 500000,
      active: 1,
      liability: 1425000,
      expiring30: 600000,
    });
  });
});

describe("the pages", () => {
  const QUERY = `?${MARCH_TO_MAY}&currency=INR`;
  const PAGES = [
    ["/admin/reports", overviewPage],
    ["/admin/reports/revenue", revenuePage],
    ["/admin/reports/recurring", recurringPage],
    ["/admin/reports/liability", liabilityPage],
  ] as const;

  it("each page costs at most 10 statements, loaded as a document (root, layouts and page at once)", async () => {
    const original = getDatabaseHandle()!;
    for (const [path, page] of PAGES) {
      const statements: string[] = [];
      setDatabase(
        withStatementLog(original, (query) => {
          if (!/from "page_cache_revisions"/.test(query)) statements.push(query);
        }),
      );
      try {
        const request = getRequest(`${path}${QUERY}`, { cookie: staff.cookie });
        const outcomes = await Promise.all(
          [root.loader, adminLayout.loader, reportsLayout.loader, page.loader].map((loader) =>
            call(loader as never, request),
          ),
        );
        expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200]);
      } finally {
        setDatabase(original);
      }
      expect(statements.length, `${path}: ${statements.join("\n")}`).toBeLessThanOrEqual(10);
    }
  });

  it("studio staff see no money figures, cannot export them and cannot open payments or refund; full staff can", async () => {
    for (const [path, page] of PAGES) {
      const seen = await call(page.loader as never, getRequest(`${path}${QUERY}`, { cookie: studio.cookie }));
      expect(seen.status).toBe(200);
      expect(JSON.stringify(seen.body)).not.toMatch(/4250000|4150000|1425000|500000/);
      expect(
        (seen.body as { allowed?: boolean; money?: unknown }).allowed ??
          (seen.body as { money: unknown }).money,
      ).toBeFalsy();
    }
    const tabs = await call(
      reportsLayout.loader as never,
      getRequest(`/admin/reports${QUERY}`, { cookie: studio.cookie }),
    );
    expect((tabs.body as { moneyAllowed: boolean }).moneyAllowed).toBe(false);
    for (const name of ["revenue", "recurring", "liability"]) {
      const refused = await call(
        exportRoute.loader as never,
        getRequest(`/admin/reports/${name}.csv${QUERY}`, { cookie: studio.cookie }),
      );
      expect(refused.status).toBe(403);
    }
    // The operations reports are studio staff's to export.
    const delivery = await call(
      exportRoute.loader as never,
      getRequest(`/admin/reports/delivery.csv${QUERY}`, { cookie: studio.cookie }),
    );
    expect(delivery.status).toBe(200);
    expect(delivery.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const full = await call(
      revenuePage.loader as never,
      getRequest(`/admin/reports/revenue${QUERY}`, { cookie: staff.cookie }),
    );
    expect((full.body as { report: { net: number } }).report.net).toBe(4150000);
    // Payments and refunds are money too: refused, pages and the refund's post alike.
    const [anyPayment] = await db().select({ id: payments.id }).from(payments).limit(1);
    const refusals = [
      await call(paymentsPage.loader as never, getRequest("/admin/payments", { cookie: studio.cookie })),
      await call(
        paymentPage.loader as never,
        getRequest(`/admin/payments/${anyPayment!.id}`, { cookie: studio.cookie }),
        { id: anyPayment!.id },
      ),
      await call(
        paymentPage.action as never,
        formRequest(
          `/admin/payments/${anyPayment!.id}`,
          { amount: "1.00", reason: "", refunded_so_far: "0" },
          { cookie: studio.cookie },
        ),
        { id: anyPayment!.id },
      ),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body).toBe(MONEY_REFUSED);
    }
    const fullPayments = await call(
      paymentsPage.loader as never,
      getRequest("/admin/payments", { cookie: staff.cookie }),
    );
    expect(fullPayments.status).toBe(200);
    // A client gets the site's 404, as for every back-office address.
    const client = await signedInClient();
    const stranger = await call(
      exportRoute.loader as never,
      getRequest(`/admin/reports/revenue.csv${QUERY}`, { cookie: client.cookie }),
    );
    expect(stranger.status).toBe(404);
  });

  it("the CSV holds the page's figures and the export is in the audit log", async () => {
    const before = await db().select().from(auditLog).where(eq(auditLog.action, "report.export"));
    const outcome = await call(
      exportRoute.loader as never,
      getRequest(`/admin/reports/revenue.csv${QUERY}`, { cookie: staff.cookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(outcome.headers.get("Content-Disposition")).toContain("revenue-2026-03-to-2026-05-INR.csv");
    const csv = outcome.body as string;
    expect(csv).toContain(
      "Month,Token packages (INR),Plans (INR),Gift cards (INR),Proposal deposits (INR),Proposal balances (INR),Received (INR),Refunded (INR),Net (INR)\r\n",
    );
    expect(csv).toContain("Apr 2026,5000.00,4000.00,3000.00,0.00,0.00,12000.00,0.00,12000.00\r\n");
    expect(csv).toContain("May 2026,0.00,5000.00,1000.00,22500.00,0.00,28500.00,1000.00,27500.00\r\n");
    expect(csv).toContain("Total,5000.00,11000.00,4000.00,22500.00,0.00,42500.00,1000.00,41500.00\r\n");
    const after = await db().select().from(auditLog).where(eq(auditLog.action, "report.export"));
    expect(after.length).toBe(before.length + 1);
    const entry = after.find((row) => !before.some((old) => old.id === row.id))!;
    expect(entry.actorId).toBe(staff.id);
    expect(entry.targetId).toBe("revenue");
    expect(entry.after).toMatchObject({ from: "2026-03", to: "2026-05", currency: "INR" });
    // A refused export writes nothing.
    await call(
      exportRoute.loader as never,
      getRequest(`/admin/reports/revenue.csv${QUERY}`, { cookie: studio.cookie }),
    );
    expect((await db().select().from(auditLog).where(eq(auditLog.action, "report.export"))).length).toBe(
      after.length,
    );
  });

  it("a wrong period or currency shows the defaults with a note, never an error", async () => {
    const outcome = await call(
      reportsLayout.loader as never,
      getRequest("/admin/reports/revenue?from=2026-13&currency=XYZ", { cookie: staff.cookie }),
    );
    expect(outcome.status).toBe(200);
    const body = outcome.body as { notes: string[]; currency: string };
    expect(body.currency).toBe("INR");
    expect(body.notes.length).toBe(2);
    const page = await call(
      revenuePage.loader as never,
      getRequest("/admin/reports/revenue?from=abc&to=2026-99", { cookie: staff.cookie }),
    );
    expect(page.status).toBe(200);
  });
});

describe("staff access (decision 0075)", () => {
  const setAccess = (by: Client, id: string, access: string) =>
    call(
      staffPage.action as never,
      formRequest("/admin/staff", { intent: "access", id, access }, { cookie: by.cookie }),
    );
  const accessOf = async (id: string) =>
    (await db().select({ access: users.staffAccess }).from(users).where(eq(users.id, id)))[0]!.access;

  it("full staff set another's access from the staff page, audited; studio staff cannot", async () => {
    const colleague = await signedInClient("staff");
    expect(await accessOf(colleague.id)).toBe("full");
    const set = await setAccess(staff, colleague.id, "studio");
    expect(set.status).toBe(200);
    expect(await accessOf(colleague.id)).toBe("studio");
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'staff.access' and ${auditLog.targetId} = ${colleague.id}`);
    expect(entry).toMatchObject({
      actorId: staff.id,
      before: { staff_access: "full" },
      after: { staff_access: "studio" },
    });
    // A studio member can change nobody's, not even their own back.
    const refused = await setAccess(colleague, colleague.id, "full");
    expect(refused.status).toBe(403);
    expect(await accessOf(colleague.id)).toBe("studio");
    // A wrong level is a clear error, not a 500.
    expect((await setAccess(staff, colleague.id, "owner")).status).toBe(400);
  });

  it("someone always keeps full access", async () => {
    await db()
      .update(users)
      .set({ staffAccess: "studio" })
      .where(sql`${users.role} = 'staff' and ${users.id} <> ${staff.id}`);
    const alone = await setAccess(staff, staff.id, "studio");
    expect(alone.status).toBe(409);
    expect(await accessOf(staff.id)).toBe("full");
  });
});
