import { describe, expect, it } from "vitest";
import { PACKAGE_STEP_COUNTS, packageLayout, packageOffset, parseSlide, wrapIndex } from "./slider";

describe("wrapIndex", () => {
  it("steps forward and wraps after the last position", () => {
    expect(wrapIndex(0, 1, 4)).toBe(1);
    expect(wrapIndex(3, 1, 4)).toBe(0);
  });
  it("steps back and wraps before the first", () => {
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(2, -1, 4)).toBe(1);
  });
  it("a full lap of n steps comes back to the start", () => {
    let i = 0;
    for (let k = 0; k < 6; k++) i = wrapIndex(i, 1, 6);
    expect(i).toBe(0);
  });
  it("brings an out-of-range index back onto the ring", () => {
    expect(wrapIndex(5, 0, 4)).toBe(1);
    expect(wrapIndex(0, 0, 0)).toBe(0);
  });
});

describe("packageLayout (docs/product.md, 'Marketing pages')", () => {
  it.each([
    [320, 1, 6],
    [375, 1, 6],
    [767, 1, 6],
    [768, 2, 6],
    [1023, 2, 6],
    [1024, 3, 5],
    [1439, 3, 5],
    [1440, 4, 4],
    [2560, 4, 4],
  ])("at %i px: %i visible, %i steps", (width, visible, steps) => {
    expect(packageLayout(width)).toEqual({ visible, steps });
  });

  it("each step moves 290 px", () => {
    expect([0, 1, 2, 5].map(packageOffset)).toEqual([0, 290, 580, 1450]);
  });

  it("arrow link sets exist for each distinct step count", () => {
    expect(PACKAGE_STEP_COUNTS).toEqual([6, 5, 4]);
  });
});

describe("parseSlide", () => {
  it("reads a whole number in range", () => {
    expect(parseSlide("3", 6)).toBe(3);
    expect(parseSlide("0", 6)).toBe(0);
  });
  it("falls back to the first slide for anything else", () => {
    for (const bad of [null, "", "6", "-1", "1.5", "abc", "99999", "2 "]) expect(parseSlide(bad, 6)).toBe(0);
  });
});
