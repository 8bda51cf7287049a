// Gift cards in the buyer's currency (docs/decisions/0059): a signed-out buyer's
// pick or browser, a client's own currency, the charge, the receipt and the
// recipient's email in that currency, and the redemption at its token rate.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setAccountRegion } from "~models/billing/currency.server";
import { redeemGiftCard } from "~models/billing/gift-cards.server";
import { runSeed } from "~models/content/seed.server";
import { db } from "~models/platform/db.server";
import { emailOutbox, giftCards, payments } from "~models/schema";
import * as giftPage from "~/routes/gift";
import { body } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});

const card = {
  card_number: "4242424242424242",
  card_expiry: "01/39",
  card_cvc: "321",
  card_name: "Ravi Menon",
};

type GiftPage = {
  idempotencyKey: string;
  region: string;
  currency: string;
  currencySource: string;
  centsPerToken: number;
};

const unique = () => Math.random().toString(36).slice(2, 10);

async function openGift(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const outcome = await call(giftPage.loader, getRequest(path, init));
  return { page: body<GiftPage>(outcome), headers: outcome.headers };
}

async function buy(
  page: GiftPage,
  fields: Record<string, string>,
  init: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const recipientEmail = `giftee-${unique()}@studio.example`;
  const senderEmail = `buyer-${unique()}@brand.example`;
  const outcome = await call(
    giftPage.action,
    formRequest(
      "/gift",
      {
        idempotency_key: page.idempotencyKey,
        region: page.region,
        recipientName: "Meera",
        recipientEmail,
        senderName: "Ravi",
        senderEmail,
        ...card,
        ...fields,
      },
      init,
    ),
  );
  return { outcome, recipientEmail, senderEmail };
}

const emailsTo = (to: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt));

describe("gift cards in the buyer's currency", () => {
  it("a signed-out buyer's browser decides, a pick on the page wins, and the page varies by language", async () => {
    const german = await openGift("/gift", { headers: { "Accept-Language": "de-DE,de;q=0.9" } });
    expect(german.page).toMatchObject({
      region: "eu",
      currency: "EUR",
      currencySource: "browser",
      centsPerToken: 110,
    });
    expect(german.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(german.headers.get("Cache-Control") ?? "").not.toMatch(/public/);
    const picked = await openGift("/gift?currency=USD", { headers: { "Accept-Language": "de-DE" } });
    expect(picked.page).toMatchObject({ region: "us", currency: "USD", currencySource: "choice" });
    const plain = await openGift("/gift");
    expect(plain.page).toMatchObject({ region: "in", currency: "INR", currencySource: "default" });
  });

  it("a guest buys in euros: the payment, the card, the receipt and the recipient's email say EUR, and it redeems at the euro rate", async () => {
    const { page } = await openGift("/gift?currency=EUR");
    const { outcome, recipientEmail, senderEmail } = await buy(page, { amount: "150" });
    expect(outcome.status).toBe(200);
    expect(body<{ card: { amount: string; currency: string } }>(outcome).card).toMatchObject({
      amount: "€150",
      currency: "EUR",
    });
    const [payment] = await db().select().from(payments).where(eq(payments.payerEmail, senderEmail));
    expect(payment).toMatchObject({
      kind: "gift_card",
      amountMinor: 15000,
      currency: "EUR",
      status: "succeeded",
    });
    const [giftCard] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.recipientEmail, recipientEmail));
    expect(giftCard).toMatchObject({ amount: 150, currency: "EUR" });

    const [receipt] = await emailsTo(senderEmail, "receipt");
    expect(receipt!.text).toContain("€150.00");
    expect(receipt!.text).toContain("Amount: €150.00 (EUR)");
    const [delivered] = await emailsTo(recipientEmail, "gift_card");
    expect(delivered!.text).toContain("a gift card worth €150 (EUR)");

    // Redeemed by a client who pays in rupees: tokens have no currency; €150 at €1.10 a token is 136.
    const friend = await signedInClient();
    await setAccountRegion(friend.id, "in");
    const code = body<{ card: { code: string } }>(outcome).card.code;
    const redeemed = await redeemGiftCard(friend.id, code);
    expect(redeemed).toMatchObject({
      ok: true,
      tokens: 136,
      message: "Gift card redeemed: €150 became 136 Creative Tokens.",
    });
    const [redeemReceipt] = await emailsTo(friend.email, "receipt");
    expect(redeemReceipt!.text).toContain("Amount: €150.00 (EUR)");
  });

  it("a signed-in client buys in their dollars; a currency changed since the page opened charges nothing", async () => {
    const client = await signedInClient();
    await setAccountRegion(client.id, "us");
    const { page } = await openGift("/gift?currency=EUR", { cookie: client.cookie });
    // The account's currency holds: a client never sees two currencies.
    expect(page).toMatchObject({
      region: "us",
      currency: "USD",
      currencySource: "account",
      centsPerToken: 120,
    });

    // Out of range in dollars (a rupee amount), refused with the dollar range.
    const rupeeSized = await buy(page, { customAmount: "5000" }, { cookie: client.cookie });
    expect(rupeeSized.outcome.status).toBe(400);
    expect(formErrors(rupeeSized.outcome).customAmount).toEqual(["Enter an amount between $15 and $1,200."]);

    const { outcome, senderEmail } = await buy(page, { customAmount: "$75" }, { cookie: client.cookie });
    expect(outcome.status).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.payerEmail, senderEmail));
    expect(payment).toMatchObject({ userId: client.id, amountMinor: 7500, currency: "USD" });
    const [receipt] = await emailsTo(client.email, "receipt");
    expect(receipt!.text).toContain("Amount: $75.00 (USD)");
    const code = body<{ card: { code: string } }>(outcome).card.code;
    const friend = await signedInClient();
    expect(await redeemGiftCard(friend.id, code)).toMatchObject({ ok: true, tokens: 62 });

    // The client switches to euros in another tab; the dollar form is refused, nothing charged.
    const stale = (await openGift("/gift", { cookie: client.cookie })).page;
    await setAccountRegion(client.id, "eu");
    const refused = await buy(stale, { amount: "150" }, { cookie: client.cookie });
    expect(refused.outcome.status).toBe(409);
    expect(formErrors(refused.outcome)[""]).toEqual([
      "Your currency changed to euros since this page was opened. Check the price, then pay again.",
    ]);
    expect(await db().select().from(payments).where(eq(payments.payerEmail, refused.senderEmail))).toEqual(
      [],
    );
  });

  it("a buyer with nothing to go on (no pick, no language that names a currency) pays in rupees, as before", async () => {
    const { page } = await openGift("/gift");
    const { outcome, recipientEmail } = await buy(page, { amount: "5000" });
    expect(outcome.status).toBe(200);
    const [giftCard] = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.recipientEmail, recipientEmail));
    expect(giftCard).toMatchObject({ amount: 5000, currency: "INR" });
    const friend = await signedInClient();
    const code = body<{ card: { code: string } }>(outcome).card.code;
    expect(await redeemGiftCard(friend.id, code)).toMatchObject({ ok: true, tokens: 50 });
  });
});
