import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SEEDS_DIR } from "~models/platform/paths.server";
import {
  creativeTokensSchema,
  homeSchema,
  MARKETING_BLOCKS,
  solutionsSchema,
  strategySchema,
} from "~models/content/marketing-content";
import { SEED_SOURCES } from "~models/views/seed.server";

const read = (key: string) => JSON.parse(readFileSync(path.join(SEEDS_DIR, `${key}.json`), "utf8"));
const PUBLIC_DIR = path.join(SEEDS_DIR, "../public");

describe("marketing seeds", () => {
  for (const [key, schema] of Object.entries(MARKETING_BLOCKS)) {
    it(`${key}.json matches its schema and is registered for npm run seed`, () => {
      expect(schema.safeParse(read(key)).error?.issues ?? []).toEqual([]);
      expect(SEED_SOURCES.map((s) => s.name)).toContain(key);
    });
  }

  it("every media file the content names exists in public/", () => {
    const text = Object.keys(MARKETING_BLOCKS)
      .map((key) => readFileSync(path.join(SEEDS_DIR, `${key}.json`), "utf8"))
      .join("\n");
    const files = [...new Set(text.match(/\/media\/[\w\-/]+\.\w+/g))];
    expect(files.length).toBeGreaterThan(60);
    expect(files.filter((f) => !existsSync(path.join(PUBLIC_DIR, f)))).toEqual([]);
  });

  it("the clips are small (< 400 KB) and each has a poster", () => {
    const { contact } = strategySchema.parse(read("strategy"));
    for (const video of contact.videos) {
      for (const file of [video.webm, video.mp4])
        expect(readFileSync(path.join(PUBLIC_DIR, file)).length).toBeLessThan(400 * 1024);
      expect(existsSync(path.join(PUBLIC_DIR, video.poster))).toBe(true);
    }
  });

  it("home: the package cards are the five colours in the spec's order", () => {
    const home = homeSchema.parse(read("home"));
    expect(home.packages.items.map((p) => [p.colour, p.name])).toEqual([
      ["green", "Starter"],
      ["blue", "Social"],
      ["yellow", "Motion"],
      ["red", "Trend +"],
      ["purple", "Support"],
    ]);
    expect(home.packages.category).toBe("Digital Branding");
  });

  it("solutions: five plans with stable slugs, the support pack and the consultation points", () => {
    const solutions = solutionsSchema.parse(read("solutions"));
    expect(solutions.plans.map((p) => [p.slug, p.colour, p.name])).toEqual([
      ["starter", "green", "STARTER"],
      ["social", "blue", "SOCIAL"],
      ["motion", "yellow", "MOTION"],
      ["trend-plus", "red", "TREND +"],
      ["pro", "purple", "PRO"],
    ]);
    expect(solutions.supportPack.options.map((o) => [o.colour, o.name])).toEqual([
      ["white", "GRAPHIC DESIGN"],
      ["blue", "DEVELOP/DEPLOY"],
    ]);
    expect(solutions.consultation.points).toEqual([
      "Experienced team",
      "Online meet",
      "Solutions documented",
      "Curated quotation",
    ]);
  });

  it("creative tokens: the spec's bundles, tiers and add-ons (docs/product.md, 'Marketing pages')", () => {
    const tokens = creativeTokensSchema.parse(read("creative-tokens"));
    expect(
      tokens.pricing.bundles.map((b) => [b.name, b.tokens, b.prices.us, b.prices.eu, b.prices.in]),
    ).toEqual([
      ["Essential", 50, 70, 65, 5800],
      ["Popular", 120, 130, 120, 10800],
      ["Best Value", 250, 250, 230, 20800],
    ]);
    expect(tokens.tiers.items).toEqual([
      { name: "Basic", poster: 5, revision: 1, fastDelivery: 2 },
      { name: "Pro", poster: 20, revision: 10, fastDelivery: 3 },
    ]);
    expect(
      tokens.addOns.items.map((a) => [a.name, a.tokens, a.onwards, a.prices.us, a.prices.eu, a.prices.in]),
    ).toEqual([
      ["Video Revisions", 1, true, 2, 2, 160],
      ["Faster Delivery", 20, true, 25, 23, 2080],
      ["Additional Minute", 3, true, 4, 4, 330],
      ["Animated Logo", 20, true, 25, 23, 2080],
      ["Branded Music 30 sec", 30, true, 35, 32, 2900],
      ["Profile Design", 10, false, 12, 11, 1000],
      ["Business Card, 2 variations", 50, false, 60, 55, 4980],
      ["Landing Page, design only", 100, false, 120, 110, 9980],
    ]);
    expect(tokens.addOns.items.find((a) => a.name === "Animated Logo")?.note).toMatch(/10% off/);
  });

  it("rejects content that breaks the spec's counts", () => {
    const home = read("home");
    home.slider.slides.pop();
    expect(homeSchema.safeParse(home).error?.issues[0]?.message).toBe("needs exactly 4 slides");
    const strategy = read("strategy");
    strategy.labels.scalabilityLine = "LET THIS SOLUTION WORK";
    expect(strategySchema.safeParse(strategy).success).toBe(false);
  });
});
