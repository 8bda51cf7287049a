import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shopItemsSchema } from "~models/billing/billing-content";
import { formatRegionPrice, REGIONS } from "~models/billing/currency";
import { solutionsSchema } from "~models/content/marketing-content";
import { SEEDS_DIR } from "~models/platform/paths.server";
import { BUDGETS } from "~models/projects/projects";

// Every catalogue price exists in each currency a client can choose (docs/decisions/0059).

const read = (key: string) => JSON.parse(readFileSync(path.join(SEEDS_DIR, `${key}.json`), "utf8"));

describe("prices in every currency", () => {
  const plans = solutionsSchema.parse(read("solutions")).plans;

  it("prices each plan in dollars, euros and rupees, in the same order in each", () => {
    for (const region of REGIONS) {
      const amounts = plans.map((p) => p.prices[region]);
      expect(amounts.every((a) => a > 0)).toBe(true);
      expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    }
    expect(plans.map((p) => formatRegionPrice(p.prices, "eu"))[0]).toBe("€165");
    expect(plans.map((p) => formatRegionPrice(p.prices, "in"))[0]).toBe("₹14,999");
  });

  it("gives each shop item an original price in each currency", () => {
    for (const item of shopItemsSchema.parse(read("shop-items")).items)
      for (const region of REGIONS) expect(item.originalPrices[region]).toBeGreaterThan(0);
  });

  it("starts the project budgets at the cheapest plan, not far below it", () => {
    const cheapest = Math.min(...plans.map((p) => p.prices.in));
    const first = Number(BUDGETS[0].label.replace(/[^\d]/g, ""));
    expect(first).toBeGreaterThanOrEqual(cheapest);
    expect(first).toBeLessThan(cheapest * 2);
  });
});
