import { describe, expect, it } from "vitest";
import { PinFormSchema } from "./proof-forms";
import { canPin } from "./proof-links";
import {
  DEFAULT_REVISION_PRICES,
  describeWhere,
  isProofFileName,
  pinState,
  PROOF_MESSAGES,
  quoteRound,
  revisionPrices,
  roundApplies,
  tierForPlan,
} from "./proofing";

describe("revision round pricing", () => {
  it("puts the pro plan at the Pro tier and everyone else, with or without a plan, at Basic", () => {
    expect(tierForPlan("pro")).toBe("Pro");
    for (const plan of ["starter", "social", "motion", "trend-plus", null, undefined])
      expect(tierForPlan(plan)).toBe("Basic");
  });

  it("reads the per-revision price from the pricing table, falling back to the published 1 and 10", () => {
    expect(revisionPrices(undefined)).toEqual({ Basic: 1, Pro: 10 });
    expect(
      revisionPrices([
        { name: "Basic", revision: 2 },
        { name: " pro ", revision: 12 },
      ]),
    ).toEqual({ Basic: 2, Pro: 12 });
    expect(
      revisionPrices([
        { name: "Basic", revision: 0 },
        { name: "Gold", revision: 5 },
      ]),
    ).toEqual(DEFAULT_REVISION_PRICES);
  });

  it("charges every round, the first included: rounds are numbered from 1", () => {
    expect(quoteRound({ roundsSoFar: 0, planId: null, prices: DEFAULT_REVISION_PRICES })).toEqual({
      number: 1,
      tier: "Basic",
      cost: 1,
    });
    expect(quoteRound({ roundsSoFar: 1, planId: "pro", prices: DEFAULT_REVISION_PRICES })).toEqual({
      number: 2,
      tier: "Pro",
      cost: 10,
    });
  });

  it("closes a round only once there is a version, and takes pins only while the project is open", () => {
    expect(roundApplies(0)).toBe(false);
    expect(roundApplies(1)).toBe(true);
    expect(canPin("in_progress")).toBe(true);
    expect(canPin("revision_requested")).toBe(true);
    for (const closed of ["published", "completed", "cancelled"] as const) expect(canPin(closed)).toBe(false);
  });
});

describe("pins", () => {
  it("is a draft until a round gathers it, then open until resolved", () => {
    expect(pinState({ roundId: null, resolvedAt: null })).toBe("draft");
    expect(pinState({ roundId: "r", resolvedAt: null })).toBe("open");
    expect(pinState({ roundId: "r", resolvedAt: new Date() })).toBe("resolved");
  });

  it("needs a point or words for where, and a comment", () => {
    const ok = PinFormSchema.safeParse({ page: "2", location: "the footer", body: "Smaller" });
    expect(ok.success && ok.data).toEqual({
      page: 2,
      location: "the footer",
      body: "Smaller",
      x: undefined,
      y: undefined,
    });
    const point = PinFormSchema.safeParse({ page: "", x: "0.5", y: "0.25", body: "Here" });
    expect(point.success && point.data).toMatchObject({ page: 1, x: 0.5, y: 0.25, location: "" });
    const nowhere = PinFormSchema.safeParse({ page: "1", body: "Somewhere" });
    expect(nowhere.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["location", PROOF_MESSAGES.whereRequired],
    ]);
    // Half a point is no point.
    expect(PinFormSchema.safeParse({ x: "0.5", body: "Half" }).success).toBe(false);
    for (const bad of [
      { x: "1.5", y: "0.5", body: "Outside" },
      { x: "-0.1", y: "0.5", body: "Outside" },
      { page: "0", location: "x", body: "No page 0" },
      { page: "1.5", location: "x", body: "Half a page" },
      { location: "x", body: "   " },
      { location: "x".repeat(201), body: "Long" },
    ])
      expect(PinFormSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("says where a pin is in words", () => {
    expect(describeWhere({ page: 2, x: 0.4, y: 0.25, location: "logo", kind: "pdf" })).toBe(
      "page 2 · 40% across, 25% down · “logo”",
    );
    expect(describeWhere({ page: 1, x: null, y: null, location: "", kind: "image" })).toBe("");
  });

  it("takes raster images and PDF, not SVG or GIF", () => {
    for (const name of ["a.png", "a.JPG", "a.jpeg", "a.webp", "a.pdf"])
      expect(isProofFileName(name)).toBe(true);
    for (const name of ["a.svg", "a.gif", "a.zip", "png"]) expect(isProofFileName(name)).toBe(false);
  });
});
