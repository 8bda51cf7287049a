import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import { runJobs } from "~models/billing/jobs.server";
import { emailOutbox, giftCards, notifications, payments, referrals, referralSignups } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { redeemGiftCard } from "~models/billing/gift-cards.server";
import { checkout } from "~models/billing/shop.server";
import { getBalance, listLedger, spendTokens } from "~models/billing/tokens.server";
import { refundPayment } from "~models/billing/refunds.server";
import * as apiSignup from "~/routes/api/auth-signup";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as signupPage from "~/routes/auth/signup";
import * as billingPage from "~/routes/dashboard/billing";
import * as giftPage from "~/routes/gift";
import * as referralPage from "~/routes/referrals";
import { api, body, give, ledgerIsConsistent } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest, jsonRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});

const card = {
  card_number: "4242424242424242",
  card_expiry: "01/39",
  card_cvc: "321",
  card_name: "Ravi Menon",
};
const giftForm = {
  recipientName: "Meera",
  recipientEmail: "meera@studio.example",
  senderName: "Ravi",
  senderEmail: "ravi@brand.example",
  message: "For the new studio!",
  ...card,
};

async function buyGift(fields: Record<string, string>, cookie?: string) {
  const page = body<{ idempotencyKey: string }>(await call(giftPage.loader, getRequest("/gift", { cookie })));
  return call(
    giftPage.action,
    formRequest("/gift", { idempotency_key: page.idempotencyKey, ...fields }, { cookie }),
  );
}

const redeem = (client: Client, code: string) =>
  call(
    billingPage.action,
    formRequest("/dashboard2/billing", { intent: "redeem", code }, { cookie: client.cookie }),
  );
const notice = (outcome: { body: unknown }) =>
  (outcome.body as { redeem: { notice: { tone: string; message: string } } }).redeem.notice;
/** What the redeem field holds after the answer: the refused code, or nothing once redeemed. */
const keptCode = (outcome: { body: unknown }) => (outcome.body as { redeem: { code: string } }).redeem.code;

describe("gift cards", () => {
  it("validates the form: presets, custom amount 1,000-1,00,000 (the custom one wins), names, emails, date, message", async () => {
    const empty = await buyGift({ customAmount: "999" });
    expect(formErrors(empty)).toMatchObject({
      customAmount: ["Enter an amount between ₹1,000 and ₹1,00,000."],
      recipientName: ["Recipient name is required."],
      recipientEmail: ["Recipient email is required."],
      senderName: ["Your name is required."],
      senderEmail: ["Your email is required."],
    });
    const wrong = await buyGift({
      ...giftForm,
      amount: "12345",
      deliveryDate: "2001-01-01",
      message: "x".repeat(501),
    });
    expect(formErrors(wrong)).toMatchObject({
      amount: ["Choose one of the amounts."],
      deliveryDate: ["The delivery date cannot be earlier than today."],
      message: ["Your message can be at most 500 characters."],
    });

    // A preset and a custom amount both sent (no JavaScript): the custom amount is the one charged.
    const bought = await buyGift({ ...giftForm, amount: "50000", customAmount: "1,00,000" });
    expect(body(bought)).toMatchObject({
      message: "Gift card purchased successfully!",
      card: { amount: "₹1,00,000", delivered: true },
    });
    const [payment] = await db().select().from(payments).where(eq(payments.payerEmail, "ravi@brand.example"));
    expect(payment).toMatchObject({
      kind: "gift_card",
      amountMinor: 10_000_000,
      currency: "INR",
      status: "succeeded",
      cardLast4: "4242",
      userId: null,
    });
  });

  it("is emailed on its delivery date by the jobs, and redeemed once, in another account, at the documented rate", async () => {
    const buyer = await signedInClient();
    const friend = await signedInClient();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const outcome = await buyGift(
      { ...giftForm, recipientEmail: "later@studio.example", deliveryDate: todayInAgencyTimeZone(tomorrow) },
      buyer.cookie,
    );
    const { code, delivered } = body<{ card: { code: string; delivered: boolean } }>(outcome).card;
    expect(code).toMatch(/^ASC-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(delivered).toBe(false);
    const mailTo = () =>
      db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, "later@studio.example"), eq(emailOutbox.kind, "gift_card")));
    expect(await mailTo()).toHaveLength(0);
    await runJobs(new Date());
    expect(await mailTo()).toHaveLength(0);
    await runJobs(tomorrow);
    await runJobs(tomorrow);
    const mails = await mailTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(code);
    expect(mails[0]!.text).toContain("For the new studio!");

    // The default amount is ₹15,000: 150 tokens at ₹100 a token.
    const redeemed = await redeem(friend, code.toLowerCase().replaceAll("-", " "));
    expect(notice(redeemed)).toEqual({
      tone: "success",
      message: "Gift card redeemed: ₹15,000 became 150 Creative Tokens.",
    });
    expect(await getBalance(friend.id)).toBe(150);
    expect(keptCode(redeemed)).toBe("");
    const again = await redeem(friend, code);
    expect(notice(again)).toEqual({
      tone: "error",
      message: "This gift card has already been redeemed.",
    });
    // Refused, the code stays in the field (JavaScript off too).
    expect(keptCode(again)).toBe(code);
    expect(notice(await redeem(buyer, code))).toEqual({
      tone: "error",
      message: "This gift card has already been redeemed.",
    });
    expect(await getBalance(buyer.id)).toBe(0);
    const [row] = await db().select().from(giftCards).where(eq(giftCards.redeemedBy, friend.id));
    expect(row).toMatchObject({ amount: 15000, currency: "INR", tokensGranted: 150 });
    await ledgerIsConsistent(friend);
  });

  it("refunded to its buyer after it was redeemed: the redeemer is told what left their wallet", async () => {
    const buyer = await signedInClient();
    const friend = await signedInClient();
    const staff = await signedInClient("staff");
    const bought = await buyGift({ ...giftForm, recipientEmail: "redeemer@studio.example" }, buyer.cookie);
    const { code } = body<{ card: { code: string } }>(bought).card;
    expect(notice(await redeem(friend, code)).tone).toBe("success");
    await spendTokens({ userId: friend.id, amount: 50, reason: "project" });
    const [card] = await db().select().from(giftCards).where(eq(giftCards.redeemedBy, friend.id));

    const refunded = await refundPayment({
      paymentId: card!.paymentId!,
      amountMinor: 1_500_000,
      reason: "Bought by mistake",
      staff: { id: staff.id },
    });
    expect(refunded).toMatchObject({ ok: true, tokensTakenBack: 100 });
    expect(await getBalance(friend.id)).toBe(0);
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, friend.id), eq(notifications.title, "Gift card refunded")));
    expect(told!.message).toBe(
      "A gift card you redeemed was refunded to the person who bought it, so the 100 Creative Tokens " +
        "still unspent from it were taken back from your wallet. Balance after: 0 Creative Tokens.",
    );
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, friend.email), eq(emailOutbox.kind, "receipt")));
    expect(emails.map((e) => e.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Gift card refunded — /)]),
    );
    // The buyer's own receipt says the money is on its way.
    const buyerNotices = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(buyerNotices.map((n) => n.title)).toContain("Refund issued");
  });

  it("cannot be guessed: wrong codes are limited per account, and a declined card buys nothing", async () => {
    const client = await signedInClient();
    for (let i = 0; i < 5; i++)
      expect(notice(await redeem(client, `ASC-AAAA-BBBB-CCC${i}`)).message).toBe(
        "This gift card code is not valid.",
      );
    expect(notice(await redeem(client, "ASC-AAAA-BBBB-CCCC")).message).toMatch(
      /^Too many wrong codes\. Please wait \d+ minutes? and try again\.$/,
    );
    const declined = await buyGift({
      ...giftForm,
      recipientEmail: "declined@studio.example",
      card_number: "4000000000000002",
    });
    expect(declined.status).toBe(402);
    expect(
      await db().select().from(giftCards).where(eq(giftCards.recipientEmail, "declined@studio.example")),
    ).toHaveLength(0);
  });

  it("counts 40 guesses at once exactly: five are looked up, the rest wait; a real code costs no attempt", async () => {
    const guesser = await signedInClient();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        redeemGiftCard(guesser.id, `ASC-GGGG-HHHH-${String(i).padStart(4, "2")}`),
      ),
    );
    const statuses = answers.map((answer) => (answer.ok ? 200 : answer.status));
    expect(statuses.filter((status) => status === 404)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);

    // Real codes, right or already used, give their attempt back: only wrong ones are counted.
    const client = await signedInClient();
    const { code } = body<{ card: { code: string } }>(
      await buyGift({ ...giftForm, recipientEmail: "counted@studio.example" }),
    ).card;
    for (let i = 0; i < 4; i++)
      expect(await redeemGiftCard(client.id, `ASC-JJJJ-KKKK-MMM${i + 2}`)).toMatchObject({ status: 404 });
    expect(await redeemGiftCard(client.id, code)).toMatchObject({ ok: true });
    expect(await redeemGiftCard(client.id, code)).toMatchObject({ status: 409 });
    expect(await redeemGiftCard(client.id, "ASC-JJJJ-KKKK-MMMM")).toMatchObject({ status: 404 });
    expect(await redeemGiftCard(client.id, "ASC-JJJJ-KKKK-NNNN")).toMatchObject({ status: 429 });
  });
});

describe("referrals", () => {
  async function invite(referrer: Client, invitee: string): Promise<string> {
    await call(
      referralPage.action,
      formRequest(
        "/referrals",
        { referrer_name: referrer.username, referrer_email: referrer.email, invitee_email: invitee },
        { cookie: referrer.cookie },
      ),
    );
    const [row] = await db().select().from(referrals).where(eq(referrals.inviteeEmail, invitee));
    return row!.code;
  }

  it("links a signup to the invitation and rewards the referrer once, on the first purchase", async () => {
    const referrer = await signedInClient();
    const code = await invite(referrer, "newcomer@brand.example");
    expect((await call(signupPage.loader, getRequest(`/signup?ref=${code}`))).body).toEqual({
      referralCode: code,
    });

    const bad = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", {
        username: "newcomer0",
        email: "n0@brand.example",
        password: "secret12",
        referral_code: "NOPE2345",
      }),
    );
    expect(bad).toMatchObject({ status: 400, body: { referral_code: ["This referral code is not valid."] } });

    const signup = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", {
        username: "newcomer1",
        email: "newcomer@brand.example",
        password: "secret12",
        referral_code: code.toLowerCase(),
      }),
    );
    expect(signup.status).toBe(201);
    const { token, user } = body<{ token: string; user: { id: string } }>(signup);
    const [link] = await db().select().from(referralSignups).where(eq(referralSignups.inviteeId, user.id));
    expect(link).toMatchObject({ referrerId: referrer.id, rewardedAt: null });
    // A code works for one signup only.
    const reused = await call(
      signupPage.action,
      formRequest("/signup", {
        username: "newcomer2",
        email: "n2@brand.example",
        password: "secret12",
        confirmPassword: "secret12",
        referral_code: code,
      }),
    );
    expect(formErrors(reused)).toMatchObject({
      referral_code: ["This referral code has already been used."],
    });

    const newcomer = { id: user.id, token } as Client;
    const buy = () =>
      api.send(apiPurchaseTokens.action, newcomer, "POST", "/api/purchase-tokens/", {
        package_id: "essential",
      });
    expect((await buy()).status).toBe(201);
    expect(await getBalance(referrer.id)).toBe(25);
    expect((await buy()).status).toBe(201);
    await give(newcomer, 10);
    await api.send((await import("~/routes/api/billing/cart")).action, newcomer, "POST", "/api/cart/", {
      shop_item_id: "grain-overlay",
    });
    expect((await checkout(newcomer.id)).ok).toBe(true);
    expect(await getBalance(referrer.id)).toBe(25);
    const rewards = (await listLedger(referrer.id)).filter((e) => e.reason === "referral");
    expect(rewards).toHaveLength(1);
    await ledgerIsConsistent(referrer);
  });

  it("rewards an invitation sent without signing in to the account with the referrer's email", async () => {
    const referrer = await signedInClient();
    await call(
      referralPage.action,
      formRequest("/referrals", {
        referrer_name: "R",
        referrer_email: referrer.email.toUpperCase(),
        invitee_email: "anon-invite@brand.example",
      }),
    );
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.inviteeEmail, "anon-invite@brand.example"));
    const signup = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", {
        username: "anoninvitee",
        email: "anon-invite@brand.example",
        password: "secret12",
        referral_code: row!.code,
      }),
    );
    const { user } = body<{ user: { id: string } }>(signup);
    const [link] = await db().select().from(referralSignups).where(eq(referralSignups.inviteeId, user.id));
    expect(link?.referrerId).toBe(referrer.id);
  });
});
