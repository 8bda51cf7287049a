// Refunds from the back-office with the test gateway (docs/decisions/0036):
// partial then full; the purchase's unspent tokens come back, never below
// zero; staff see what was spent before confirming; the audit log records it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getReceipt } from "~models/views/account-billing.server";
import { receiptLines } from "~models/billing/receipts.server";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { getBalance, spendTokens } from "~models/billing/tokens.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { auditLog, paymentRefunds, payments } from "~models/schema";
import * as paymentPage from "~/routes/admin/payment";
import * as paymentsPage from "~/routes/admin/payments";
import { body, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };

describe("refunds from the back-office", () => {
  it("partial then full: the share, then the rest of the unspent tokens, shown to staff first", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const bought = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "us",
      payment_method: "credit_card",
      card,
    });
    expect(bought).toMatchObject({ ok: true, tokensAdded: 130 });
    const paymentId = (bought as { paymentId: string }).paymentId;
    await spendTokens({ userId: client.id, amount: 30, reason: "project" });

    const list = body<{ rows: Array<{ id: string }> }>(
      await call(paymentsPage.loader, getRequest("/admin/payments", { cookie: staff.cookie })),
    );
    expect(list.rows.map((r) => r.id)).toContain(paymentId);
    expect(
      (
        await call(
          paymentPage.loader,
          getRequest(`/admin/payments/${paymentId}`, { cookie: client.cookie }),
          { id: paymentId },
        )
      ).status,
    ).toBe(404);
    const preview = body<{ tokens: unknown; refundableLabel: string; suggested: { input: string } }>(
      await call(paymentPage.loader, getRequest(`/admin/payments/${paymentId}`, { cookie: staff.cookie }), {
        id: paymentId,
      }),
    );
    expect(preview).toMatchObject({
      tokens: { granted: 130, spent: 30, unspent: 100 },
      refundableLabel: "$130",
      // The unspent share: $130 × 100 / 130.
      suggested: { input: "100.00" },
    });

    const tooMuch = await call(
      paymentPage.action,
      formRequest(
        `/admin/payments/${paymentId}`,
        { amount: "131", refunded_so_far: "0" },
        { cookie: staff.cookie },
      ),
      { id: paymentId },
    );
    expect(tooMuch.status).toBe(400);
    // $13 of $130: a tenth of the 130 tokens.
    const partial = await call(
      paymentPage.action,
      formRequest(
        `/admin/payments/${paymentId}`,
        { amount: "13", reason: "Late delivery", refunded_so_far: "0" },
        { cookie: staff.cookie },
      ),
      { id: paymentId },
    );
    expect(partial.status).toBe(303);
    const landed = body<{ outcome: { message: string } }>(
      await call(paymentPage.loader, getRequest(partial.headers.get("Location")!, { cookie: staff.cookie }), {
        id: paymentId,
      }),
    );
    expect(landed.outcome.message).toMatch(/^Refunded \$13\. 13 unspent tokens were taken back\. /);
    expect(await getBalance(client.id)).toBe(87);
    const receipt = (await getReceipt(client.id, paymentId))!;
    expect(receipt).toMatchObject({ status: "Paid", refundedMinor: 1300 });
    expect(receiptLines(receipt)).toContainEqual(["Refunded", "$13.00"]);
    await spendTokens({ userId: client.id, amount: 80, reason: "project" });
    const rest = await call(
      paymentPage.action,
      formRequest(
        `/admin/payments/${paymentId}`,
        { amount: "117", refunded_so_far: "1300" },
        { cookie: staff.cookie },
      ),
      { id: paymentId },
    );
    expect(rest.status).toBe(303);
    expect(await getBalance(client.id)).toBe(0);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.refundedMinor).toBe(13000);
    expect((await getReceipt(client.id, paymentId))!.status).toBe("Refunded");
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((r) => [r.amountMinor, r.tokensTakenBack, r.status]).sort()).toEqual(
      [
        [1300, 13, "succeeded"],
        [11700, 7, "succeeded"],
      ].sort(),
    );
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, paymentId));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["payment.refund", staff.id],
      ["payment.refund", staff.id],
    ]);
    const ledgerAudit = await db().select().from(auditLog).where(eq(auditLog.action, "tokens.refund"));
    expect(ledgerAudit.filter((a) => a.targetId === client.id)).toHaveLength(2);
    await ledgerIsConsistent(client);
  });
});
