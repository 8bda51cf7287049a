// What only a browser can prove about the security baseline: the CSP lets the
// app hydrate and run its island, and nothing is blocked. The headers, asset
// caching and cross-site refusals are checked over HTTP (tests/http/).
import { expect, test } from "@playwright/test";

test("documents carry an enforced CSP whose nonce is on every inline script", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // /chat: the public page React hydrates (the others are islands, decision 0045).
  const response = await page.goto("/chat");
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toBeTruthy();
  expect(headers["content-security-policy-report-only"]).toBeUndefined();
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp!)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

  const scripts = await page
    .locator("script")
    .evaluateAll((elements) =>
      elements.map((el) => ({ inline: !el.getAttribute("src"), nonce: (el as HTMLScriptElement).nonce })),
    );
  const inline = scripts.filter((s) => s.inline);
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) expect(script.nonce).toBe(nonce);

  // The app hydrates under the policy: client navigation works, nothing was blocked.
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  );
  expect(violations).toEqual([]);

  const second = await page.request.get("/chat");
  expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(nonce);
});

test("the home page (an island) runs its one script under the policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
    response!.headers()["content-security-policy"] ?? "",
  )?.[1];
  const scripts = await page
    .locator("script[src]")
    .evaluateAll((elements) => elements.map((el) => (el as HTMLScriptElement).nonce));
  expect(scripts).toEqual([nonce]);
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "home");
  expect(violations).toEqual([]);
});
