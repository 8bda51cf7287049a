// The site's public address for links in emails: PUBLIC_URL, or the address
// the server was started on. Every process sets it the same way at boot from
// its environment (app/lib/boot.server.ts, scripts/jobs.ts), so an email
// queued by a web process or the jobs carries the same absolute links; an
// email client cannot follow a relative one.

let configured: string | null = null;

/** Called once at boot with PUBLIC_URL or the server's own origin. */
export function setSiteUrl(url: string) {
  configured = url.replace(/\/+$/, "");
}

/** The configured address without a trailing slash; PUBLIC_URL before boot (tests); "" when neither is known. */
export function siteUrl(): string {
  return configured ?? (process.env.PUBLIC_URL ?? "").replace(/\/+$/, "");
}
