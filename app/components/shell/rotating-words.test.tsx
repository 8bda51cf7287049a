import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NARROW_SCREEN_BREAKPOINT_PX, ROTATING_WORD_INTERVAL_MS, ROTATING_WORD_STEP_PX } from "~/lib/motion";
import { RotatingWords } from "./rotating-words";

describe("rotating word list", () => {
  it("uses the spec's timing: a new word every 2000 ms, 25 px per step, narrow below 1024 px", () => {
    expect(ROTATING_WORD_INTERVAL_MS).toBe(2000);
    expect(ROTATING_WORD_STEP_PX).toBe(25);
    expect(NARROW_SCREEN_BREAKPOINT_PX).toBe(1024);
  });

  it("hands those values to the CSS animation and lists every word once for screen readers", () => {
    const words = ["Strategy", "Design", "Development", "Motion", "Social"];
    const html = renderToStaticMarkup(<RotatingWords words={words} />);
    expect(html).toContain("--word-step:25px");
    expect(html).toContain("--word-interval:2000ms");
    expect(html).toContain("--word-count:5");
    expect(html).toContain('<span class="sr-only">Strategy, Design, Development, Motion, Social</span>');
  });
});
