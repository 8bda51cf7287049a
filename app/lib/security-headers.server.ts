/**
 * Headers every response carries. Documents add a Content-Security-Policy
 * whose script-src allows only our own origin and the per-request nonce.
 */
export function baselineSecurityHeaders(options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

export function contentSecurityPolicy(options: {
  nonce: string;
  development: boolean;
  /** Origins our forms may be redirected to: the payment gateway's hosted pages (decision 0036). */
  formTargets?: string[];
  /**
   * A payment page that opens a gateway's own script (Razorpay Checkout,
   * decision 0080): its script, frame and API origins, on that page only.
   */
  paymentScript?: { script: string[]; frame: string[]; connect: string[]; form: string[] };
}): string {
  const extra = options.paymentScript;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${options.nonce}'`, ...(extra?.script ?? [])],
    // React renders style attributes; no script can be injected through them.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "media-src": ["'self'"],
    "connect-src": [...(options.development ? ["'self'", "ws:"] : ["'self'"]), ...(extra?.connect ?? [])],
    // A native form post answered by a redirect to Stripe's page is checked against this too.
    "form-action": ["'self'", ...(options.formTargets ?? []), ...(extra?.form ?? [])],
    ...(extra?.frame.length ? { "frame-src": ["'self'", ...extra.frame] } : {}),
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
