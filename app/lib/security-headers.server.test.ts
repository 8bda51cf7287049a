import { describe, expect, it } from "vitest";
import { baselineSecurityHeaders, contentSecurityPolicy, createNonce } from "./security-headers.server";

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe("content security policy", () => {
  it("allows scripts only from our origin and the request's nonce", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", development: false });
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("allows Razorpay Checkout's script, frame and hosted form only when it is named (decision 0080)", () => {
    const plain = contentSecurityPolicy({ nonce: "n", development: false });
    expect(directive(plain, "frame-src")).toBeUndefined();
    const csp = contentSecurityPolicy({
      nonce: "n",
      development: false,
      paymentScript: {
        script: ["https://checkout.razorpay.com"],
        frame: ["https://api.razorpay.com"],
        form: ["https://api.razorpay.com"],
        connect: [],
      },
    });
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-n' https://checkout.razorpay.com");
    expect(directive(csp, "frame-src")).toBe("frame-src 'self' https://api.razorpay.com");
    expect(directive(csp, "form-action")).toBe("form-action 'self' https://api.razorpay.com");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
  });

  it("lets forms go to the payment gateway's hosted pages only when one is named", () => {
    expect(directive(contentSecurityPolicy({ nonce: "n", development: false }), "form-action")).toBe(
      "form-action 'self'",
    );
    const csp = contentSecurityPolicy({
      nonce: "n",
      development: false,
      formTargets: ["https://checkout.stripe.com"],
    });
    expect(directive(csp, "form-action")).toBe("form-action 'self' https://checkout.stripe.com");
  });

  it("makes a new random nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("baseline headers", () => {
  it("sends HSTS only over https", () => {
    expect(baselineSecurityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
    expect(baselineSecurityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
  });

  it("forbids sniffing and framing", () => {
    const headers = baselineSecurityHeaders({ https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});
