import { describe, expect, it } from "vitest";
import * as C from "./marketing-constants";

// The product's numbers (docs/product.md, "Marketing pages"). A change here is a change of the product requirements.
describe("marketing constants", () => {
  it("hero slider: 4 slides, 5000 ms", () => {
    expect(C.HERO_SLIDE_COUNT).toBe(4);
    expect(C.HERO_SLIDE_INTERVAL_MS).toBe(5000);
  });

  it("Learn More scrolls a screen height minus 80 px", () => {
    expect(C.LEARN_MORE_OFFSET_PX).toBe(80);
  });

  it("package slider: 290 px per step, breakpoints 767 / 1023 / 1439", () => {
    expect(C.PACKAGE_STEP_PX).toBe(290);
    expect(C.PACKAGE_GAP_PX).toBeLessThan(C.PACKAGE_STEP_PX);
    expect(C.BREAKPOINTS_PX).toEqual({ phone: 767, tablet: 1023, laptop: 1439 });
  });

  it("package slider table: visible cards and steps per width", () => {
    expect(C.PACKAGE_SLIDER_TABLE.map((r) => [r.maxWidth, r.visible, r.steps])).toEqual([
      [767, 1, 6],
      [1023, 2, 6],
      [1439, 3, 5],
      [Number.POSITIVE_INFINITY, 4, 4],
    ]);
  });

  it("services intro bars: 480/350/200 px, 250/170/90 px at 1024 px or narrower, delays 100/300/400 ms", () => {
    expect(C.SERVICE_BAR_WIDTHS_PX).toEqual([480, 350, 200]);
    expect(C.SERVICE_BAR_NARROW_WIDTHS_PX).toEqual([250, 170, 90]);
    expect(C.SERVICE_BAR_DELAYS_MS).toEqual([100, 300, 400]);
    expect(C.SERVICES_NARROW_MAX_PX).toBe(1024);
    expect(C.SERVICE_BAR_GROW_MS).toBeLessThanOrEqual(500);
  });

  it("spotlight, marquee, strategy counts", () => {
    expect(C.SPOTLIGHT_VISIBLE_IMAGES).toBe(2);
    expect(C.SPOTLIGHT_VIDEO_EVERY).toBe(4);
    expect(C.MARQUEE_TILE_COUNT).toBe(16);
    expect(C.STRATEGY_SERVICE_COUNT).toBe(8);
    expect(C.FEATURE_CARDS_PER_SERVICE).toBe(5);
    expect(C.CONTACT_VIDEO_COUNT).toBe(3);
  });

  it("solutions tab switch takes about half a second", () => {
    expect(C.TAB_SWITCH_MS).toBe(500);
  });
});
