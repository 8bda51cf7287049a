// Billing's no-JS journeys, posted as a browser without JavaScript posts them
// (moved from tests/e2e/billing.spec.ts and account-billing.spec.ts, issue 17;
// "buy tokens, add to cart, checkout, download until the limit" stays there as
// this family's no-JS journey).
import { expect, test } from "vitest";
import { anonymous, client } from "./identities";
import { attr, findAll, textOf, type Element } from "./html";
import { labelOf, namedIn, open, submit, valueOf, type Page } from "./journeys";

const card = (number = "4242 4242 4242 4242") => ({
  card_number: number,
  card_expiry: "12/39",
  card_cvc: "123",
  card_name: "Asha Rao",
});

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const textsOf = (page: Page, testId: string) => page.byTestId(testId).map((el) => squash(textOf(el)));

/** The one link named `name` on the page; its href. */
function linkTo(page: Page, name: string | RegExp): string {
  const hrefs = page.links(name);
  expect(hrefs.length, `link ${String(name)} on ${page.url}`).toBeGreaterThanOrEqual(1);
  return hrefs[0]!;
}

test.concurrent("subscribe to a plan, then cancel it", async () => {
  const { visitor } = await client("plan");
  const billing = await open(visitor, "/dashboard2/billing");
  expect(billing.testIdText("current-plan")).toContain("Free");
  const planPath = linkTo(billing, "Subscribe to STARTER");
  expect(planPath).toBe("/dashboard2/billing/plans/starter");
  const plan = await open(visitor, planPath);
  const subscribed = await submit(
    plan,
    plan.form({ id: "subscribe" }),
    card(),
    "Subscribe for ₹14,999 a month",
  );
  subscribed.page.expectText("Successfully subscribed to STARTER! Your plan is now active.");

  const mine = await open(visitor, linkTo(subscribed.page, "See your plan"));
  expect(mine.testIdText("current-plan")).toContain("STARTER");
  expect(mine.testIdText("plan-status")).toContain("Active · renews");
  expect(mine.testIdText("billing-balance")).toBe("60");
  expect(mine.testIdText("subscription-history")).toContain("Present");
  expect(mine.testIdText("current-plan")).toContain(
    "Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.",
  );

  const cancelled = await submit(
    mine,
    mine.form({ button: "Yes, cancel my plan" }),
    {},
    "Yes, cancel my plan",
  );
  expect(cancelled.page.testIdText("action-notice")).toContain(
    "Subscription cancelled successfully. You will have access until the end of your billing period.",
  );
  expect(cancelled.page.testIdText("plan-status")).toContain("Cancelled · access until");
  expect(cancelled.page.testIdText("current-plan")).not.toContain("Cancel Plan");
});

test.concurrent(
  "gift cards in euros and in dollars: the buyer picks, the page, the card and the redemption say the currency",
  async () => {
    const { visitor } = anonymous();
    const first = await open(visitor, "/gift");
    // No language that names a currency: rupees, with the other two a link away.
    expect(valueOf(first.form({ id: "gift-card" }), "region")).toBe("in");
    expect(linkTo(first, /EUR/)).toBe("/gift?currency=EUR");
    const euros = await open(visitor, "/gift?currency=EUR");
    let form = euros.form({ id: "gift-card" });
    expect(valueOf(form, "region")).toBe("eu");
    expect(valueOf(form, "amount")).toBe("150");
    expect(euros.testIdText("gift-total")).toBe("€150");
    expect(euros.testIdText("gift-tokens")).toBe("136 Creative Tokens");
    const custom = findAll(form.element, (el) => attr(el, "name") === "customAmount")[0]!;
    expect(attr(custom, "placeholder")).toBe("15 - 1,200");
    const details = {
      recipientName: "Meera",
      recipientEmail: "meera.eu@studio.example",
      senderName: "Ravi",
      senderEmail: "ravi.eu@brand.example",
    };
    // A rupee-sized amount is out of the euro range.
    const tooMuch = await submit(euros, form, { ...details, customAmount: "5000", ...card() }, "Purchase");
    tooMuch.page.expectText("Enter an amount between €15 and €1,200.");
    form = tooMuch.page.form({ id: "gift-card" });
    expect(valueOf(form, "region")).toBe("eu");
    const bought = await submit(
      tooMuch.page,
      form,
      { ...details, amount: "300", customAmount: "", ...card() },
      "Purchase",
    );
    expect(squash(bought.page.testIdText("gift-success"))).toContain("€300 for Meera, paid in EUR.");
    const euroCode = bought.page.testIdText("gift-code");

    const dollars = await open(visitor, "/gift?currency=USD");
    form = dollars.form({ id: "gift-card" });
    expect(valueOf(form, "region")).toBe("us");
    const paid = await submit(
      dollars,
      form,
      { ...details, recipientEmail: "meera.us@studio.example", amount: "50", ...card() },
      "Purchase",
    );
    expect(squash(paid.page.testIdText("gift-success"))).toContain("$50 for Meera, paid in USD.");
    const dollarCode = paid.page.testIdText("gift-code");

    // Redeemed by a client whose own currency is rupees: each card at its own currency's rate.
    const friend = await client("giftee-currencies");
    let billing = await open(friend.visitor, "/dashboard2/billing");
    const euro = await submit(billing, billing.form({ button: "Redeem" }), { code: euroCode }, "Redeem");
    expect(euro.page.testIdText("redeem-notice")).toContain(
      "Gift card redeemed: €300 became 272 Creative Tokens.",
    );
    billing = euro.page;
    const dollar = await submit(billing, billing.form({ button: "Redeem" }), { code: dollarCode }, "Redeem");
    expect(dollar.page.testIdText("redeem-notice")).toContain(
      "Gift card redeemed: $50 became 41 Creative Tokens.",
    );
    expect(dollar.page.testIdText("billing-balance")).toBe("313");
  },
);

test.concurrent("buy a gift card, then redeem it in another account", async () => {
  const page = await open(anonymous().visitor, "/gift");
  let form = page.form({ id: "gift-card" });
  expect(valueOf(form, "amount")).toBe("15000");
  const custom = findAll(form.element, (el) => attr(el, "name") === "customAmount")[0]!;
  expect(attr(custom, "placeholder")).toBe("1,000 - 1,00,000");
  const details = {
    amount: "5000",
    recipientName: "Meera",
    recipientEmail: "meera@studio.example",
    senderName: "Ravi",
    senderEmail: "ravi@brand.example",
  };
  const declined = await submit(page, form, { ...details, ...card("4000 0000 0000 0002") }, "Purchase");
  declined.page.expectText("Your card was declined. Please use a different card; you have not been charged.");
  form = declined.page.form({ id: "gift-card" });
  expect(valueOf(form, "amount")).toBe("5000");
  const bought = await submit(declined.page, form, { ...details, ...card() }, "Purchase");
  expect(
    bought.page.named("h2", "Gift card purchased successfully!").length +
      bought.page.named("h1", "Gift card purchased successfully!").length,
  ).toBe(1);
  expect(bought.page.testIdText("gift-success")).toContain("₹5,000 for Meera");
  const code = bought.page.testIdText("gift-code");
  expect(code).toMatch(/^ASC-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  const friend = await client("giftee");
  const billing = await open(friend.visitor, "/dashboard2/billing");
  const redeemed = await submit(billing, billing.form({ button: "Redeem" }), { code }, "Redeem");
  expect(redeemed.page.testIdText("redeem-notice")).toContain(
    "Gift card redeemed: ₹5,000 became 50 Creative Tokens.",
  );
  expect(redeemed.page.testIdText("billing-balance")).toBe("50");
  const again = await submit(redeemed.page, redeemed.page.form({ button: "Redeem" }), { code }, "Redeem");
  expect(again.page.testIdText("redeem-notice")).toContain("This gift card has already been redeemed.");
});

test.concurrent(
  "pay with the test card and save it, then Billing & Payments shows the plan, the receipt, the card, and Total spent is real",
  async () => {
    const { visitor } = await client("receipts");
    const tokens = await open(visitor, "/dashboard2/billing/tokens?package=essential");
    const first = await submit(
      tokens,
      tokens.form({ button: "Pay and add tokens" }),
      { ...card(), save_card: "on" },
      "Pay and add tokens",
    );
    first.page.expectText("Success! You purchased 50 Creative Tokens. Your new balance is 50 tokens.");

    // The next payment offers the saved card, chosen by default; paying with it needs no card fields.
    const again = await open(visitor, "/dashboard2/billing/tokens?package=essential");
    const form = again.form({ button: "Pay and add tokens" });
    const chosen = valueOf(form, "payment_method_id");
    const radio = findAll(
      again.doc,
      (el) =>
        el.tagName === "input" &&
        attr(el, "type") === "radio" &&
        attr(el, "name") === "payment_method_id" &&
        attr(el, "value") === chosen,
    )[0];
    expect(radio, `the checked saved card (${chosen}) is a radio`).toBeDefined();
    expect(squash(textOf((radio as unknown as { parentNode: Element }).parentNode))).toMatch(
      /^Visa •••• 4242/,
    );
    const second = await submit(again, form, {}, "Pay and add tokens");
    second.page.expectText("Success! You purchased 50 Creative Tokens. Your new balance is 100 tokens.");

    // Spend 2 tokens in the shop.
    const shop = await open(visitor, "/dashboard2/shop?category=tools");
    const added = await submit(
      shop,
      shop.form({ button: /^Add to Cart\b.*Type Scale Cheat Sheet$/ }),
      {},
      /^Add to Cart\b.*Type Scale Cheat Sheet$/,
    );
    expect(added.page.testIdText("action-notice")).toContain("added to cart");
    const cart = await open(visitor, "/cart");
    // Checkout opens the confirm step, which shows the spend preview before anything is spent.
    const review = await open(visitor, linkTo(cart, "Checkout"));
    expect(review.testIdText("spend-preview-cost")).toBe("2 tokens");
    const checkedOut = await submit(
      review,
      review.form({ button: "Confirm and spend 2 tokens" }),
      {},
      "Confirm and spend 2 tokens",
    );
    expect(checkedOut.page.testIdText("action-notice")).toContain("Checkout successful!");

    // Home's Activity: Total spent is the ledger's spends and the money paid.
    const account = await open(visitor, "/dashboard2/activity");
    expect(account.testIdText("stat-spent")).toBe("2 tokens");
    // In the client's one currency (decision 0059): no setting, no purchase before and no browser
    // language on this client, so rupees: two Essential packages at ₹5,800.
    expect(
      squash(
        textOf(
          (
            account.byTestId("stat-spent")[0] as unknown as {
              parentNode: Element;
            }
          ).parentNode,
        ),
      ),
    ).toContain("₹11,600.00");

    // Wallet & billing's receipts: plan, usage, two receipts, the saved card.
    const nav = account.named("nav", "Workspace")[0]!;
    const walletPath = attr(namedIn(nav, "a", "Wallet & billing")[0]!, "href");
    expect(walletPath).toBe("/dashboard2/billing");
    const wallet = await open(visitor, walletPath!);
    const billingPath = attr(
      namedIn(wallet.named("nav", "Wallet & billing pages")[0]!, "a", "Receipts & usage")[0]!,
      "href",
    );
    expect(billingPath).toBe("/manageaccount/billing");
    const billing = await open(visitor, billingPath!);
    expect(billing.testIdText("current-plan")).toBe("Free Plan");
    expect(billing.testIdText("usage-tokens")).toBe("2 of 100");
    const receipts = billing.byTestId("receipt");
    expect(receipts).toHaveLength(2);
    const receipt = squash(textOf(receipts[0]!));
    for (const part of ["Creative Tokens", "₹5,800.00", "Paid"]) expect(receipt).toContain(part);
    expect(billing.testIdText("payment-method")).toMatch(/Visa •••• 4242/);

    // The receipt as a PDF download and as a printable page.
    const number = squash(textOf(findAll(receipts[0]!, (el) => el.tagName === "td")[1]!));
    expect(number).toMatch(/^#\d+$/);
    const pdfHref = attr(namedIn(receipts[0]!, "a", `Download ${number} as PDF`)[0]!, "href")!;
    const pdf = await visitor.get(pdfHref);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`receipt-${number.slice(1)}.pdf`);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const print = await open(visitor, attr(namedIn(receipts[0]!, "a", `Print ${number}`)[0]!, "href")!);
    expect(print.status).toBe(200);
    expect(findAll(print.doc, (el) => /^h[1-3]$/.test(el.tagName) && labelOf(el) === "Receipt")).toHaveLength(
      1,
    );
    expect(
      findAll(
        print.doc,
        (el) =>
          el.tagName === "tr" &&
          findAll(el, (c) => c.tagName === "th" || c.tagName === "td")
            .map((c) => squash(textOf(c)))
            .join(" ") === `Receipt number ${number}`,
      ),
    ).toHaveLength(1);
    print.expectText("Visa •••• 4242");

    // Remove the card.
    const removed = await submit(
      billing,
      billing.form({ button: "Remove Visa •••• 4242" }),
      {},
      "Remove Visa •••• 4242",
    );
    removed.page.expectText("Payment method removed.");
    expect(removed.page.byTestId("payment-method")).toHaveLength(0);
    expect(removed.page.byTestId("no-payment-methods")).toHaveLength(1);
  },
);

test.concurrent(
  "add a card on the payment methods page: the declined card is refused, the test card is saved, then removed",
  async () => {
    const { visitor } = await client("cards");
    const billing = await open(visitor, "/manageaccount/billing");
    expect(linkTo(billing, "Add New Payment Method")).toBe("/manageaccount/billing/payment-methods#add-card");
    const page = await open(visitor, "/manageaccount/billing/payment-methods");
    expect(page.byTestId("no-saved-cards")).toHaveLength(1);

    const empty = await submit(page, page.form({ id: "add-card-form" }), {}, "Save card");
    empty.page.expectText("Enter your card number.");
    const declined = await submit(
      empty.page,
      empty.page.form({ id: "add-card-form" }),
      card("4000 0000 0000 0002"),
      "Save card",
    );
    declined.page.expectText(
      "Your card was declined. Please use a different card; you have not been charged.",
    );
    expect(declined.page.byTestId("saved-card")).toHaveLength(0);
    const saved = await submit(
      declined.page,
      declined.page.form({ id: "add-card-form" }),
      card(),
      "Save card",
    );
    saved.page.expectText("Visa •••• 4242 is saved.");
    expect(textsOf(saved.page, "saved-card")).toHaveLength(1);
    expect(textsOf(saved.page, "saved-card")[0]).toMatch(/Visa •••• 4242 · expires 12\/2039\s*Default/);

    const after = await open(visitor, "/manageaccount/billing");
    expect(after.testIdText("payment-method")).toContain("Visa •••• 4242");
    const methods = await open(visitor, linkTo(after, "Change Payment Method"));
    expect(methods.url).toBe("/manageaccount/billing/payment-methods");
    const removed = await submit(
      methods,
      methods.form({ button: "Remove Visa •••• 4242" }),
      {},
      "Remove Visa •••• 4242",
    );
    removed.page.expectText("Payment method removed.");
    expect(removed.page.byTestId("no-saved-cards")).toHaveLength(1);
  },
);
