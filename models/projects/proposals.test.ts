import { describe, expect, it } from "vitest";
import {
  depositAmount,
  displayStatus,
  formatProposalAmount,
  isExpired,
  parseMajorAmount,
  parseProposalForm,
  PROPOSAL_MESSAGES,
  timelineForDays,
} from "./proposals";

const now = new Date("2026-11-28T12:00:00Z");

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const valid = {
  client_email: "Asha@Example.com",
  title: "Brand identity",
  scope: "A new logo.",
  pricing: "money",
  currency: "INR",
  category: "graphic",
  deposit_percent: "30",
  valid_until: "2026-12-15",
  delivery_days: "21",
  line_0_description: "Logo",
  line_0_quantity: "1",
  line_0_amount: "45,000",
  line_3_description: "Packaging",
  line_3_quantity: "2",
  line_3_amount: "1250.5",
};

describe("a proposal's form", () => {
  it("reads amounts typed in whole units into minor units, skipping empty rows", () => {
    const parsed = parseProposalForm(form(valid), now);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.value.clientEmail).toBe("asha@example.com");
    expect(parsed.value.lines).toEqual([
      { description: "Logo", quantity: 1, unitAmount: 4_500_000 },
      { description: "Packaging", quantity: 2, unitAmount: 125_050 },
    ]);
  });

  it("gives each field its own message and keeps what was typed", () => {
    const parsed = parseProposalForm(
      form({ ...valid, title: "", deposit_percent: "0", valid_until: "2026-11-01", line_0_amount: "12.345" }),
      now,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      title: PROPOSAL_MESSAGES.titleRequired,
      deposit_percent: PROPOSAL_MESSAGES.depositRange,
      valid_until: PROPOSAL_MESSAGES.validUntilInvalid,
      lines: PROPOSAL_MESSAGES.lineAmount(1),
    });
    expect(parsed.values.lines[0]!.amount).toBe("12.345");
  });

  it("prices in whole tokens, without a currency", () => {
    const parsed = parseProposalForm(
      form({ ...valid, pricing: "tokens", currency: "", line_0_amount: "40", line_3_amount: "12.5" }),
      now,
    );
    expect(!parsed.ok && parsed.errors.lines).toBe(PROPOSAL_MESSAGES.lineTokens(4));
  });
});

describe("a proposal's arithmetic and dates", () => {
  it("parses whole units to minor units, refusing anything else", () => {
    expect(parseMajorAmount("1,500.5")).toBe(150_050);
    expect(parseMajorAmount("0")).toBeNull();
    expect(parseMajorAmount("-5")).toBeNull();
    expect(parseMajorAmount("1e3")).toBeNull();
  });

  it("rounds the deposit up to the unit, never above the total", () => {
    expect(depositAmount(10_001, 30)).toBe(3001);
    expect(depositAmount(75, 100)).toBe(75);
  });

  it("expires after its last valid day in the agency's time zone", () => {
    // 28 Nov 2026 20:00 UTC is already 29 Nov in India.
    expect(isExpired("2026-11-28", new Date("2026-11-28T17:00:00Z"))).toBe(false);
    expect(isExpired("2026-11-28", new Date("2026-11-28T20:00:00Z"))).toBe(true);
    expect(displayStatus({ status: "sent", validUntil: "2026-11-01", viewedAt: null }, now)).toBe("expired");
    expect(displayStatus({ status: "sent", validUntil: "2026-12-01", viewedAt: now }, now)).toBe("viewed");
    expect(displayStatus({ status: "signed", validUntil: "2026-11-01", viewedAt: now }, now)).toBe("signed");
  });

  it("reads a paid proposal's balance: due once delivered, then paid in full", () => {
    const paid = { status: "paid", validUntil: "2026-11-01", viewedAt: now };
    expect(displayStatus(paid, now)).toBe("paid");
    expect(displayStatus({ ...paid, balanceDueAt: now, balancePaidAt: null }, now)).toBe("balance_due");
    expect(displayStatus({ ...paid, balanceDueAt: now, balancePaidAt: now }, now)).toBe("paid_in_full");
  });

  it("formats money and tokens, and maps days to the nearest timeline", () => {
    expect(formatProposalAmount(7_500_000, "money", "INR")).toBe("₹75,000.00");
    expect(formatProposalAmount(1200, "tokens", null)).toBe("1,200 tokens");
    expect([7, 14, 21, 90].map(timelineForDays)).toEqual(["1_week", "2_weeks", "1_month", "flexible"]);
  });
});
