import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BLINK_DURATION_MS, BLINK_INTERVAL_MS, CONTACT_SCROLL_OFFSET_PX } from "./motion";

describe("contact page motion", () => {
  it("blinks every 2.5 s for 0.2 s, and the tiles keep 100 px above their section", () => {
    expect([BLINK_INTERVAL_MS, BLINK_DURATION_MS, CONTACT_SCROLL_OFFSET_PX]).toEqual([2500, 200, 100]);
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    const visibleShare = 100 - (BLINK_DURATION_MS / BLINK_INTERVAL_MS) * 100;
    expect(css).toContain(`${visibleShare}% {`);
    const contact = readFileSync(new URL("../routes/contact.tsx", import.meta.url), "utf8");
    expect(contact).toContain(`scroll-mt-[${CONTACT_SCROLL_OFFSET_PX}px]`);
  });
});
