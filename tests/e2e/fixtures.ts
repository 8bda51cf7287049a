import { test as base, expect, type Page } from "@playwright/test";

let sequence = 0;
export const uniqueName = (prefix = "e2e") => `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Every test is its own client address, as the server (TRUST_PROXY) sees it. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}` });
  },
});

export { expect };

/** Creates an account through the API; returns its credentials. */
export async function createAccount(page: Page, password = "secret12") {
  const username = uniqueName("user");
  const email = `${username}@example.com`;
  const response = await page.request.post("/api/auth/signup/", { data: { username, email, password } });
  expect(response.status()).toBe(201);
  return { username, email, password };
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules);
}

/** Signs in through the login page and lands on the dashboard. */
export async function signIn(page: Page, account: { username: string; password: string }, javaScriptEnabled: boolean) {
  await page.goto("/login");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2$/);
}
