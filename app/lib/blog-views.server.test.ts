import { describe, expect, it } from "vitest";
import { isCountableVisit } from "./blog-views.server";

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

describe("isCountableVisit", () => {
  it("counts a person's GET", () => {
    expect(isCountableVisit({ method: "GET", userAgent: browser, purpose: null })).toBe(true);
  });
  it("does not count crawlers, missing user agents, prefetches or other methods", () => {
    expect(
      isCountableVisit({
        method: "GET",
        userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        purpose: null,
      }),
    ).toBe(false);
    expect(isCountableVisit({ method: "GET", userAgent: "curl/8.5.0", purpose: null })).toBe(false);
    expect(isCountableVisit({ method: "GET", userAgent: "", purpose: null })).toBe(false);
    expect(isCountableVisit({ method: "GET", userAgent: browser, purpose: "prefetch" })).toBe(false);
    expect(isCountableVisit({ method: "GET", userAgent: browser, purpose: "prefetch;prerender" })).toBe(
      false,
    );
    expect(isCountableVisit({ method: "HEAD", userAgent: browser, purpose: null })).toBe(false);
    expect(isCountableVisit({ method: "POST", userAgent: browser, purpose: null })).toBe(false);
  });
});
