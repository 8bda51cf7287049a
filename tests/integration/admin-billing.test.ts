import { and, desc, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "~models/platform/db.server";
import {
  auditLog,
  emailOutbox,
  notifications,
  paymentRefunds,
  payments,
  tokenLedger,
  tokenLots,
} from "~models/schema";
import { RECEIPT_EMAIL_KIND } from "~models/billing/receipt-email.server";
import { RECEIPT_MESSAGES } from "~models/billing/receipt-email";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { runSeed } from "~models/views/seed.server";
import { checkout } from "~models/billing/shop.server";
import {
  adjustTokens,
  getBalance,
  grantTokens,
  settleTokenAccount,
  spendTokens,
} from "~models/billing/tokens.server";
import * as clientPage from "~/routes/admin/client";
import * as paymentPage from "~/routes/admin/payment";
import * as auditPage from "~/routes/admin/audit";
import * as apiCart from "~/routes/api/billing/cart";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import { api, body, give, ledgerIsConsistent } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});

const adjust = (staff: Client, client: Client, fields: Record<string, string>) =>
  call(
    clientPage.action,
    formRequest(
      `/admin/clients/${client.id}`,
      { intent: "adjust-tokens", ...fields },
      { cookie: staff.cookie },
    ),
    { id: client.id },
  );

type Billing = {
  balance: number;
  ledger: Array<{
    delta: number;
    balanceAfter: number;
    description: string;
    staff: string | null;
    reason: string;
  }>;
  ledgerPage: { total: number; page: number; pageCount: number };
  purchases: Array<{ name: string; tokensSpent: number }>;
  subscription: { planName: string } | null;
  subscriptions: Array<{ planName: string; status: string }>;
};
const clientBilling = async (staff: Client, client: Client, query = "") =>
  body<{ billing: Billing }>(
    await call(
      clientPage.loader,
      getRequest(`/admin/clients/${client.id}${query}`, { cookie: staff.cookie }),
      { id: client.id },
    ),
  ).billing;

/** The receipt emails sent to an address, newest first. */
const receiptsTo = (to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, RECEIPT_EMAIL_KIND)))
    .orderBy(desc(emailOutbox.createdAt));

const tokenAudit = (clientId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, "tokens.%"), eq(auditLog.targetId, clientId)))
    .orderBy(auditLog.id);

describe("manual token grant and deduction", () => {
  it("a goodwill grant may expire sooner than 90 days, never later", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const before = Date.now();
    const tooLong = await adjust(staff, client, {
      direction: "grant",
      amount: "10",
      reason: "Launch week",
      validDays: "91",
    });
    expect(formErrors(tooLong)).toMatchObject({ validDays: ["Enter a whole number of days from 1 to 90."] });
    expect(await getBalance(client.id)).toBe(0);

    await adjust(staff, client, { direction: "grant", amount: "10", reason: "Launch week", validDays: "5" });
    await adjust(staff, client, { direction: "grant", amount: "3", reason: "Usual goodwill" });
    const lots = await db()
      .select()
      .from(tokenLots)
      .where(eq(tokenLots.userId, client.id))
      .orderBy(tokenLots.amount);
    const days = (at: Date) => Math.round((at.getTime() - before) / 86_400_000);
    expect(lots.map((lot) => [lot.amount, days(lot.expiresAt)])).toEqual([
      [3, 90],
      [10, 5],
    ]);
  });

  it("needs a reason, records the staff member on the ledger row and in the audit log, and never goes below zero", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();

    const missing = await adjust(staff, client, { direction: "grant", amount: "10", reason: " " });
    expect(missing.status).toBe(400);
    expect(formErrors(missing)).toMatchObject({
      reason: ["Please give a reason: it is kept in the ledger and the audit log."],
    });
    const zero = await adjust(staff, client, { direction: "grant", amount: "0", reason: "Goodwill" });
    expect(formErrors(zero)).toMatchObject({ amount: ["Enter a whole number of tokens from 1 to 100,000."] });
    expect(await getBalance(client.id)).toBe(0);

    const granted = await adjust(staff, client, {
      direction: "grant",
      amount: "25",
      reason: "Late delivery goodwill",
    });
    expect(granted).toMatchObject({
      status: 200,
      body: { message: "Granted 25 tokens. The balance is now 25." },
    });
    const [row] = await db().select().from(tokenLedger).where(eq(tokenLedger.userId, client.id));
    expect(row).toMatchObject({
      kind: "grant",
      reason: "staff_adjustment",
      delta: 25,
      staffUserId: staff.id,
      description: "Late delivery goodwill",
    });

    const tooMuch = await adjust(staff, client, { direction: "deduct", amount: "26", reason: "Correction" });
    expect(tooMuch).toMatchObject({
      status: 409,
      body: {
        message: "Cannot deduct 26 tokens: the client has 25, and a balance can never go below zero.",
        tone: "error",
      },
    });
    const deducted = await adjust(staff, client, {
      direction: "deduct",
      amount: "5",
      reason: "Double grant by mistake",
    });
    expect(deducted).toMatchObject({
      status: 200,
      body: { message: "Deducted 5 tokens. The balance is now 20." },
    });
    expect(await ledgerIsConsistent(client)).toBe(20);

    // The model refuses a blank reason too, whatever calls it.
    expect(() => adjustTokens({ userId: client.id, amount: 1, staffUserId: staff.id, note: "  " })).toThrow(
      /reason/,
    );

    const audit = await tokenAudit(client.id);
    expect(audit.map((a) => [a.action, a.actorId, a.actorRole, a.reason])).toEqual([
      ["tokens.grant", staff.id, "staff", "Late delivery goodwill"],
      ["tokens.deduct", staff.id, "staff", "Double grant by mistake"],
    ]);
    expect(audit[0]).toMatchObject({
      actorLabel: staff.username,
      actorIp: expect.stringMatching(/^203\.0\.113\./),
      targetType: "user",
      targetLabel: client.email,
      before: { balance: 0 },
      after: { balance: 25, amount: 25 },
    });
    expect(audit[1]).toMatchObject({ before: { balance: 25 }, after: { balance: 20, amount: -5 } });

    const billing = await clientBilling(staff, client);
    expect(billing.balance).toBe(20);
    expect(billing.ledger.map((r) => [r.delta, r.balanceAfter, r.staff])).toEqual([
      [-5, 20, staff.username],
      [25, 25, staff.username],
    ]);
  });

  it("pages the ledger, 25 rows at a time", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    for (let i = 0; i < 27; i++)
      await grantTokens({
        userId: client.id,
        amount: 1,
        reason: "staff_adjustment",
        description: `Grant ${i}`,
        staffUserId: staff.id,
      });
    const first = await clientBilling(staff, client);
    expect(first.ledger).toHaveLength(25);
    expect(first.ledgerPage).toMatchObject({ total: 27, page: 1, pageCount: 2 });
    const second = await clientBilling(staff, client, "?ledger=2");
    expect(second.ledger.map((r) => r.description)).toEqual(["Grant 1", "Grant 0"]);
  });

  it("shows the client's purchases and subscriptions", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    await give(client, 40);
    await api.send(apiCart.action, client, "POST", "/api/cart/", { shop_item_id: "launch-poster" });
    expect((await checkout(client.id, { idempotencyKey: "admin-billing-1" })).ok).toBe(true);
    expect(
      (
        await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
          plan_id: "social",
          payment_method_id: null,
        })
      ).status,
    ).toBeLessThan(300);
    const billing = await clientBilling(staff, client);
    expect(billing.purchases).toMatchObject([{ name: "Launch Poster", tokensSpent: 5 }]);
    expect(billing.subscription).toMatchObject({ planName: "SOCIAL" });
    expect(billing.subscriptions).toMatchObject([{ planName: "SOCIAL", status: "active" }]);
  });
});

describe("token movements in the audit log", () => {
  it("every ledger row has its audit entry with who, what and the balance before and after", async () => {
    const client = await signedInClient();
    const bought = await api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", {
      package_id: "essential",
      payment_method: "credit_card",
    });
    expect(bought.status).toBeLessThan(300);
    await api.send(apiCart.action, client, "POST", "/api/cart/", { shop_item_id: "grain-overlay" });
    expect((await checkout(client.id, { idempotencyKey: "audit-spend" })).ok).toBe(true);
    // Subscription tokens (the system grants them by the plan), then expiry 91 days on.
    expect(
      (
        await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
          plan_id: "social",
          payment_method_id: null,
        })
      ).status,
    ).toBeLessThan(300);
    const later = new Date(Date.now() + 91 * 24 * 60 * 60 * 1000);
    await settleTokenAccount(client.id, later);
    // A refused spend writes neither a ledger row nor an audit entry.
    expect(await spendTokens({ userId: client.id, amount: 1, reason: "project" }, undefined)).toMatchObject({
      ok: false,
    });

    const ledger = await db().select().from(tokenLedger).where(eq(tokenLedger.userId, client.id));
    const audit = await tokenAudit(client.id);
    expect(audit).toHaveLength(ledger.length);
    for (const entry of ledger) {
      const match = audit.find((a) => (a.after as { ledger_entry_id: string }).ledger_entry_id === entry.id)!;
      expect(match, `audit entry for ledger row ${entry.reason}`).toBeDefined();
      expect(match.before).toEqual({ balance: entry.balanceAfter - entry.delta });
      expect(match.after).toMatchObject({ balance: entry.balanceAfter, amount: entry.delta });
    }
    const who = audit.map((a) => [a.action, a.actorRole, a.actorId]);
    expect(who).toContainEqual(["tokens.purchase", "client", client.id]);
    expect(who).toContainEqual(["tokens.spend", "client", client.id]);
    expect(who).toContainEqual(["tokens.grant", "system", null]);
    expect(who).toContainEqual(["tokens.expire", "system", null]);
    expect(audit.find((a) => a.action === "tokens.spend")!.reason).toContain("Grain Texture Overlay");
  });

  it("writes the audit entry in the ledger row's transaction: a rolled back grant leaves neither", async () => {
    const client = await signedInClient();
    await expect(
      db().transaction(async (tx) => {
        await grantTokens(
          { userId: client.id, amount: 5, reason: "referral", description: "Rolled back" },
          tx,
        );
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await tokenAudit(client.id)).toEqual([]);
    const [count] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from token_ledger where user_id = ${client.id}`,
    );
    expect(Number(count!.n)).toBe(0);
  });

  it("the audit page filters token movements by action and by who acted (staff, client, system)", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    await adjust(staff, client, { direction: "grant", amount: "3", reason: "Filter check" });
    await grantTokens({ userId: client.id, amount: 2, reason: "referral" });
    type Page = { entries: Array<{ action: string; actorRole: string; targetId: string }> };
    const system = body<Page>(
      await call(
        auditPage.loader,
        getRequest(`/admin/audit?role=system&target_id=${client.id}`, { cookie: staff.cookie }),
      ),
    );
    expect(system.entries.map((e) => [e.action, e.actorRole])).toEqual([["tokens.grant", "system"]]);
    const staffGrants = body<Page>(
      await call(
        auditPage.loader,
        getRequest(`/admin/audit?action=tokens.grant&role=staff&target_id=${client.id}`, {
          cookie: staff.cookie,
        }),
      ),
    );
    expect(staffGrants.entries).toHaveLength(1);
  });
});

// Refunds in two steps (decisions 0036, 0072): the suggested amount is the
// unspent share, a confirm view with its own URL says what moves, only its
// POST refunds, and the same confirmation twice refunds once.
describe("a refund is chosen, then confirmed", () => {
  const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };

  /** A client who bought the $130 package of 130 tokens and spent 21 of them. */
  async function partlySpent() {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const bought = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "us",
      payment_method: "credit_card",
      card,
    });
    if (!bought.ok) throw new Error(bought.message);
    expect(bought.tokensAdded).toBe(130);
    expect((await spendTokens({ userId: client.id, amount: 21, reason: "project" })).ok).toBe(true);
    return { client, staff, paymentId: bought.paymentId };
  }

  type PaymentPage = {
    suggested: { label: string; input: string };
    values: { amount: string; reason: string };
    errors: { amount?: string[] };
    tokens: { granted: number; spent: number; unspent: number };
    confirm: null | {
      amount: string;
      tokensBack: number;
      tokensSpent: number;
      tokensKept: number;
      kept: string;
      reason: string;
    };
    outcome: null | { tone: string; message: string };
    payment: { refundedMinor: number; currency: string };
  };
  const open = async (staff: Client, paymentId: string, query = "") => {
    const outcome = await call(
      paymentPage.loader,
      getRequest(`/admin/payments/${paymentId}${query}`, { cookie: staff.cookie }),
      { id: paymentId },
    );
    return { status: outcome.status, page: body<PaymentPage>(outcome) };
  };
  const confirm = (staff: Client, paymentId: string, fields: Record<string, string>) =>
    call(
      paymentPage.action,
      formRequest(`/admin/payments/${paymentId}?confirm=1&amount=${fields.amount}`, fields, {
        cookie: staff.cookie,
      }),
      { id: paymentId },
    );
  const refundsOf = (paymentId: string) =>
    db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

  it("suggests the unspent share, confirms what moves, refunds on the confirm only, and tells the client", async () => {
    const { client, staff, paymentId } = await partlySpent();
    // 109 of 130 tokens unspent: $130 × 109 / 130 = $109.
    const first = await open(staff, paymentId);
    expect(first.page).toMatchObject({
      suggested: { label: "$109", input: "109.00" },
      values: { amount: "109.00", reason: "" },
      tokens: { granted: 130, spent: 21, unspent: 109 },
      confirm: null,
    });

    // Step 1 refuses what cannot be refunded, keeping what was typed; nothing moves.
    for (const amount of ["-5", "0", "130.01", "12,5"]) {
      const wrong = await open(
        staff,
        paymentId,
        `?confirm=1&amount=${encodeURIComponent(amount)}&reason=Late`,
      );
      expect(wrong.status, amount).toBe(400);
      expect(wrong.page.confirm).toBeNull();
      expect(wrong.page.values).toEqual({ amount, reason: "Late" });
      expect(wrong.page.errors.amount).toHaveLength(1);
    }

    // Step 2, its own URL: the amount, the tokens back, those spent, what stays. Still nothing refunded.
    const review = await open(staff, paymentId, "?confirm=1&amount=100&reason=Late%20delivery");
    expect(review.status).toBe(200);
    expect(review.page.confirm).toEqual({
      amountMinor: 10000,
      amount: "$100",
      amountInput: "100.00",
      tokensBack: 100,
      tokensSpent: 21,
      tokensKept: 30,
      keptMinor: 3000,
      kept: "$30",
      reason: "Late delivery",
    });
    expect(review.page.payment.currency).toBe("USD");
    expect(await refundsOf(paymentId)).toEqual([]);
    expect(await getBalance(client.id)).toBe(109);

    const emailsBefore = await receiptsTo(client.email);
    const done = await confirm(staff, paymentId, {
      amount: "100.00",
      reason: "Late delivery",
      refunded_so_far: "0",
    });
    expect(done.status).toBe(303);
    const [refund] = await refundsOf(paymentId);
    expect(refund).toMatchObject({ amountMinor: 10000, tokensTakenBack: 100, tokensAlreadySpent: 21 });
    expect(done.headers.get("Location")).toBe(`/admin/payments/${paymentId}?refunded=${refund!.id}`);
    expect(await getBalance(client.id)).toBe(9);
    const after = await open(staff, paymentId, `?refunded=${refund!.id}`);
    expect(after.page.outcome).toEqual({
      tone: "success",
      message: `Refunded $100. 100 unspent tokens were taken back. The client's receipt is on its way to ${client.email}, with a notification in their portal.`,
    });
    // What is left: $30 paid for 30 tokens, 21 spent and 9 unspent, suggests $9.
    expect(after.page.suggested.label).toBe("$9");

    // The client's receipt (the outbox) and notification, exactly one each.
    const emails = await receiptsTo(client.email);
    expect(emails).toHaveLength(emailsBefore.length + 1);
    expect(emails[0]!.subject).toContain(RECEIPT_MESSAGES.titles.refund);
    expect(emails[0]!.text).toContain("$100.00");
    expect(emails[0]!.text).toContain(RECEIPT_MESSAGES.tokensTakenBack(100));
    const notes = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, client.id), eq(notifications.title, RECEIPT_MESSAGES.titles.refund)),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain("$100.00");
  });

  it("the same confirmation submitted twice at once refunds once", async () => {
    const { client, staff, paymentId } = await partlySpent();
    const fields = { amount: "20.00", reason: "Double click", refunded_so_far: "0" };
    const answers = await Promise.all([confirm(staff, paymentId, fields), confirm(staff, paymentId, fields)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(body<{ message: string }>(refused).message).toMatch(/^Nothing was refunded/);
    const refunds = await refundsOf(paymentId);
    expect(refunds.map((r) => [r.amountMinor, r.status])).toEqual([[2000, "succeeded"]]);
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.refundedMinor).toBe(2000);
    expect(await getBalance(client.id)).toBe(109 - 20);
    // Sent again later, it still refunds nothing.
    expect((await confirm(staff, paymentId, fields)).status).toBe(409);
    expect(await refundsOf(paymentId)).toHaveLength(1);
    await ledgerIsConsistent(client);
  });

  it("the confirm re-checks the amount: never more than is left, never zero or negative", async () => {
    const { staff, paymentId } = await partlySpent();
    const over = await confirm(staff, paymentId, { amount: "130.01", refunded_so_far: "0" });
    expect(over.status).toBe(400);
    expect(body<{ message: string }>(over).message).toBe(
      "Enter an amount greater than zero and at most $130.",
    );
    for (const amount of ["0", "-1", "abc"])
      expect((await confirm(staff, paymentId, { amount, refunded_so_far: "0" })).status, amount).toBe(400);
    expect((await confirm(staff, paymentId, { amount: "10" })).status).toBe(400);
    expect(await refundsOf(paymentId)).toEqual([]);
    // A client cannot reach it.
    const client = await signedInClient();
    expect((await confirm(client, paymentId, { amount: "10", refunded_so_far: "0" })).status).toBe(404);
  });
});
