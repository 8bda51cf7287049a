import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { billingSettingsSchema } from "./billing-content";
import { addCardSchema } from "./payment-methods";
import { purchaseTokensSchema } from "./token-packages";

const seed = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../seeds/${name}`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;

describe("storage quotas (seeds/billing.json)", () => {
  it("gives every plan of seeds/solutions.json a quota, larger than the free 1 GB", () => {
    const settings = billingSettingsSchema.parse(seed("billing.json"));
    const plans = (seed("solutions.json").plans as { slug: string }[]).map((p) => p.slug);
    for (const slug of plans) expect(settings.storage.planQuotaGb[slug], slug).toBeGreaterThan(1);
  });

  it("reads a block seeded before quotas existed as no quotas (every plan then has the free 1 GB)", () => {
    const { storage: _storage, ...older } = seed("billing.json");
    expect(billingSettingsSchema.parse(older).storage).toEqual({ planQuotaGb: {} });
  });
});

describe("saved cards in the payment schemas", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("a chosen saved card skips the typed card's checks; without one a card is required on the page", () => {
    const schema = purchaseTokensSchema({ cardRequired: true, now });
    const saved = schema.safeParse({
      package_id: "essential",
      payment_method_id: "9b0c6a6e-0000-4000-8000-000000000000",
    });
    expect(saved.success && saved.data.card).toBeNull();
    const none = schema.safeParse({ package_id: "essential" });
    expect(none.success).toBe(false);
  });

  it("the add-card form needs every field and never keeps more than the parsed card", () => {
    const parsed = addCardSchema({ now }).safeParse({
      card_number: "4242 4242 4242 4242",
      card_expiry: "12/30",
      card_cvc: "123",
      card_name: "Asha Rao",
    });
    expect(parsed.success && parsed.data.card).toEqual({
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
      name: "Asha Rao",
    });
    const missing = addCardSchema({ now }).safeParse({ card_number: "4242 4242 4242 4242" });
    expect(missing.success ? [] : missing.error.issues.map((i) => i.path.join("."))).toEqual([
      "card_expiry",
      "card_cvc",
      "card_name",
    ]);
  });
});
