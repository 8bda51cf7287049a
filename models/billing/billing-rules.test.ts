import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { billingSettingsSchema, shopItemsSchema } from "./billing-content";
import {
  chosenAmount,
  GIFT_AMOUNTS,
  GIFT_MESSAGES,
  giftCardSchema,
  giftTokenRates,
  guestGiftRegion,
  parseGiftAmount,
  tokensForGift,
} from "./gift-cards";
import { formatMinor as formatMoney } from "./money";
import { cardBrand, cardExpired, parseExpiry, passesLuhn } from "./payments";
import { SEEDS_DIR } from "../platform/paths.server";
import { formatFileSize, parseShopFilters, SHOP_MESSAGES } from "./shop";
import { addMonth, SUBSCRIPTION_MESSAGES } from "./subscriptions";
import { purchaseTokensSchema } from "./token-packages";

describe("cards", () => {
  it("checks the Luhn digit, reads the brand and the expiry", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("42")).toBe(false);
    expect(cardBrand("4242424242424242")).toBe("Visa");
    expect(cardBrand("5555555555554444")).toBe("Mastercard");
    expect(parseExpiry("7/29")).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry("13/29")).toBeNull();
    expect(cardExpired(11, 2026, new Date("2026-11-30T23:00:00Z"))).toBe(false);
    expect(cardExpired(10, 2026, new Date("2026-11-01T00:00:00Z"))).toBe(true);
  });

  it("is required on pages and optional in the API, but checked whenever given", () => {
    const page = purchaseTokensSchema({ cardRequired: true }).safeParse({ package_id: "essential" });
    expect(page.success).toBe(false);
    const api = purchaseTokensSchema({ cardRequired: false }).safeParse({ package_id: "essential" });
    expect(api.success && api.data).toMatchObject({
      payment_method: "credit_card",
      region: "us",
      card: null,
    });
    const bad = purchaseTokensSchema({ cardRequired: false }).safeParse({
      package_id: "essential",
      card_number: "1234",
    });
    expect(bad.success).toBe(false);
    const good = purchaseTokensSchema({ cardRequired: false }).safeParse({
      package_id: "essential",
      card_number: "4242 4242 4242 4242",
      card_expiry: "01/40",
      card_cvc: "999",
    });
    expect(good.success && good.data.card).toMatchObject({
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2040,
    });
  });

  it("formats money as people read it", () => {
    expect(formatMoney(7000, "USD")).toBe("$70");
    expect(formatMoney(10_000_000, "INR")).toBe("₹1,00,000");
    expect(formatMoney(1999, "EUR")).toBe("€19.99");
  });
});

describe("gift cards", () => {
  it("uses the custom amount when typed, else the preset, else ₹15,000", () => {
    expect(chosenAmount("5000", "", "in")).toEqual({ ok: true, amount: 5000, custom: false });
    expect(chosenAmount("5000", "2,500", "in")).toEqual({ ok: true, amount: 2500, custom: true });
    expect(chosenAmount(undefined, undefined, "in")).toEqual({ ok: true, amount: 15000, custom: false });
    expect(chosenAmount("5000", "999", "in")).toMatchObject({ ok: false, field: "customAmount" });
    expect(chosenAmount("5000", "1,00,001", "in")).toMatchObject({ ok: false, field: "customAmount" });
    expect(chosenAmount("100000", "", "in")).toEqual({
      ok: false,
      field: "amount",
      message: "Choose one of the amounts.",
    });
    expect(parseGiftAmount("₹ 1,00,000")).toBe(100000);
    expect(parseGiftAmount("$1,200")).toBe(1200);
    expect(parseGiftAmount("€ 150")).toBe(150);
    expect(parseGiftAmount("150.50")).toBeNull();
    expect(parseGiftAmount("ten")).toBeNull();
  });

  it("offers amounts in each currency, with its own range and words", () => {
    expect(GIFT_AMOUNTS.us.presets).toEqual([50, 150, 300, 600]);
    expect(chosenAmount(undefined, undefined, "us")).toEqual({ ok: true, amount: 150, custom: false });
    expect(chosenAmount(undefined, undefined, "eu")).toEqual({ ok: true, amount: 150, custom: false });
    // A rupee preset is not a dollar preset, and a rupee-sized custom amount is out of range in euros.
    expect(chosenAmount("15000", "", "us")).toMatchObject({ ok: false, field: "amount" });
    expect(chosenAmount("150", "", "in")).toMatchObject({ ok: false, field: "amount" });
    expect(chosenAmount(undefined, "5000", "eu")).toEqual({
      ok: false,
      field: "customAmount",
      message: "Enter an amount between €15 and €1,200.",
    });
    expect(chosenAmount(undefined, "14", "us")).toMatchObject({ ok: false, field: "customAmount" });
    expect(chosenAmount(undefined, "$1,200", "us")).toEqual({ ok: true, amount: 1200, custom: true });
    expect(GIFT_MESSAGES.customRange("in")).toBe("Enter an amount between ₹1,000 and ₹1,00,000.");
    expect(GIFT_MESSAGES.customRange("us")).toBe("Enter an amount between $15 and $1,200.");
  });

  it("become tokens at their own currency's seeded rate, rounded down", () => {
    const rates = giftTokenRates({ inrPerToken: 100, centsPerToken: { us: 120, eu: 110 } });
    expect(rates).toEqual({ in: 10000, us: 120, eu: 110 });
    expect(tokensForGift(15000, "in", rates)).toBe(150);
    expect(tokensForGift(1050, "in", rates)).toBe(10);
    expect(tokensForGift(150, "us", rates)).toBe(125);
    expect(tokensForGift(150, "eu", rates)).toBe(136);
    expect(tokensForGift(15, "us", rates)).toBe(12);
    // Settings saved before dollar and euro rates existed read the defaults.
    expect(giftTokenRates({ inrPerToken: 100 })).toEqual(rates);
  });

  it("are priced for a signed-out buyer in their pick, else their browser's currency, else rupees", () => {
    expect(guestGiftRegion("EUR", "en-US")).toEqual({ region: "eu", source: "choice" });
    expect(guestGiftRegion("us", "de-DE")).toEqual({ region: "us", source: "choice" });
    expect(guestGiftRegion(null, "de-DE,de;q=0.9")).toEqual({ region: "eu", source: "browser" });
    expect(guestGiftRegion("GBP", "en-US")).toEqual({ region: "us", source: "browser" });
    expect(guestGiftRegion(null, "en")).toEqual({ region: "in", source: "default" });
    expect(guestGiftRegion(undefined, null)).toEqual({ region: "in", source: "default" });
  });

  it("charge the form's currency: the amount is checked against that currency's range", () => {
    const base = {
      recipientName: "A",
      recipientEmail: "a@b.example",
      senderName: "B",
      senderEmail: "b@b.example",
    };
    const schema = giftCardSchema({ cardRequired: false });
    const euros = schema.safeParse({ ...base, region: "eu", amount: "300" });
    expect(euros.success && euros.data).toMatchObject({ region: "eu", currency: "EUR", giftAmount: 300 });
    const noRegion = schema.safeParse({ ...base, amount: "5000" });
    expect(noRegion.success && noRegion.data).toMatchObject({
      region: "in",
      currency: "INR",
      giftAmount: 5000,
    });
    expect(schema.safeParse({ ...base, region: "us", amount: "5000" }).success).toBe(false);
    expect(schema.safeParse({ ...base, region: "gb", amount: "50" }).success).toBe(false);
  });

  it("cannot be delivered before today (in the agency's time zone)", () => {
    const now = new Date("2026-03-10T20:00:00Z"); // 11 March, 01:30 in Mumbai
    const base = {
      recipientName: "A",
      recipientEmail: "a@b.example",
      senderName: "B",
      senderEmail: "b@b.example",
      card_number: "4242424242424242",
      card_expiry: "01/40",
      card_cvc: "123",
      card_name: "B",
    };
    expect(giftCardSchema({ now }).safeParse({ ...base, deliveryDate: "2026-03-10" }).success).toBe(false);
    expect(giftCardSchema({ now }).safeParse({ ...base, deliveryDate: "2026-03-11" }).success).toBe(true);
    expect(giftCardSchema({ now }).safeParse({ ...base, deliveryDate: "" }).success).toBe(true);
  });
});

describe("subscriptions", () => {
  it("run monthly, to the same day or the month's last day", () => {
    expect(addMonth(new Date("2026-01-15T10:00:00Z")).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(addMonth(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonth(new Date("2028-01-31T10:00:00Z")).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonth(new Date("2026-12-31T00:00:00Z")).toISOString()).toBe("2027-01-31T00:00:00.000Z");
    expect(addMonth(new Date("2026-03-10T00:00:00Z"), 12).toISOString()).toBe("2027-03-10T00:00:00.000Z");
  });

  it("use the spec's words", () => {
    expect(SUBSCRIPTION_MESSAGES.subscribed("PRO")).toBe(
      "Successfully subscribed to PRO! Your plan is now active.",
    );
    expect(SHOP_MESSAGES.needTokens(8, 3)).toBe(
      "You need 8 Creative Tokens to purchase this item. You currently have 3 tokens.",
    );
    expect(SHOP_MESSAGES.insufficient(27, 21)).toBe(
      "Insufficient Creative Tokens! You need 27 tokens but have 21 tokens.",
    );
  });
});

describe("shop", () => {
  it("reads filters from the query, unknown categories being all", () => {
    expect(parseShopFilters(new URLSearchParams("category=tools&search=%20grid%20"))).toEqual({
      category: "tools",
      search: "grid",
    });
    expect(parseShopFilters(new URLSearchParams("category=weapons"))).toEqual({
      category: "all",
      search: "",
    });
  });

  it("shows file sizes in Bytes, KB, MB", () => {
    expect(formatFileSize(400)).toBe("400 Bytes");
    expect(formatFileSize(2050)).toBe("2 KB");
    expect(formatFileSize(4173)).toBe("4.1 KB");
    expect(formatFileSize(15 * 1024 * 1024)).toBe("15 MB");
  });
});

describe("billing seeds", () => {
  it("shop-items.json and billing.json match their schemas", async () => {
    for (const [file, schema] of [
      ["shop-items.json", shopItemsSchema],
      ["billing.json", billingSettingsSchema],
    ] as const) {
      const parsed = schema.safeParse(JSON.parse(await readFile(path.join(SEEDS_DIR, file), "utf8")));
      expect(parsed.error?.issues ?? [], file).toEqual([]);
    }
  });
});
