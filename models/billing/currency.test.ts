import { describe, expect, it } from "vitest";
import {
  decideRegion,
  priceFor,
  regionForCurrency,
  regionForLanguageTag,
  regionFromAcceptLanguage,
} from "./currency";

describe("the client's currency", () => {
  it("follows the account's setting before anything else", () => {
    expect(
      decideRegion({ setting: "eu", lastPurchaseCurrency: "INR", acceptLanguage: "en-US,en;q=0.9" }),
    ).toEqual({ region: "eu", currency: "EUR", source: "setting" });
  });

  it("follows the last purchase when the account has no setting", () => {
    expect(decideRegion({ setting: null, lastPurchaseCurrency: "usd", acceptLanguage: "de-DE" })).toEqual({
      region: "us",
      currency: "USD",
      source: "last_purchase",
    });
  });

  it("follows the browser's language with no setting and no purchase", () => {
    expect(decideRegion({ acceptLanguage: "fr-FR,fr;q=0.9,en;q=0.5" })).toEqual({
      region: "eu",
      currency: "EUR",
      source: "browser",
    });
    expect(decideRegion({ acceptLanguage: "en-IN" }).region).toBe("in");
    expect(decideRegion({ acceptLanguage: "en-US" }).region).toBe("us");
  });

  it("is rupees when nothing points anywhere", () => {
    expect(decideRegion({})).toEqual({ region: "in", currency: "INR", source: "default" });
    expect(decideRegion({ acceptLanguage: "en, ja;q=0.8, *" }).source).toBe("default");
  });

  it("ignores a setting or a currency it does not price in", () => {
    expect(decideRegion({ setting: "uk", lastPurchaseCurrency: "GBP", acceptLanguage: "" }).source).toBe(
      "default",
    );
  });
});

describe("Accept-Language", () => {
  it("takes the most preferred tag that names a region", () => {
    expect(regionFromAcceptLanguage("ja;q=0.9, de-AT;q=0.8, en-US;q=0.7")).toBe("eu");
    expect(regionFromAcceptLanguage("en-US;q=0.5, hi;q=0.9")).toBe("in");
    expect(regionFromAcceptLanguage("en;q=1, en-GB;q=0.9")).toBeNull();
  });

  it("never throws on odd headers", () => {
    for (const header of [";;;", "q=1", "de;q=abc", ",,,", "x".repeat(5000), "-IN"]) {
      expect(() => regionFromAcceptLanguage(header)).not.toThrow();
    }
    expect(regionFromAcceptLanguage("de;q=0")).toBeNull();
    expect(regionFromAcceptLanguage(null)).toBeNull();
  });

  it("reads a tag's country before its language", () => {
    expect(regionForLanguageTag("es-US")).toBe("us");
    expect(regionForLanguageTag("en-IE")).toBe("eu");
    expect(regionForLanguageTag("pt")).toBe("eu");
    expect(regionForLanguageTag("ta")).toBe("in");
    expect(regionForLanguageTag("zh-Hant-TW")).toBeNull();
  });
});

describe("prices", () => {
  it("reads a price list in the region's currency", () => {
    expect(priceFor({ us: 179, eu: 165, in: 14999 }, "eu")).toEqual({ amount: 165, currency: "EUR" });
    expect(regionForCurrency("EUR")).toBe("eu");
    expect(regionForCurrency("GBP")).toBeNull();
  });
});
