import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { runSeed } from "~models/views/seed.server";
import * as apiCart from "~/routes/api/billing/cart";
import * as apiCartItem from "~/routes/api/billing/cart-item";
import * as apiCheckout from "~/routes/api/billing/checkout";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import { api, give, ledgerIsConsistent } from "./billing-helpers";
import { signedInClient, type Client } from "./project-helpers";

// Random bodies to every billing call that takes one: never a 5xx, and the
// ledger stays consistent whatever was accepted.

let client: Client;
beforeAll(async () => {
  await runSeed();
  client = await signedInClient();
  await give(client, 200);
});

const FIELDS = [
  "shop_item_id",
  "quantity",
  "package_id",
  "payment_method",
  "region",
  "plan_id",
  "payment_method_id",
  "card_number",
  "card_expiry",
  "card_cvc",
  "card_name",
  "idempotency_key",
  // The total a checkout was confirmed at (decision 0049).
  "expected_total",
];
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "essential",
    "popular",
    "starter",
    "grain-overlay",
    "launch-poster",
    "credit_card",
    "4242 4242 4242 4242",
    "4000000000000002",
    "12/39",
    "-1",
    "0",
    "1e9",
    "' OR 1=1 --",
  ),
  fc.integer({ min: -5, max: 20 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }), fc.anything());

describe("random bodies to the billing API", () => {
  it("never answer 5xx, and the balance always equals the ledger", async () => {
    const [line] =
      (await api
        .send(apiCart.action, client, "POST", "/api/cart/", { shop_item_id: "grain-overlay" })
        .then((r) => (r.body as { cart: { items: { id: string }[] } }).cart.items)) ?? [];
    const calls = [
      (payload: unknown) => api.send(apiCart.action, client, "POST", "/api/cart/", payload),
      (payload: unknown) =>
        api.send(apiCartItem.action, client, "PUT", `/api/cart-item/${line?.id}/`, payload, {
          id: line?.id ?? "",
        }),
      (payload: unknown) => api.send(apiCheckout.action, client, "POST", "/api/checkout/", payload),
      (payload: unknown) =>
        api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", payload),
      (payload: unknown) => api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", payload),
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: calls.length - 1 }), body, async (which, payload) => {
        const outcome = await calls[which]!(payload);
        expect(outcome.status).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    await ledgerIsConsistent(client);
  });
});
