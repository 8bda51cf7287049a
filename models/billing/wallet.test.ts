import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateSpend, tokenExpiry } from "./tokens";
import {
  expiryDay,
  planSpend,
  reminderDue,
  reminderEmail,
  timeLeft,
  WALLET_MESSAGES,
  type SourcedLot,
} from "./wallet";

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date("2026-01-01T00:00:00Z");
const lot = (
  id: string,
  remaining: number,
  issuedDay: number,
  reason: SourcedLot["reason"] = "token_purchase",
) => {
  const issuedAt = new Date(t0.getTime() + issuedDay * DAY);
  return { id, remaining, issuedAt, expiresAt: tokenExpiry(issuedAt), reason };
};
const day = (n: number) => new Date(t0.getTime() + n * DAY);

describe("the spend preview", () => {
  it("draws oldest first across grants, naming each grant's source, and says the balance after", () => {
    const lots = [lot("new", 20, 30, "subscription"), lot("old", 10, 0), lot("mid", 5, 10, "gift_card")];
    expect(planSpend(lots, 12, day(31))).toEqual({
      cost: 12,
      balance: 35,
      after: 23,
      enough: true,
      lots: [
        { tokens: 10, expiresAt: tokenExpiry(day(0)), source: "Token package" },
        { tokens: 2, expiresAt: tokenExpiry(day(10)), source: "Gift card redeemed" },
      ],
    });
  });

  it("leaves out expired grants and spent ones, as the ledger does", () => {
    const lots = [lot("expired", 50, 0), lot("spent", 0, 5), lot("live", 8, 40)];
    const preview = planSpend(lots, 8, day(91));
    expect(preview.balance).toBe(8);
    expect(preview.lots).toEqual([{ tokens: 8, expiresAt: tokenExpiry(day(40)), source: "Token package" }]);
    expect(preview.after).toBe(0);
  });

  it("draws nothing when the balance is short: nothing would be spent", () => {
    expect(planSpend([lot("a", 4, 0)], 5, day(1))).toEqual({
      cost: 5,
      balance: 4,
      after: 4,
      enough: false,
      lots: [],
    });
  });

  it("costs nothing for nothing", () => {
    expect(planSpend([lot("a", 4, 0)], 0, day(1))).toEqual({
      cost: 0,
      balance: 4,
      after: 4,
      enough: true,
      lots: [],
    });
  });

  it("always names exactly the grants and amounts allocateSpend (spendTokens) takes", () => {
    const lots = fc.array(
      fc.record({
        remaining: fc.integer({ min: 0, max: 60 }),
        issuedDay: fc.integer({ min: 0, max: 120 }),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(
        lots,
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 200 }),
        (raw, cost, at) => {
          const sourced = raw.map((r, i) => lot(`lot-${i}`, r.remaining, r.issuedDay));
          const preview = planSpend(sourced, cost, day(at));
          const allocations = allocateSpend(sourced, cost, day(at));
          const byId = new Map(sourced.map((l) => [l.id, l]));
          expect(preview.enough).toBe(allocations !== null);
          expect(preview.lots).toEqual(
            (allocations ?? []).map((a) => ({
              tokens: a.amount,
              expiresAt: byId.get(a.lotId)!.expiresAt,
              source: "Token package",
            })),
          );
          if (preview.enough) {
            expect(preview.lots.reduce((s, l) => s + l.tokens, 0)).toBe(cost);
            expect(preview.after).toBe(preview.balance - cost);
            // Oldest first: each lot expires no later than the next.
            for (let i = 1; i < preview.lots.length; i++)
              expect(new Date(preview.lots[i - 1]!.expiresAt) <= new Date(preview.lots[i]!.expiresAt)).toBe(
                true,
              );
          }
        },
      ),
    );
  });
});

describe("expiry reminders", () => {
  const expires = new Date("2027-01-03T10:00:00Z");
  const before = (ms: number) => new Date(expires.getTime() - ms);

  it("are due 30, 7 and 1 days before, the nearest one only", () => {
    expect(reminderDue(expires, before(31 * DAY))).toBeNull();
    expect(reminderDue(expires, before(30 * DAY + 1))).toBeNull();
    expect(reminderDue(expires, before(30 * DAY))).toBe(30);
    expect(reminderDue(expires, before(8 * DAY))).toBe(30);
    expect(reminderDue(expires, before(7 * DAY))).toBe(7);
    // A job that did not run for weeks sends the nearest reminder, not the 30-day one late.
    expect(reminderDue(expires, before(5 * DAY))).toBe(7);
    expect(reminderDue(expires, before(DAY))).toBe(1);
    expect(reminderDue(expires, before(1))).toBe(1);
    expect(reminderDue(expires, expires)).toBeNull();
  });

  it("say how long is left", () => {
    expect(timeLeft(expires, before(30 * DAY))).toBe("in 30 days");
    expect(timeLeft(expires, before(6.5 * DAY))).toBe("in 7 days");
    expect(timeLeft(expires, before(DAY))).toBe("within a day");
    expect(timeLeft(expires, before(60_000))).toBe("within a day");
  });

  it("read the same as plain text and as HTML, with the link to spend them", () => {
    const email = reminderEmail({
      tokens: 120,
      expiresAt: expires,
      now: before(7 * DAY),
      siteName: "Ascendra",
      spendUrl: "https://portal.example/dashboard2/shop?a=1&b=<2>",
    });
    expect(email.subject).toBe("120 Creative Tokens expire on 3 Jan 2027");
    expect(email.text).toContain("120 Creative Tokens expire on 3 Jan 2027 (in 7 days).");
    expect(email.text).toContain("Spend them: https://portal.example/dashboard2/shop?a=1&b=<2>");
    expect(email.html).toContain("<p>120 Creative Tokens expire on 3 Jan 2027 (in 7 days).");
    expect(email.html).toContain('href="https://portal.example/dashboard2/shop?a=1&#38;b=&#60;2&#62;"');
    expect(email.html).not.toContain("<2>");
    expect(email.html).toContain("— The Ascendra team");
  });
});

describe("the dashboard's expiry line", () => {
  it("says how many tokens expire on which day", () => {
    expect(WALLET_MESSAGES.expiryLine(120, expiryDay(new Date("2027-01-03T05:00:00Z")))).toBe(
      "120 tokens expire on 3 Jan",
    );
    expect(WALLET_MESSAGES.expiryLine(1, expiryDay(new Date("2026-12-03T23:59:00Z")))).toBe(
      "1 token expires on 3 Dec",
    );
  });
});
