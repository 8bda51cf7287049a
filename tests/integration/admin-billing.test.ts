import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "~models/platform/db.server";
import { auditLog, tokenLedger, tokenLots } from "~models/schema";
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
