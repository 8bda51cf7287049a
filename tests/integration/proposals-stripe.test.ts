// A proposal's deposit through Stripe's hosted checkout (decisions 0036, 0084), without network: the
// client's page answers 303 to Stripe's page; only the signed webhook marks the payment paid and opens
// the project, once however often and however concurrently the event arrives.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurePayments } from "~models/billing/gateway-setup.server";
import { setPaymentGateway, testGateway } from "~models/billing/payments.server";
import { RECEIPT_EMAIL_KIND } from "~models/billing/receipt-email.server";
import { db } from "~models/platform/db.server";
import { deliveryClocks, emailOutbox, payments, projects, proposals } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as webhook from "~/routes/api/webhooks/stripe";
import * as proposalPage from "~/routes/proposals/detail";
import { startStripeDouble, type StripeDouble } from "../stripe-double/double";
import { signedProposal } from "./admin-helpers";
import { call, formRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

const SECRET = "whsec_proposalsecret";
let double: StripeDouble;

async function deliver(payload: string, signature: string): Promise<number> {
  const request = new Request("http://127.0.0.1/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return (await call(webhook.action as never, request)).status;
}

beforeAll(async () => {
  await runSeed();
  double = await startStripeDouble({ webhookSecret: SECRET, deliver });
  configurePayments({
    mode: "stripe",
    secretKey: "sk_test_integration",
    webhookSecret: SECRET,
    apiUrl: double.url,
  });
});
afterAll(async () => {
  setPaymentGateway(testGateway);
  await double?.stop();
});

describe("a proposal's deposit through Stripe Checkout", () => {
  it("goes to Stripe's page; the webhook opens one project, however often it comes", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const proposalId = await signedProposal(client, staff.id, {
      title: "Website for Tidewater",
      scope: "Five pages.",
      currency: "EUR",
      category: "website",
      depositPercent: 40,
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      deliveryDays: 30,
      lines: [{ description: "Pages", quantity: 5, unitAmount: 80_000 }],
    });

    const path = `/proposals/${proposalId}`;
    // The form posts no amount; a tampered one would be ignored anyway.
    const posted = await call(
      proposalPage.action,
      formRequest(
        path,
        { intent: "pay", payment_method: "credit_card", amount: "1" },
        { cookie: client.cookie },
      ),
      { id: proposalId },
    );
    expect(posted.status).toBe(303);
    const url = posted.headers.get("Location")!;
    expect(url.startsWith(`${double.url}/pay/`)).toBe(true);
    const [payment] = await db().select().from(payments).where(eq(payments.userId, client.id));
    expect(payment).toMatchObject({
      kind: "proposal_deposit",
      status: "pending",
      amountMinor: 160_000,
      currency: "EUR",
    });
    expect(await db().select().from(projects).where(eq(projects.userId, client.id))).toHaveLength(0);

    const [completed] = await double.pay(url.split("/pay/")[1]!);
    const { payload, signature } = double.sign(completed!);
    expect(await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)))).toEqual([
      200, 200, 200, 200, 200,
    ]);
    const opened = await db().select().from(projects).where(eq(projects.userId, client.id));
    expect(opened).toHaveLength(1);
    const [clock] = await db()
      .select()
      .from(deliveryClocks)
      .where(eq(deliveryClocks.projectId, opened[0]!.id));
    expect(clock!.promisedDays).toBe(30);
    const [row] = await db().select().from(proposals).where(eq(proposals.id, proposalId));
    expect(row).toMatchObject({ status: "paid", projectId: opened[0]!.id, depositPaymentId: payment!.id });
    const receipts = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), eq(emailOutbox.kind, RECEIPT_EMAIL_KIND)));
    expect(receipts).toHaveLength(1);
    expect(double.problems).toEqual([]);
  });
});
