import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { runJobs } from "~models/billing/jobs.server";
import { getBalance, grantTokens, listLedger, spendTokens } from "~models/billing/tokens.server";
import { tokenExpiry } from "~models/billing/tokens";
import { previewSpend, sendExpiryReminders, soonestExpiry } from "~models/billing/wallet.server";
import { runSeed } from "~models/content/seed.server";
import { db, openDatabase, runWithDatabase } from "~models/platform/db.server";
import { setNotificationPreferences } from "~models/platform/notifications.server";
import { createEmptyTestDatabase } from "~models/platform/testing.server";
import {
  checkouts,
  emailOutbox,
  notifications,
  purchases,
  tokenAllocations,
  tokenExpiryReminders,
  tokenLots,
} from "~models/schema";
import * as apiCart from "~/routes/api/billing/cart";
import * as apiCheckout from "~/routes/api/billing/checkout";
import * as confirmPage from "~/routes/billing/checkout-confirm";
import * as dashboardHome from "~/routes/dashboard/index";
import { api, body, give, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest, type Outcome } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

// The wallet (decision 0049): the spend preview against what the ledger then
// draws, the checkout's confirm step, expiry reminders once each, the
// dashboard's expiry line.

const DAY = 24 * 60 * 60 * 1000;
const template = inject("testDatabase");
const postgres = template.kind === "postgres" ? template : null;

beforeAll(async () => {
  await runSeed();
});

const addItem = (client: Client, id: string, quantity?: number) =>
  api.send(apiCart.action, client, "POST", "/api/cart/", {
    shop_item_id: id,
    ...(quantity ? { quantity } : {}),
  });

/** Grants issued `daysAgo` days ago (so they expire 90 − daysAgo days from now). */
const grantAged = (client: { id: string }, amount: number, daysAgo: number, now = new Date()) =>
  grantTokens({
    userId: client.id,
    amount,
    reason: daysAgo > 20 ? "token_purchase" : "subscription",
    now: new Date(now.getTime() - daysAgo * DAY),
  });

/** What a ledger row drew from each grant, oldest first: [tokens, the grant's expiry]. */
async function drawnBy(entryId: string): Promise<[number, number][]> {
  const rows = await db()
    .select({ amount: tokenAllocations.amount, expiresAt: tokenLots.expiresAt })
    .from(tokenAllocations)
    .innerJoin(tokenLots, eq(tokenLots.id, tokenAllocations.lotId))
    .where(eq(tokenAllocations.entryId, entryId))
    .orderBy(asc(tokenLots.expiresAt));
  return rows.map((r) => [r.amount, r.expiresAt.getTime()]);
}

type PageData = {
  preview: {
    cost: number;
    balance: number;
    after: number;
    enough: boolean;
    lots: { tokens: number; expiresAt: Date; source: string }[];
  };
  checkoutKey: string;
};
const confirmPageOf = async (client: Client) =>
  body<PageData>(await call(confirmPage.loader, getRequest("/cart/checkout", { cookie: client.cookie })));
const confirm = (client: Client, fields: Record<string, string>) =>
  call(
    confirmPage.action,
    formRequest("/cart/checkout", { intent: "checkout", ...fields }, { cookie: client.cookie }),
  );
const noticeOf = (outcome: Outcome) => body<{ notice: { tone: string; message: string } }>(outcome).notice;
/** A checkout that went through leads to its order page: what that page says. */
const completedOf = async (client: Client, outcome: Outcome) => {
  expect(outcome.status).toBe(303);
  const location = outcome.headers.get("location")!;
  expect(location).toMatch(/^\/cart\/checkout\?complete=/);
  return body<{ complete: { message: string; purchases: { shop_item: { name: string } }[] } }>(
    await call(confirmPage.loader, getRequest(location, { cookie: client.cookie })),
  ).complete;
};

describe("the spend preview", () => {
  it("names exactly the grants and amounts spendTokens then draws, oldest first", async () => {
    const client = await signedInClient();
    const now = new Date();
    await grantAged(client, 7, 10, now);
    await grantAged(client, 5, 60, now);
    await grantAged(client, 30, 0, now);
    await grantAged(client, 4, 30, now);
    const preview = await previewSpend(client.id, 14, now);
    expect(preview).toMatchObject({ cost: 14, balance: 46, after: 32, enough: true });
    expect(preview.lots.map((l) => [l.tokens, l.source])).toEqual([
      [5, "Token package"],
      [4, "Token package"],
      [5, "Subscription tokens"],
    ]);
    const spent = await spendTokens({ userId: client.id, amount: 14, reason: "shop_checkout", now });
    expect(spent.ok).toBe(true);
    if (!spent.ok) return;
    expect(await drawnBy(spent.entry.id)).toEqual(preview.lots.map((l) => [l.tokens, l.expiresAt.getTime()]));
    expect(spent.balance).toBe(preview.after);
  });

  it("leaves out expired grants the same way the spend does", async () => {
    const client = await signedInClient();
    const now = new Date();
    await grantAged(client, 50, 91, now);
    await grantAged(client, 6, 5, now);
    const preview = await previewSpend(client.id, 6, now);
    expect(preview).toMatchObject({ balance: 6, after: 0, enough: true });
    expect(preview.lots).toHaveLength(1);
    expect(await previewSpend(client.id, 7, now)).toMatchObject({ enough: false, lots: [], after: 6 });
  });
});

describe("the checkout's confirm step", () => {
  it("shows the cart's cost, the balance after and the grants, and confirming spends exactly that", async () => {
    const client = await signedInClient();
    const now = new Date();
    await grantAged(client, 10, 40, now);
    await grantAged(client, 30, 2, now);
    await addItem(client, "studio-icon-set");
    await addItem(client, "launch-poster");
    const page = await confirmPageOf(client);
    expect(page.preview).toMatchObject({ cost: 15, balance: 40, after: 25, enough: true });
    expect(page.preview.lots.map((l) => l.tokens)).toEqual([10, 5]);

    const done = await confirm(client, {
      idempotency_key: page.checkoutKey,
      expected_total: String(page.preview.cost),
    });
    const order = await completedOf(client, done);
    expect(order.message).toBe(
      "Checkout successful! You spent 15 Creative Tokens and now have 25 tokens remaining.",
    );
    expect(order.purchases.map((p) => p.shop_item.name).sort()).toEqual(["Launch Poster", "Studio Icon Set"]);
    const [bought] = await db().select().from(purchases).where(eq(purchases.userId, client.id)).limit(1);
    const [made] = await db().select().from(checkouts).where(eq(checkouts.id, bought!.checkoutId!));
    expect(await drawnBy(made!.ledgerId)).toEqual(
      page.preview.lots.map((l) => [l.tokens, new Date(l.expiresAt).getTime()]),
    );
    expect(await ledgerIsConsistent(client)).toBe(25);
  });

  it("spends nothing when the cart changed after the preview, and says so", async () => {
    const client = await signedInClient();
    await give(client, 40);
    await addItem(client, "studio-icon-set");
    const page = await confirmPageOf(client);
    await addItem(client, "launch-poster");
    const refused = await confirm(client, {
      idempotency_key: page.checkoutKey,
      expected_total: String(page.preview.cost),
    });
    expect(refused.status).toBe(409);
    expect(noticeOf(refused).message).toBe(
      "Your cart changed after you reviewed it, so nothing was spent. Check the new total and confirm again.",
    );
    expect(await getBalance(client.id)).toBe(40);
    // Without the total it showed, the step spends nothing either.
    const bare = await confirm(client, { idempotency_key: page.checkoutKey });
    expect(bare.status).toBe(400);
    expect(await getBalance(client.id)).toBe(40);
  });

  it("POST /api/checkout/ with the total the client confirmed: another total spends nothing", async () => {
    const client = await signedInClient();
    await give(client, 30);
    await addItem(client, "studio-icon-set");
    const refused = await api.send(apiCheckout.action, client, "POST", "/api/checkout/", {
      expected_total: 9,
    });
    expect(refused.status).toBe(409);
    expect(body<{ error: string }>(refused).error).toBe(
      "Your cart changed after you reviewed it, so nothing was spent. Check the new total and confirm again.",
    );
    expect(await getBalance(client.id)).toBe(30);
    const done = await api.send(apiCheckout.action, client, "POST", "/api/checkout/", { expected_total: 10 });
    expect(body(done)).toMatchObject({ total_tokens_spent: 10, remaining_tokens: 20 });
  });

  it("answers a short balance with the existing message and spends nothing", async () => {
    const client = await signedInClient();
    await give(client, 12);
    await addItem(client, "studio-icon-set");
    const page = await confirmPageOf(client);
    expect(page.preview).toMatchObject({ cost: 10, enough: true });
    // Spent elsewhere meanwhile (another tab, a staff adjustment).
    await spendTokens({ userId: client.id, amount: 5, reason: "project" });
    const refused = await confirm(client, {
      idempotency_key: page.checkoutKey,
      expected_total: "10",
    });
    expect(refused.status).toBe(409);
    expect(noticeOf(refused).message).toBe(
      "Insufficient Creative Tokens! You need 10 tokens but have 7 tokens.",
    );
    expect(await getBalance(client.id)).toBe(7);
    expect((await confirmPageOf(client)).preview).toMatchObject({ enough: false, balance: 7, lots: [] });
  });

  it("parallel confirms and API checkouts of one cart: one is charged, exactly the previewed tokens", async () => {
    const client = await signedInClient();
    await give(client, 25);
    await give(client, 25);
    for (const id of ["studio-icon-set", "abstract-hero", "content-calendar"]) await addItem(client, id);
    const page = await confirmPageOf(client);
    const cost = page.preview.cost;
    expect(cost).toBe(24);
    const outcomes = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        confirm(client, { idempotency_key: `wallet-parallel-${i}`, expected_total: String(cost) }),
      ),
      ...Array.from({ length: 4 }, () =>
        confirm(client, { idempotency_key: page.checkoutKey, expected_total: String(cost) }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        api.send(apiCheckout.action, client, "POST", "/api/checkout/", {
          idempotency_key: `wallet-api-${i}`,
          expected_total: cost,
        }),
      ),
    ]);
    // One spend; every other answer is the empty cart, or the first checkout again for its own key.
    const spends = (await listLedger(client.id)).filter((entry) => entry.reason === "shop_checkout");
    expect(spends.map((entry) => entry.delta)).toEqual([-cost]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 303).every((o) => o.status === 400)).toBe(
      true,
    );
    expect(await drawnBy(spends[0]!.id)).toEqual(
      page.preview.lots.map((l) => [l.tokens, new Date(l.expiresAt).getTime()]),
    );
    expect(await getBalance(client.id)).toBe(50 - cost);
    expect(await db().select().from(purchases).where(eq(purchases.userId, client.id))).toHaveLength(3);
    expect(await ledgerIsConsistent(client)).toBe(50 - cost);
  });
});

describe("expiry reminders", () => {
  async function remindersOf(client: { id: string }) {
    return db()
      .select({ days: tokenExpiryReminders.daysBefore, tokens: tokenExpiryReminders.tokens })
      .from(tokenExpiryReminders)
      .where(eq(tokenExpiryReminders.userId, client.id))
      .orderBy(asc(tokenExpiryReminders.sentAt));
  }
  const noticesOf = (client: { id: string }) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.title, "Tokens expire soon")))
      .orderBy(asc(notifications.createdAt));
  const emailsTo = (client: { email: string }) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), eq(emailOutbox.kind, "token_expiry")))
      .orderBy(asc(emailOutbox.createdAt));

  it("go out 30, 7 and 1 days before a grant expires, once each, however often and concurrently the job runs", async () => {
    const client = await signedInClient();
    const issued = new Date("2026-03-01T12:00:00Z");
    await grantTokens({ userId: client.id, amount: 120, reason: "token_purchase", now: issued });
    const expires = tokenExpiry(issued);
    const at = (daysBefore: number) => new Date(expires.getTime() - daysBefore * DAY);
    const twiceAtOnce = async (now: Date) => {
      const reports = await Promise.all([
        runJobs(now, { siteUrl: "https://portal.example" }),
        runJobs(now, { siteUrl: "https://portal.example" }),
      ]);
      await runJobs(now, { siteUrl: "https://portal.example" });
      return reports;
    };

    await twiceAtOnce(at(31));
    expect(await remindersOf(client)).toEqual([]);
    await twiceAtOnce(at(30));
    await twiceAtOnce(at(29));
    await twiceAtOnce(at(7));
    await twiceAtOnce(at(1.5));
    await twiceAtOnce(at(1));
    await twiceAtOnce(at(0.01));
    expect(await remindersOf(client)).toEqual([
      { days: 30, tokens: 120 },
      { days: 7, tokens: 120 },
      { days: 1, tokens: 120 },
    ]);
    const notices = await noticesOf(client);
    expect(notices.map((n) => n.message)).toEqual([
      "120 Creative Tokens expire on 30 May (in 30 days). Spend them in the shop before then.",
      "120 Creative Tokens expire on 30 May (in 7 days). Spend them in the shop before then.",
      "120 Creative Tokens expire on 30 May (within a day). Spend them in the shop before then.",
    ]);
    expect(notices.every((n) => n.link === "/dashboard2/shop" && n.type === "warning")).toBe(true);
    const emails = await emailsTo(client);
    expect(emails.map((e) => e.subject)).toEqual([
      "120 Creative Tokens expire on 30 May 2026",
      "120 Creative Tokens expire on 30 May 2026",
      "120 Creative Tokens expire on 30 May 2026",
    ]);
    for (const email of emails) {
      expect(email.text).toContain("Spend them: https://portal.example/dashboard2/shop");
      expect(email.html).toContain('<a href="https://portal.example/dashboard2/shop"');
    }
    // After expiry, nothing more.
    await twiceAtOnce(new Date(expires.getTime() + DAY));
    expect(await remindersOf(client)).toHaveLength(3);
  });

  it("send only the nearest reminder when the job did not run for a while, and none for spent grants", async () => {
    const client = await signedInClient();
    const issued = new Date("2026-04-01T00:00:00Z");
    await grantTokens({ userId: client.id, amount: 40, reason: "token_purchase", now: issued });
    const spentGrant = await grantTokens({
      userId: client.id,
      amount: 10,
      reason: "subscription",
      now: new Date(issued.getTime() - 2 * DAY),
    });
    await spendTokens({ userId: client.id, amount: 10, reason: "project", now: issued });
    expect(spentGrant.entry.id).toBeTruthy();
    const expires = tokenExpiry(issued);
    const report = await sendExpiryReminders(new Date(expires.getTime() - 5 * DAY));
    expect(report.reminded).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(client)).toEqual([{ days: 7, tokens: 40 }]);
    expect((await noticesOf(client)).map((n) => n.message)).toEqual([
      "40 Creative Tokens expire on 30 Jun (in 5 days). Spend them in the shop before then.",
    ]);
  });

  it("write the notification but no email when the client switched email off", async () => {
    const client = await signedInClient();
    await setNotificationPreferences(client.id, { email: false });
    const issued = new Date("2026-05-01T00:00:00Z");
    await grantTokens({ userId: client.id, amount: 9, reason: "gift_card", now: issued });
    await sendExpiryReminders(new Date(tokenExpiry(issued).getTime() - 7 * DAY));
    expect(await noticesOf(client)).toHaveLength(1);
    expect(await emailsTo(client)).toEqual([]);
  });
});

describe("the dashboard's expiry line", () => {
  it("shows the soonest expiring tokens, grants of the same day added up", async () => {
    const client = await signedInClient();
    type Home = { waiting: { key: string; text: string }[] };
    const expiryOf = (home: Home) => home.waiting.find((item) => item.key === "token-expiry");
    const none = body<Home>(
      await call(dashboardHome.loader, getRequest("/dashboard2", { cookie: client.cookie })),
    );
    expect(expiryOf(none)).toBeUndefined();
    const now = new Date();
    await grantAged(client, 30, 0, now);
    // Two grants a few minutes apart, the same UTC day; and a later one.
    const early = new Date(now.getTime() - 40 * DAY);
    const sameDay = new Date(Date.UTC(early.getUTCFullYear(), early.getUTCMonth(), early.getUTCDate(), 1));
    await grantTokens({ userId: client.id, amount: 70, reason: "token_purchase", now: sameDay });
    await grantTokens({
      userId: client.id,
      amount: 50,
      reason: "token_purchase",
      now: new Date(sameDay.getTime() + 60_000),
    });
    const soonest = await soonestExpiry(client.id, now);
    expect(soonest).toEqual({ tokens: 120, expiresAt: tokenExpiry(sameDay) });
    const page = body<Home>(
      await call(dashboardHome.loader, getRequest("/dashboard2", { cookie: client.cookie })),
    );
    const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
      tokenExpiry(sameDay),
    );
    expect(expiryOf(page)?.text).toBe(`120 tokens expire on ${day}`);
  });
});

describe.skipIf(!postgres)("expiry reminders across processes", () => {
  it("go out once when two processes run the job at the same moment", async () => {
    const database = await createEmptyTestDatabase(postgres!, "wallet_jobs");
    const first = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
    const second = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
    try {
      const issued = new Date("2026-02-01T00:00:00Z");
      const clients = await runWithDatabase(first, async () => {
        await runSeed();
        const clients = [await signedInClient(), await signedInClient()];
        for (const c of clients) {
          await grantTokens({ userId: c.id, amount: 20, reason: "token_purchase", now: issued });
          await grantTokens({ userId: c.id, amount: 5, reason: "subscription", now: issued });
        }
        return clients;
      });
      const now = new Date(tokenExpiry(issued).getTime() - 7 * DAY);
      const reports = await Promise.all([
        runWithDatabase(first, () => runJobs(now)),
        runWithDatabase(second, () => runJobs(now)),
        runWithDatabase(second, () => sendExpiryReminders(now)),
        runWithDatabase(first, () => sendExpiryReminders(now)),
      ]);
      expect(reports.length).toBe(4);
      await runWithDatabase(first, async () => {
        const ids = clients.map((c) => c.id);
        const sent = await db()
          .select()
          .from(tokenExpiryReminders)
          .where(inArray(tokenExpiryReminders.userId, ids));
        expect(sent).toHaveLength(4);
        const notices = await db()
          .select()
          .from(notifications)
          .where(and(inArray(notifications.userId, ids), eq(notifications.title, "Tokens expire soon")));
        expect(notices).toHaveLength(4);
        const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "token_expiry"));
        expect(emails).toHaveLength(4);
      });
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });
});
