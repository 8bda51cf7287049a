import { describe, expect, it } from "vitest";
import { refundConfirmSchema, refundPlan, tokensToTakeBack, unspentShareMinor } from "./refunds";

describe("the refund's arithmetic (decision 0072)", () => {
  const paid = { amountMinor: 13000, refundedMinor: 0 };

  it("suggests the unspent share of the purchase, rounded down to the minor unit", () => {
    expect(unspentShareMinor(paid, { granted: 130, unspent: 109 })).toBe(10900);
    // ₹999 for 7 tokens, 3 unspent: 99900 × 3 / 7 = 42814.28… → 42814 paise.
    expect(unspentShareMinor({ amountMinor: 99900, refundedMinor: 0 }, { granted: 7, unspent: 3 })).toBe(
      42814,
    );
    expect(unspentShareMinor(paid, { granted: 130, unspent: 0 })).toBe(0);
    // Never more than is left to refund, never negative.
    expect(
      unspentShareMinor({ amountMinor: 13000, refundedMinor: 12000 }, { granted: 130, unspent: 109 }),
    ).toBe(1000);
    expect(unspentShareMinor({ amountMinor: 13000, refundedMinor: 13000 }, null)).toBe(0);
    // A payment that granted no tokens (an unredeemed gift card): what is left.
    expect(unspentShareMinor({ amountMinor: 5000, refundedMinor: 1000 }, null)).toBe(4000);
  });

  it("takes back the refunded share of the tokens, all that is unspent on the last refund, never more", () => {
    expect(tokensToTakeBack(paid, { granted: 130, unspent: 109 }, 1300)).toBe(13);
    expect(tokensToTakeBack(paid, { granted: 130, unspent: 109 }, 10900)).toBe(109);
    expect(tokensToTakeBack(paid, { granted: 130, unspent: 109 }, 12000)).toBe(109);
    expect(tokensToTakeBack(paid, { granted: 130, unspent: 109 }, 13000)).toBe(109);
    expect(tokensToTakeBack(paid, { granted: 130, unspent: 5 }, 1)).toBe(1);
  });

  it("says what stays with the client", () => {
    expect(refundPlan(paid, { granted: 130, spent: 21, unspent: 109 }, 10900)).toEqual({
      amountMinor: 10900,
      tokensBack: 109,
      tokensSpent: 21,
      tokensKept: 21,
      keptMinor: 2100,
    });
    expect(refundPlan(paid, null, 5000)).toMatchObject({ tokensBack: 0, tokensKept: 0, keptMinor: 8000 });
  });

  it("the confirm carries what had been refunded when it was shown", () => {
    expect(refundConfirmSchema.safeParse({ amount: "109.00", refunded_so_far: "0" }).data).toEqual({
      amount: 10900,
      reason: "",
      refunded_so_far: 0,
    });
    expect(refundConfirmSchema.safeParse({ amount: "109.00" }).success).toBe(false);
    expect(refundConfirmSchema.safeParse({ amount: "-1", refunded_so_far: "0" }).success).toBe(false);
  });
});
