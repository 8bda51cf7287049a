import { describe, expect, it } from "vitest";
import { isCrossSiteWrite, SIGNED_CROSS_SITE_POSTS } from "./cross-origin.server";

const base = { requestOrigin: "http://127.0.0.1:3000", origin: null, fetchSite: null } as const;

describe("isCrossSiteWrite", () => {
  it("lets every safe method through, whatever sent it", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        isCrossSiteWrite({ ...base, method, origin: "https://evil.example", fetchSite: "cross-site" }),
      ).toBe(false);
    }
  });

  it("accepts a write from our own origin or PUBLIC_URL", () => {
    expect(
      isCrossSiteWrite({
        ...base,
        method: "POST",
        origin: "http://127.0.0.1:3000",
        fetchSite: "same-origin",
      }),
    ).toBe(false);
    expect(
      isCrossSiteWrite({
        ...base,
        method: "POST",
        origin: "https://ascendra.example",
        publicUrl: "https://ascendra.example/",
      }),
    ).toBe(false);
  });

  it("refuses a write from another origin, a null origin or a malformed one", () => {
    for (const origin of [
      "https://evil.example",
      "http://127.0.0.1:3001",
      "https://127.0.0.1:3000",
      "null",
      "not a url",
    ]) {
      expect(isCrossSiteWrite({ ...base, method: "POST", origin }), origin).toBe(true);
    }
    expect(isCrossSiteWrite({ ...base, method: "DELETE", origin: "https://evil.example" })).toBe(true);
  });

  it("without an Origin, trusts Sec-Fetch-Site, and lets non-browser clients through", () => {
    expect(isCrossSiteWrite({ ...base, method: "PUT", fetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "PUT", fetchSite: "same-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "PUT", fetchSite: "same-origin" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, method: "POST" })).toBe(false);
  });
});

describe("SIGNED_CROSS_SITE_POSTS", () => {
  it("names only Razorpay's callback for one payment (its signature authenticates it)", () => {
    expect(SIGNED_CROSS_SITE_POSTS.test("/pay/razorpay/8a55a707-4c8b-4669-adef-2db833d8dfac/callback")).toBe(
      true,
    );
    expect(SIGNED_CROSS_SITE_POSTS.test("/pay/razorpay/8a55a707-4c8b-4669-adef-2db833d8dfac")).toBe(false);
    expect(SIGNED_CROSS_SITE_POSTS.test("/api/webhooks/razorpay")).toBe(false);
    expect(SIGNED_CROSS_SITE_POSTS.test("/pay/razorpay/x/../../logout/callback")).toBe(false);
  });
});
