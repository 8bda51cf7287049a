// Every money movement is receipted (decision 0058): a token package, a shop
// checkout, a plan and its renewal, a gift card bought and redeemed, a
// revision round and a refund each leave exactly one receipt email in the
// outbox (amount, currency, the receipt link) and one notification, written in
// the movement's transaction; a declined payment leaves neither; a refund
// says what came back; refunded tokens are neither used nor available.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getTotalSpent } from "~models/views/account-billing.server";
import { purchaseGiftCard, redeemGiftCard, formatGiftCode } from "~models/billing/gift-cards.server";
import type { GiftCardInput } from "~models/billing/gift-cards";
import { RECEIPT_EMAIL_KIND, sendUnsentReceipts } from "~models/billing/receipt-email.server";
import { RECEIPT_MESSAGES } from "~models/billing/receipt-email";
import { refundPayment } from "~models/billing/refunds.server";
import { addToCart, checkout } from "~models/billing/shop.server";
import { renewSubscription, subscribe } from "~models/billing/subscriptions.server";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { getBalance, spendTokens, tokenFlow } from "~models/billing/tokens.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { setSiteUrl } from "~models/platform/site-url";
import { addProofVersion } from "~models/projects/proofing.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { getTokenUsage } from "~models/views/dashboard.server";
import { emailOutbox, notifications, subscriptions } from "~models/schema";
import { give } from "./billing-helpers";
import { projectOf, signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";
import { pngFile } from "./proofing-helpers";

withTemporaryDataDir();

beforeAll(async () => {
  await runSeed();
  // What boot does with PUBLIC_URL (or the server's own address): emails carry absolute links.
  setSiteUrl("https://portal.example/");
});

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };
const declined = { ...card, number: "4000000000000002" };

/** The receipt emails sent to an address, newest first. */
const receiptsTo = (to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, RECEIPT_EMAIL_KIND)))
    .orderBy(desc(emailOutbox.createdAt));

const notificationsOf = (client: { id: string }) =>
  db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, client.id))
    .orderBy(desc(notifications.createdAt));

/** Exactly one receipt email and one notification since the counts given. */
async function oneReceipt(client: Client, before = { emails: 0, notes: 0 }) {
  const emails = await receiptsTo(client.email);
  const notes = await notificationsOf(client);
  expect(emails).toHaveLength(before.emails + 1);
  expect(notes).toHaveLength(before.notes + 1);
  return { email: emails[0]!, note: notes[0]! };
}

const counts = async (client: Client) => ({
  emails: (await receiptsTo(client.email)).length,
  notes: (await notificationsOf(client)).length,
});

describe("every money movement is receipted", () => {
  it("a token package: amount, currency, tokens, the balance after and the PDF link", async () => {
    const client = await signedInClient();
    const bought = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "us",
      payment_method: "credit_card",
      card,
    });
    if (!bought.ok) throw new Error(bought.message);
    const { email, note } = await oneReceipt(client);
    expect(email.subject).toContain(RECEIPT_MESSAGES.titles.token_package);
    expect(email.text).toContain("$130.00");
    expect(email.text).toContain("130 Creative Tokens");
    expect(email.text).toContain(RECEIPT_MESSAGES.balance(130));
    expect(email.text).toContain(
      `Receipt PDF: https://portal.example/manageaccount/receipts/${bought.paymentId}/pdf`,
    );
    expect(email.html).toContain(`https://portal.example/manageaccount/receipts/${bought.paymentId}/pdf`);
    expect(note).toMatchObject({
      title: RECEIPT_MESSAGES.titles.token_package,
      link: `/manageaccount/receipts/${bought.paymentId}/pdf`,
    });
    expect(note.message).toContain("$130.00");

    // The same form sent again charges nothing and receipts nothing.
    const key = "same-form";
    await purchaseTokens(client.id, {
      package_id: "starter",
      region: "us",
      payment_method: "credit_card",
      card,
      idempotency_key: key,
    });
    const after = await counts(client);
    await purchaseTokens(client.id, {
      package_id: "starter",
      region: "us",
      payment_method: "credit_card",
      card,
      idempotency_key: key,
    });
    expect(await counts(client)).toEqual(after);
  });

  it("a declined payment sends no receipt and no notification", async () => {
    const client = await signedInClient();
    const refused = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "us",
      payment_method: "credit_card",
      card: declined,
    });
    expect(refused.ok).toBe(false);
    expect(await counts(client)).toEqual({ emails: 0, notes: 0 });
  });

  it("a shop checkout, paid in tokens", async () => {
    const client = await signedInClient();
    await give(client, 20);
    await addToCart(client.id, { shop_item_id: "social-post-grid", quantity: 1 });
    const before = await counts(client);
    expect((await checkout(client.id)).ok).toBe(true);
    const { email, note } = await oneReceipt(client, before);
    expect(email.text).toContain("8 Creative Tokens");
    expect(email.text).toContain("Social Post Grid");
    expect(email.text).toContain(RECEIPT_MESSAGES.balance(12));
    expect(email.text).toContain("/dashboard2/purchases");
    expect(note.title).toBe(RECEIPT_MESSAGES.titles.shop);
  });

  it("a plan's first month and its renewal", async () => {
    const client = await signedInClient();
    const started = await subscribe(client.id, { plan_id: "starter", payment_method: "credit_card", card });
    if (!started.ok) throw new Error(started.message);
    const first = await oneReceipt(client);
    expect(first.note.title).toBe(RECEIPT_MESSAGES.titles.subscription);
    expect(first.email.text).toMatch(/₹[\d,]+\.00/);
    expect(first.email.text).toContain("/manageaccount/receipts/");

    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, started.subscriptionId));
    const later = new Date(sub!.currentPeriodEnd.getTime() + 1000);
    expect(await renewSubscription(sub!.id, later)).toBe(1);
    const renewal = await oneReceipt(client, { emails: 1, notes: 1 });
    expect(renewal.note.title).toBe(RECEIPT_MESSAGES.titles.renewal);
    expect(renewal.email.subject).toContain(RECEIPT_MESSAGES.titles.renewal);
    expect(renewal.email.text).toContain(RECEIPT_MESSAGES.balance(await getBalance(client.id, later)));
  });

  it("a gift card bought, then redeemed by someone else", async () => {
    const buyer = await signedInClient();
    const friend = await signedInClient();
    const bought = await purchaseGiftCard(
      {
        giftAmount: 2500,
        region: "in",
        currency: "INR",
        recipientName: "Meera",
        recipientEmail: friend.email,
        senderName: "Asha",
        senderEmail: buyer.email,
        message: "",
        deliveryDate: "",
        payment_method: "credit_card",
        card,
      } as unknown as GiftCardInput,
      { userId: buyer.id },
    );
    if (!bought.ok) throw new Error(bought.message);
    const { email, note } = await oneReceipt(buyer);
    expect(note.title).toBe(RECEIPT_MESSAGES.titles.gift_card);
    expect(email.text).toContain("₹2,500.00");
    expect(email.text).toContain("/manageaccount/receipts/");

    const redeemed = await redeemGiftCard(friend.id, formatGiftCode(bought.giftCard.code));
    if (!redeemed.ok) throw new Error(redeemed.message);
    const receipt = await oneReceipt(friend);
    expect(receipt.note.title).toBe(RECEIPT_MESSAGES.titles.gift_redeemed);
    expect(receipt.email.text).toContain("₹2,500.00");
    expect(receipt.email.text).toContain(`${redeemed.tokens} Creative Tokens`);
    expect(receipt.email.text).toContain(RECEIPT_MESSAGES.balance(redeemed.balance));
  });

  it("a guest's gift card: the receipt goes to the payer's address, with no link that needs a sign-in", async () => {
    const payer = `guest${Date.now().toString(36)}@example.com`;
    const bought = await purchaseGiftCard(
      {
        giftAmount: 1000,
        region: "in",
        currency: "INR",
        recipientName: "Ravi",
        recipientEmail: `ravi${Date.now().toString(36)}@example.com`,
        senderName: "A guest",
        senderEmail: payer,
        message: "",
        deliveryDate: "",
        payment_method: "credit_card",
        card,
      } as unknown as GiftCardInput,
      { userId: null },
    );
    expect(bought.ok).toBe(true);
    const emails = await receiptsTo(payer);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("₹1,000.00");
    expect(emails[0]!.text).toContain(RECEIPT_MESSAGES.keepThis);
    expect(emails[0]!.text).not.toContain("/manageaccount/receipts/");
  });

  it("a revision round paid in tokens; the jobs send its email", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    await give(client, 200);
    const project = await projectOf(client);
    expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
    const added = await addProofVersion(project.id, staff, pngFile());
    if (!added.ok) throw new Error(JSON.stringify(added));
    const before = await counts(client);
    expect(
      (await transitionProject(project.id, client, "request_revision", "Bigger logo", { revisionCost: 1 }))
        .ok,
    ).toBe(true);
    expect(await getBalance(client.id)).toBe(199);
    const emails = await receiptsTo(client.email);
    expect(emails).toHaveLength(before.emails + 1);
    expect(emails[0]!.text).toContain(
      RECEIPT_MESSAGES.paidTokens(1, RECEIPT_MESSAGES.round(1, project.title)),
    );
    expect(emails[0]!.text).toContain(RECEIPT_MESSAGES.balance(199));
    expect(emails[0]!.text).toContain(`/project/${project.id}`);
    const notes = await notificationsOf(client);
    expect(notes.filter((n) => n.title === RECEIPT_MESSAGES.titles.revision_round)).toHaveLength(1);
    // Without SMTP nothing goes out, and the sweep claims nothing it cannot send.
    expect(await sendUnsentReceipts(new Date(Date.now() + 120_000))).toBe(0);
  });

  it("a refund says what came back, and the wallet's figures stay true", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const bought = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "us",
      payment_method: "credit_card",
      card,
    });
    if (!bought.ok) throw new Error(bought.message);
    const before = await counts(client);
    const partial = await refundPayment({
      paymentId: bought.paymentId,
      amountMinor: 1300,
      reason: "Late delivery",
      staff: { id: staff.id },
    });
    expect(partial.ok).toBe(true);
    const { email, note } = await oneReceipt(client, before);
    expect(note.title).toBe(RECEIPT_MESSAGES.titles.refund);
    expect(email.text).toContain(RECEIPT_MESSAGES.refunded("$13.00", 0).split(" for ")[0]!);
    expect(email.text).toContain(RECEIPT_MESSAGES.tokensTakenBack(13));
    expect(email.text).toContain(RECEIPT_MESSAGES.balance(117));
    expect(email.text).toContain(`/manageaccount/receipts/${bought.paymentId}/pdf`);
    expect(note.message).toContain("$13.00");
    expect(note.message).toContain(RECEIPT_MESSAGES.tokensTakenBack(13));

    const full = await refundPayment({
      paymentId: bought.paymentId,
      amountMinor: 13000 - 1300,
      reason: "Cancelled",
      staff: { id: staff.id },
    });
    expect(full.ok).toBe(true);
    const last = await oneReceipt(client, { emails: before.emails + 1, notes: before.notes + 1 });
    expect(last.email.text).toContain("$117.00");
    expect(last.email.text).toContain(RECEIPT_MESSAGES.tokensTakenBack(117));
    expect(last.email.text).toContain(RECEIPT_MESSAGES.balance(0));

    // Not "130 of 130 tokens used (100%)": nothing was used, and nothing is left.
    const usage = await getTokenUsage(client.id);
    expect(usage).toMatchObject({ balance: 0, granted: 0, spent: 0, percent: 0 });
    const spentTotal = await getTotalSpent(client.id);
    expect(spentTotal.tokens).toBe(0);
    expect(spentTotal.money).toEqual([]);
  });

  it("after a refund of a partly spent package, only the tokens kept count as granted", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const bought = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "us",
      payment_method: "credit_card",
      card,
    });
    if (!bought.ok) throw new Error(bought.message);
    await spendTokens({ userId: client.id, amount: 30, reason: "project" });
    expect(
      (
        await refundPayment({
          paymentId: bought.paymentId,
          amountMinor: 13000,
          reason: "",
          staff: { id: staff.id },
        })
      ).ok,
    ).toBe(true);
    const email = (await receiptsTo(client.email))[0]!;
    expect(email.text).toContain(RECEIPT_MESSAGES.tokensTakenBack(100));
    const flow = await tokenFlow(
      client.id,
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + 86_400_000),
    );
    expect(flow).toEqual({ granted: 30, spent: 30 });
    const usage = await getTokenUsage(client.id);
    expect(usage).toMatchObject({ balance: 0, granted: 30, spent: 30 });
  });
});
