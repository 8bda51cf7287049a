// The wallet's no-JS journeys (decision 0049): the checkout's confirm step,
// posted as a browser without JavaScript posts it. The preview is a page of
// its own; its form carries the total it showed, and nothing is spent before
// the client presses Confirm, nor when the cart changed meanwhile.
import { expect, test } from "vitest";
import { bearer, client, type Identity } from "./identities";
import { open, submit } from "./journeys";

type History = { transaction_type: string; amount: number }[];

async function stocked(label: string): Promise<{ who: Identity; balance: number }> {
  const who = await client(label);
  const api = who.visitor;
  const packages = (await (await api.get("/api/token-packages/")).json()) as { id: string }[];
  const bought = await api.post(
    "/api/purchase-tokens/",
    { json: { package_id: packages[0]!.id } },
    bearer(who),
  );
  expect(bought.ok).toBe(true);
  const { new_balance: balance } = (await bought.json()) as { new_balance: number };
  return { who, balance };
}
const addToCart = async (who: Identity, item: string) =>
  expect((await who.visitor.post("/api/cart/", { json: { shop_item_id: item } }, bearer(who))).status).toBe(
    201,
  );
const spends = async (who: Identity) =>
  ((await (await who.visitor.get("/api/token-history/", bearer(who))).json()) as History)
    .filter((row) => row.transaction_type === "spend")
    .map((row) => row.amount);

test.concurrent(
  "checkout without JavaScript: the cart leads to the preview, and confirming spends what it showed",
  async () => {
    const { who, balance } = await stocked("wallet");
    await addToCart(who, "studio-icon-set");
    const cart = await open(who.visitor, "/cart");
    // The cart itself has no spending form: Checkout is a link to the confirm step.
    expect(cart.links("Checkout")).toEqual(["/cart/checkout"]);
    const review = await open(who.visitor, "/cart/checkout");
    expect(review.status).toBe(200);
    expect(review.testIdText("spend-preview-cost")).toBe("10 tokens");
    expect(review.testIdText("spend-preview-balance")).toBe(`${balance} tokens`);
    expect(review.testIdText("spend-preview-after")).toBe(`${balance - 10} tokens`);
    expect(review.byTestId("spend-preview-lot")).toHaveLength(1);
    expect(review.testIdText("spend-preview-lot")).toContain("10 tokens · Token package");
    expect(await spends(who)).toEqual([]);

    const form = review.form({ button: "Confirm and spend 10 tokens" });
    const confirmed = await submit(review, form, {}, "Confirm and spend 10 tokens");
    // Done, the post leads to the order page (a reload of it posts nothing).
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toMatch(/^\/cart\/checkout\?complete=/);
    expect(confirmed.page.testIdText("action-notice")).toContain(
      `Checkout successful! You spent 10 Creative Tokens and now have ${balance - 10} tokens remaining.`,
    );
    expect(confirmed.page.html).toContain("<title>Order complete — Ascendra</title>");
    // Posted again (a double submit, the back button): charged once, the same order.
    const again = await submit(review, form, {}, "Confirm and spend 10 tokens");
    expect(again.location).toBe(confirmed.location);
    expect(again.page.testIdText("action-notice")).toContain(
      "Checkout successful! You spent 10 Creative Tokens",
    );
    expect(await spends(who)).toEqual([-10]);
  },
);

test.concurrent("checkout without JavaScript: a cart changed after the preview is not charged", async () => {
  const { who, balance } = await stocked("walletchanged");
  await addToCart(who, "studio-icon-set");
  const review = await open(who.visitor, "/cart/checkout");
  expect(review.testIdText("spend-preview-cost")).toBe("10 tokens");
  await addToCart(who, "launch-poster");
  const refused = await submit(
    review,
    review.form({ button: "Confirm and spend 10 tokens" }),
    {},
    "Confirm and spend 10 tokens",
  );
  expect(refused.status).toBe(409);
  expect(refused.page.testIdText("action-notice")).toContain(
    "Your cart changed after you reviewed it, so nothing was spent. Check the new total and confirm again.",
  );
  // The page shows the new total, to confirm again.
  expect(refused.page.testIdText("spend-preview-cost")).toBe("15 tokens");
  expect(refused.page.testIdText("spend-preview-after")).toBe(`${balance - 15} tokens`);
  expect(await spends(who)).toEqual([]);
});

test.concurrent("the old cart form post spends nothing: it goes to the confirm step", async () => {
  const { who } = await stocked("walletold");
  await addToCart(who, "studio-icon-set");
  const cart = await open(who.visitor, "/cart");
  const posted = await who.visitor.post("/cart", { form: { intent: "checkout" } });
  expect(posted.status).toBe(303);
  expect(posted.headers.get("location")).toBe("/cart/checkout");
  expect(cart.status).toBe(200);
  expect(await spends(who)).toEqual([]);
});
