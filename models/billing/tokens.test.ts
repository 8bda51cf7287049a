import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateSpend,
  dueForExpiry,
  spendableBalance,
  TOKEN_VALIDITY_DAYS,
  TOKEN_VALIDITY_MS,
  tokenExpiry,
  type Lot,
} from "./tokens";

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date("2026-01-01T00:00:00Z");
const lot = (id: string, remaining: number, issuedDay: number): Lot => {
  const issuedAt = new Date(t0.getTime() + issuedDay * DAY);
  return { id, remaining, issuedAt, expiresAt: tokenExpiry(issuedAt) };
};

describe("token validity", () => {
  it("is 90 days from the grant, to the millisecond", () => {
    expect(TOKEN_VALIDITY_DAYS).toBe(90);
    expect(TOKEN_VALIDITY_MS).toBe(90 * 24 * 60 * 60 * 1000);
    expect(tokenExpiry(t0).toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });

  it("counts a grant until the instant it expires, not after", () => {
    const lots = [lot("a", 10, 0), lot("b", 5, 10)];
    const expiry = tokenExpiry(t0);
    expect(spendableBalance(lots, new Date(expiry.getTime() - 1))).toBe(15);
    expect(spendableBalance(lots, expiry)).toBe(5);
    expect(dueForExpiry(lots, expiry).map((l) => l.id)).toEqual(["a"]);
    expect(dueForExpiry([{ ...lots[0]!, remaining: 0 }], expiry)).toEqual([]);
  });
});

describe("spending", () => {
  it("takes from the oldest grant first, across grants", () => {
    const lots = [lot("new", 20, 30), lot("old", 10, 0), lot("mid", 5, 10)];
    expect(allocateSpend(lots, 12, new Date(t0.getTime() + 31 * DAY))).toEqual([
      { lotId: "old", amount: 10 },
      { lotId: "mid", amount: 2 },
    ]);
  });

  it("skips expired and empty grants", () => {
    const lots = [lot("expired", 50, 0), lot("empty", 0, 5), lot("live", 8, 40)];
    expect(allocateSpend(lots, 8, new Date(t0.getTime() + 95 * DAY))).toEqual([{ lotId: "live", amount: 8 }]);
  });

  it("is all or nothing: never partial, never below zero", () => {
    expect(allocateSpend([lot("a", 3, 0), lot("b", 4, 1)], 8, t0)).toBeNull();
    expect(allocateSpend([], 1, t0)).toBeNull();
    expect(() => allocateSpend([lot("a", 3, 0)], 0, t0)).toThrow(RangeError);
    expect(() => allocateSpend([lot("a", 3, 0)], 1.5, t0)).toThrow(RangeError);
  });

  it("always spends exactly the amount from live grants, or nothing (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ remaining: fc.integer({ min: 0, max: 50 }), day: fc.integer({ min: 0, max: 120 }) }),
          { maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        (raw, amount, nowDay) => {
          const lots = raw.map((r, i) => lot(`l${i}`, r.remaining, r.day));
          const now = new Date(t0.getTime() + nowDay * DAY);
          const live = spendableBalance(lots, now);
          const allocations = allocateSpend(lots, amount, now);
          if (amount > live) return allocations === null;
          const byId = new Map(lots.map((l) => [l.id, l]));
          const total = allocations!.reduce((s, a) => s + a.amount, 0);
          const withinLots = allocations!.every(
            (a) =>
              a.amount > 0 && a.amount <= byId.get(a.lotId)!.remaining && byId.get(a.lotId)!.expiresAt > now,
          );
          return total === amount && withinLots;
        },
      ),
    );
  });
});
