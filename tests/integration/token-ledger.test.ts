import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccount } from "~models/identity/accounts.server";
import { db } from "~models/platform/db.server";
import { tokenAccounts, tokenLedger, tokenLots } from "~models/schema";
import { TOKEN_VALIDITY_MS } from "~models/billing/tokens";
import {
  adjustTokens,
  getBalance,
  grantTokens,
  ledgerTotals,
  listLedger,
  settleTokenAccount,
  spendTokens,
} from "~models/billing/tokens.server";

let counter = 0;
async function client(): Promise<string> {
  const username = `ledger${Date.now().toString(36)}${counter++}`;
  const created = await createAccount({ username, email: `${username}@example.com`, password: "secret12" });
  if (!created.ok) throw new Error(created.message);
  return created.user.id;
}

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY);

/** Postgres' error code, whether the driver wraps the error (drizzle) or not. */
const codeOf = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

async function expectInvariants(userId: string) {
  const totals = await ledgerTotals(userId);
  expect(totals.balance).toBe(totals.ledgerSum);
  expect(totals.balance).toBe(totals.lotsRemaining);
  expect(totals.balance).toBeGreaterThanOrEqual(0);
  // The count of ledger rows the trigger keeps (the pagers' total) is the rows there are.
  expect(totals.entries).toBe(totals.ledgerRows);
}

describe("token ledger", () => {
  it("spends the oldest grant first and records which grants paid", async () => {
    const userId = await client();
    const first = await grantTokens({ userId, amount: 10, reason: "token_purchase", now: at(0) });
    const second = await grantTokens({ userId, amount: 20, reason: "subscription", now: at(5) });
    const spend = await spendTokens({ userId, amount: 15, reason: "shop_checkout", now: at(6) });
    expect(spend).toMatchObject({ ok: true, balance: 15 });
    const lots = await db().select().from(tokenLots).where(eq(tokenLots.userId, userId));
    expect(Object.fromEntries(lots.map((l) => [l.id, l.remaining]))).toEqual({
      [first.entry.id]: 0,
      [second.entry.id]: 15,
    });
    expect((await listLedger(userId)).map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([
      ["spend", -15, 15],
      ["grant", 20, 30],
      ["grant", 10, 10],
    ]);
    await expectInvariants(userId);
  });

  it("lets grants expire 90 days after issue: the balance drops at that instant and an expiry row records it", async () => {
    const userId = await client();
    await grantTokens({ userId, amount: 10, reason: "token_purchase", now: at(0) });
    await grantTokens({ userId, amount: 5, reason: "referral", now: at(30) });
    await spendTokens({ userId, amount: 4, reason: "shop_checkout", now: at(1) });
    const expiry = new Date(at(0).getTime() + TOKEN_VALIDITY_MS);
    expect(await getBalance(userId, new Date(expiry.getTime() - 1))).toBe(11);
    expect(await getBalance(userId, expiry)).toBe(5);
    // A spend after expiry cannot use the expired grant's 6 tokens.
    expect(await spendTokens({ userId, amount: 6, reason: "shop_checkout", now: expiry })).toEqual({
      ok: false,
      reason: "insufficient",
      balance: 5,
      needed: 6,
    });
    const [latest] = await listLedger(userId);
    expect(latest).toMatchObject({ kind: "expire", delta: -6, balanceAfter: 5, reason: "expiry" });
    // Settling again writes nothing more.
    await settleTokenAccount(userId, expiry);
    expect((await listLedger(userId)).filter((e) => e.kind === "expire")).toHaveLength(1);
    await expectInvariants(userId);
  });

  it("never goes negative: a spend above the balance writes nothing", async () => {
    const userId = await client();
    await grantTokens({ userId, amount: 7, reason: "token_purchase" });
    expect(await spendTokens({ userId, amount: 8, reason: "shop_checkout" })).toMatchObject({
      ok: false,
      balance: 7,
      needed: 8,
    });
    expect(await listLedger(userId)).toHaveLength(1);
    await expectInvariants(userId);
  });

  it("is enforced by the database, not only by the code", async () => {
    const userId = await client();
    const grant = await grantTokens({ userId, amount: 5, reason: "token_purchase" });
    // A spend row written by hand that would take the balance below zero.
    const overspend = await db()
      .insert(tokenLedger)
      .values({ userId, kind: "spend", reason: "shop_checkout", delta: -6 })
      .catch((e: unknown) => e);
    expect(codeOf(overspend)).toBe("23514");
    // A balance edited directly.
    const edited = await db()
      .update(tokenAccounts)
      .set({ balance: 500 })
      .where(eq(tokenAccounts.userId, userId))
      .catch((e: unknown) => e);
    expect(codeOf(edited)).toBe("23514");
    // So is the kept count of ledger rows.
    const recounted = await db()
      .update(tokenAccounts)
      .set({ entries: 0 })
      .where(eq(tokenAccounts.userId, userId))
      .catch((e: unknown) => e);
    expect(codeOf(recounted)).toBe("23514");
    // A spend that takes from no grant fails at commit: the balance must equal the unspent grants.
    const unallocated = await db()
      .transaction(async (tx) => {
        await tx.insert(tokenLedger).values({ userId, kind: "spend", reason: "shop_checkout", delta: -2 });
      })
      .catch((e: unknown) => e);
    expect(codeOf(unallocated)).toBe("23514");
    // Ledger rows cannot be rewritten.
    const rewritten = await db()
      .update(tokenLedger)
      .set({ delta: 50 })
      .where(eq(tokenLedger.id, grant.entry.id))
      .catch((e: unknown) => e);
    expect(codeOf(rewritten)).toBe("23514");
    // A lot cannot hold more than it was granted, or less than nothing.
    const lot = await db()
      .update(tokenLots)
      .set({ remaining: sql`${tokenLots.remaining} - 6` })
      .where(eq(tokenLots.id, grant.entry.id))
      .catch((e: unknown) => e);
    expect(codeOf(lot)).toBe("23514");
    expect(await getBalance(userId)).toBe(5);
    await expectInvariants(userId);
  });

  it("grants once per source key", async () => {
    const userId = await client();
    const first = await grantTokens({ userId, amount: 25, reason: "referral", sourceKey: "referral:test" });
    const again = await grantTokens({ userId, amount: 25, reason: "referral", sourceKey: "referral:test" });
    expect(again).toMatchObject({ duplicate: true, balance: 25 });
    expect(again.entry.id).toBe(first.entry.id);
    expect(await getBalance(userId)).toBe(25);
  });

  it("serialises parallel spends from one balance: exactly as many succeed as the balance covers", async () => {
    const userId = await client();
    await grantTokens({ userId, amount: 50, reason: "token_purchase" });
    await grantTokens({ userId, amount: 50, reason: "subscription" });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => spendTokens({ userId, amount: 7, reason: "shop_checkout" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(14);
    expect(await getBalance(userId)).toBe(100 - 14 * 7);
    await expectInvariants(userId);
  });

  it("records staff adjustments with the staff member, both ways", async () => {
    const userId = await client();
    const staff = await client();
    await adjustTokens({ userId, amount: 12, staffUserId: staff, note: "Goodwill for the late delivery" });
    expect(await adjustTokens({ userId, amount: -20, staffUserId: staff, note: "Correction" })).toMatchObject(
      { ok: false, balance: 12 },
    );
    await adjustTokens({ userId, amount: -2, staffUserId: staff, note: "Correction" });
    const ledger = await listLedger(userId);
    expect(ledger.map((e) => [e.reason, e.delta, e.description, e.staffUserId])).toEqual([
      ["staff_adjustment", -2, "Correction", staff],
      ["staff_adjustment", 12, "Goodwill for the late delivery", staff],
    ]);
    await expectInvariants(userId);
  });
});
