// Which gateway takes money (docs/decisions/0036): with none set up, no order
// is paid for or fulfilled, through the pages or the API, and nothing is written.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { configurePayments } from "~models/billing/gateway-setup.server";
import { paymentMode, setPaymentGateway, testGateway } from "~models/billing/payments.server";
import { GATEWAY_MESSAGES } from "~models/billing/gateway-messages";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { giftCards, payments, subscriptions } from "~models/schema";
import { getBalance } from "~models/billing/tokens.server";
import { renewSubscription, subscribe } from "~models/billing/subscriptions.server";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import * as subscribePage from "~/routes/dashboard/subscribe";
import * as giftPage from "~/routes/gift";
import { api, body } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});
afterEach(() => {
  setPaymentGateway(testGateway);
});

const card = {
  card_number: "4242 4242 4242 4242",
  card_expiry: "12/40",
  card_cvc: "123",
  card_name: "Asha Rao",
};

describe("payments not set up (production without a gateway)", () => {
  it("the API refuses every order with 503 and writes nothing", async () => {
    configurePayments({ mode: "none" });
    expect(paymentMode()).toBe("none");
    const client = await signedInClient();
    // The request that minted free tokens before: package_id alone.
    const bare = await api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", {
      package_id: "essential",
    });
    expect(bare).toMatchObject({ status: 503, body: { error: GATEWAY_MESSAGES.notSetUp } });
    const withCard = await api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", {
      package_id: "essential",
      ...card,
    });
    expect(withCard.status).toBe(503);
    const plan = await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
      plan_id: "social",
    });
    expect(plan.status).toBe(503);
    expect(await getBalance(client.id)).toBe(0);
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toEqual([]);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id))).toEqual([]);
  });

  it("the payment pages say so and show no payment form; a post anyway fulfils nothing", async () => {
    configurePayments({ mode: "none" });
    const client = await signedInClient();
    const tokensPage = body<{ mode: string }>(
      await call(buyTokensPage.loader, getRequest("/dashboard2/billing/tokens", { cookie: client.cookie })),
    );
    expect(tokensPage.mode).toBe("none");
    const posted = await call(
      buyTokensPage.action,
      formRequest(
        "/dashboard2/billing/tokens",
        { package_id: "essential", region: "in", idempotency_key: "no-gateway-key-1", ...card },
        { cookie: client.cookie },
      ),
    );
    expect(posted.status).toBe(503);
    expect(JSON.stringify(posted.body)).toContain(GATEWAY_MESSAGES.notSetUp);

    const planPage = body<{ mode: string }>(
      await call(
        subscribePage.loader,
        getRequest("/dashboard2/billing/plans/social", { cookie: client.cookie }),
        { planId: "social" },
      ),
    );
    expect(planPage.mode).toBe("none");
    const gift = await call(
      giftPage.action,
      formRequest("/gift", {
        amount: "5000",
        recipientName: "Ravi",
        recipientEmail: "ravi@example.com",
        senderName: "Asha",
        senderEmail: "asha@example.com",
        idempotency_key: "no-gateway-gift-1",
        ...card,
      }),
    );
    expect(gift.status).toBe(503);
    expect(await db().select().from(giftCards)).toEqual([]);
    expect(await getBalance(client.id)).toBe(0);
  });

  it("a plan that falls due while payments are off is neither renewed nor ended", async () => {
    const client = await signedInClient();
    const start = new Date("2026-01-10T10:00:00Z");
    const subscribed = await subscribe(
      client.id,
      { plan_id: "social", payment_method: "credit_card", card: null },
      start,
    );
    expect(subscribed.ok).toBe(true);
    configurePayments({ mode: "none" });
    expect(
      await renewSubscription(
        (subscribed as { subscriptionId: string }).subscriptionId,
        new Date("2026-02-11T00:00:00Z"),
      ),
    ).toBe(0);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(row).toMatchObject({ status: "active", endReason: null });
  });

  it("the test gateway is the default outside production, and says so on the pages", async () => {
    configurePayments({ mode: "test" });
    expect(paymentMode()).toBe("test");
    const client = await signedInClient();
    const page = body<{ mode: string }>(
      await call(buyTokensPage.loader, getRequest("/dashboard2/billing/tokens", { cookie: client.cookie })),
    );
    expect(page.mode).toBe("test");
  });
});
