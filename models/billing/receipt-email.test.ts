import { describe, expect, it } from "vitest";
import { RECEIPT_MESSAGES, receiptContent } from "./receipt-email";

const payment = {
  id: "0b5c7f2e-1111-4c3b-9a7e-2f7c1a7b0001",
  number: 42,
  kind: "token_package",
  description: "Popular token package: 130 Creative Tokens",
  amountMinor: 13000,
  currency: "USD",
  tokens: 130,
  userId: "u1",
};
const context = { balanceAfter: 130, siteName: "Ascendra", siteUrl: "https://ascendra.example/" };

describe("receiptContent", () => {
  it("a payment: amount with currency, tokens, balance after and an absolute PDF link", () => {
    const r = receiptContent({ kind: "payment", payment }, context);
    expect(r.title).toBe(RECEIPT_MESSAGES.titles.token_package);
    expect(r.subject).toBe("Tokens purchased — Ascendra receipt");
    expect(r.text).toContain("You paid $130.00 for 130 Creative Tokens.");
    expect(r.text).toContain("Receipt: #42");
    expect(r.text).toContain(
      `Receipt PDF: https://ascendra.example/manageaccount/receipts/${payment.id}/pdf`,
    );
    expect(r.message).toBe(
      "You paid $130.00 for 130 Creative Tokens. 130 Creative Tokens were added to your wallet. Balance after: 130 Creative Tokens.",
    );
    expect(r.link).toBe(`/manageaccount/receipts/${payment.id}/pdf`);
  });

  it("a refund says what came back, tokens or none", () => {
    const refunded = { amountMinor: 1300, currency: "USD" };
    const withTokens = receiptContent(
      { kind: "refund", payment, refunded, tokensTakenBack: 13 },
      {
        ...context,
        balanceAfter: 117,
      },
    );
    expect(withTokens.text).toContain("$13.00 is on its way back to you for receipt #42.");
    expect(withTokens.text).toContain("13 Creative Tokens from that purchase were taken back.");
    expect(withTokens.text).toContain(RECEIPT_MESSAGES.refundTiming);
    const none = receiptContent({ kind: "refund", payment, refunded, tokensTakenBack: 0 }, context);
    expect(none.message).toContain(RECEIPT_MESSAGES.noTokensTakenBack);
  });

  it("a guest's payment links nowhere that needs a sign-in, and escapes what it prints", () => {
    const r = receiptContent(
      {
        kind: "payment",
        payment: {
          ...payment,
          kind: "gift_card",
          tokens: null,
          userId: null,
          description: "Gift <b>card</b>",
        },
      },
      { ...context, balanceAfter: null },
    );
    expect(r.text).toContain(RECEIPT_MESSAGES.keepThis);
    expect(r.text).not.toContain("/manageaccount/");
    expect(r.text).not.toContain("Balance after");
    expect(r.html).toContain("Gift &#60;b&#62;card&#60;/b&#62;");
  });
});
