import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOLUTION_TABS, strategySchema, servicesSchema } from "./marketing-content";
import {
  findStrategyService,
  formatPrice,
  getTokensHref,
  parseClicks,
  parseRegion,
  scalabilityLine,
  solutionsTab,
  spotlightView,
} from "./marketing-pages";

const seed = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../seeds", `${name}.json`), "utf8"));
const strategy = strategySchema.parse(seed("strategy"));
const spotlight = servicesSchema.parse(seed("services")).spotlight.items;

describe("findStrategyService", () => {
  it("finds each of the eight services by its exact name", () => {
    for (const name of [
      "Strategy",
      "Graphic Design",
      "Website Creation",
      "Motion & Video",
      "Social Media",
      "App Creation",
      "Sound Design",
      "AI AR VR",
    ]) {
      expect(findStrategyService(strategy, name)?.name).toBe(name);
    }
  });
  it("ignores case and surrounding spaces", () => {
    expect(findStrategyService(strategy, "  sound design ")?.name).toBe("Sound Design");
  });
  it("returns null (the default cards) for a missing or unknown service", () => {
    expect(findStrategyService(strategy, null)).toBeNull();
    expect(findStrategyService(strategy, "")).toBeNull();
    expect(findStrategyService(strategy, "Knitting")).toBeNull();
  });
});

it("scalabilityLine fills in the service in capitals", () => {
  expect(scalabilityLine(strategy.labels.scalabilityLine, "Graphic Design")).toBe(
    "LET THIS GRAPHIC DESIGN SOLUTION WORK FOR YOU, EVERY WEEK.",
  );
});

describe("spotlightView", () => {
  it("shows two different images when the count is not a multiple of 4", () => {
    for (const clicks of [0, 1, 2, 3, 5, 7]) {
      const view = spotlightView(spotlight, clicks);
      expect(view.kind).toBe("images");
      expect(view.items).toHaveLength(2);
      expect(view.items.every((i) => i.type === "image")).toBe(true);
      expect(new Set(view.items.map((i) => i.id)).size).toBe(2);
    }
  });
  it("shows the single video on every 4th click", () => {
    for (const clicks of [4, 8, 12]) {
      const view = spotlightView(spotlight, clicks);
      expect(view).toEqual({ kind: "video", items: [expect.objectContaining({ type: "video" })] });
    }
  });
  it("picks at random from all nine images", () => {
    const first = spotlightView(spotlight, 1, () => 0).items.map((i) => i.id);
    const last = spotlightView(spotlight, 1, () => 0.999).items.map((i) => i.id);
    expect(first).not.toEqual(last);
    expect(spotlight.filter((i) => i.type === "image")).toHaveLength(9);
  });
  it("parseClicks accepts whole numbers only", () => {
    expect(parseClicks("4")).toBe(4);
    for (const bad of [null, "-1", "x", "1e3", ""]) expect(parseClicks(bad)).toBe(0);
  });
});

describe("solutionsTab", () => {
  it("starts on SUPPORT-PACK for purple, SUBSCRIPTIONS otherwise", () => {
    expect(solutionsTab("purple", null, SOLUTION_TABS)).toBe("support-pack");
    for (const colour of ["green", "blue", "yellow", "red", null] as const)
      expect(solutionsTab(colour, null, SOLUTION_TABS)).toBe("subscriptions");
  });
  it("a valid ?tab= wins; an invalid one is ignored", () => {
    expect(solutionsTab("purple", "consultation", SOLUTION_TABS)).toBe("consultation");
    expect(solutionsTab("green", "nonsense", SOLUTION_TABS)).toBe("subscriptions");
  });
});

describe("prices and regions", () => {
  it("formats whole amounts in the region's currency", () => {
    expect(formatPrice(70, "us")).toBe("$70");
    expect(formatPrice(65, "eu")).toBe("€65");
    expect(formatPrice(5800, "in")).toBe("₹5,800");
    expect(formatPrice(20800, "in")).toBe("₹20,800");
  });
  it("parseRegion defaults to the first region", () => {
    expect(parseRegion("in", ["us", "eu", "in"])).toBe("in");
    expect(parseRegion("mars", ["us", "eu", "in"])).toBe("us");
    expect(parseRegion(null, ["us", "eu", "in"])).toBe("us");
  });
});

it("Get Tokens goes to the token purchase page, through sign-in when anonymous, with the bundle chosen", () => {
  expect(getTokensHref(true)).toBe("/dashboard2/billing/tokens");
  expect(getTokensHref(false)).toBe("/login?redirectTo=%2Fdashboard2%2Fbilling%2Ftokens");
  expect(getTokensHref(true, { package: "popular", region: "eu" })).toBe(
    "/dashboard2/billing/tokens?package=popular&region=eu",
  );
  expect(getTokensHref(false, { package: "popular", region: "in" })).toBe(
    "/login?redirectTo=%2Fdashboard2%2Fbilling%2Ftokens%3Fpackage%3Dpopular%26region%3Din",
  );
});
