import { expect, test } from "@playwright/test";

test("documents carry an enforced CSP whose nonce is on every inline script", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/services");
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toBeTruthy();
  expect(headers["content-security-policy-report-only"]).toBeUndefined();
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp!)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

  const scripts = await page.locator("script").evaluateAll((elements) =>
    elements.map((el) => ({ inline: !el.getAttribute("src"), nonce: (el as HTMLScriptElement).nonce })),
  );
  const inline = scripts.filter((s) => s.inline);
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) expect(script.nonce).toBe(nonce);

  // The app hydrates under the policy: client navigation works, nothing was blocked.
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules);
  expect(violations).toEqual([]);

  const second = await page.request.get("/services");
  expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(nonce);
});

test("the home page (an island) runs its one script under the policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")?.[1];
  const scripts = await page.locator("script[src]").evaluateAll((elements) => elements.map((el) => (el as HTMLScriptElement).nonce));
  expect(scripts).toEqual([nonce]);
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "home");
  expect(violations).toEqual([]);
});

test("every response has the baseline security headers and no X-Powered-By", async ({ request }) => {
  for (const path of ["/", "/healthz", "/no-such-page", "/favicon.svg"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toBeTruthy();
    expect(headers["x-powered-by"], path).toBeUndefined();
    // Plain http on 127.0.0.1: no HSTS.
    expect(headers["strict-transport-security"], path).toBeUndefined();
    // Idle connections outlive a proxy's or a client pool's 60 s (decision 0027).
    expect(headers["keep-alive"], path).toBe("timeout=65");
  }
});

test("fingerprinted assets are cached for a year", async ({ page, request }) => {
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/assets/missing-file.js")).status()).toBe(404);
});

test("the health check answers once the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "up" });
});

test("the favicon is served", async ({ request }) => {
  const response = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  const svg = await request.get("/favicon.svg");
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
});

test("a page action rejects a cross-origin POST", async ({ request }) => {
  const response = await request.post("/login", {
    form: { username: "someone", password: "secret12" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("logout is not possible with a GET", async ({ request }) => {
  const response = await request.get("/logout", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/");
  expect(response.headers()["set-cookie"]).toBeUndefined();
});
