import { test as base, expect, type Browser, type Page } from "@playwright/test";

let sequence = 0;
export const uniqueName = (prefix = "e2e") =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Every test is its own client address, as the server (TRUST_PROXY) sees it. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({
      "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`,
    });
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

/**
 * Confirms an account's address as its owner would (decision 0053): staff read
 * the confirmation email in the outbox (no SMTP in tests), and `page` opens its
 * link and confirms. The link works signed out.
 */
export async function confirmEmail(staff: Page, page: Page, email: string) {
  await staff.goto(`/admin/outbox?q=${encodeURIComponent(email)}`);
  await staff.getByRole("link", { name: /^Confirm your Ascendra email address/ }).click();
  const text = (await staff.getByTestId("email-text").textContent()) ?? "";
  const link = /https?:\/\/\S+\/confirm-email\/\S+/.exec(text)?.[0];
  expect(link, "the link in the confirmation email").toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();
}

export async function waitForHydration(page: Page) {
  // React pages mark <html data-hydrated> once hydrated (app/root.tsx); island
  // pages (decision 0021) mark <html data-enhanced>. The route modules being
  // loaded is not enough: hydration runs after, and a click before it ends
  // meets the browser's own form validation, not ours.
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated !== undefined ||
      document.documentElement.dataset.enhanced !== undefined,
  );
}

/** A second visitor (its own cookies and client address), e.g. staff beside a client. */
export async function newVisitor(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: {
      "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`,
    },
  });
  return context.newPage();
}

/** Signs in on /login and waits for the page it leads to. */
export async function signInAs(
  page: Page,
  account: { username: string; password: string },
  options: { javaScriptEnabled: boolean; redirectTo?: string },
) {
  const redirectTo = options.redirectTo ?? "/dashboard2";
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
  if (options.javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** Signs in through the login page and lands on the dashboard. */
export async function signIn(
  page: Page,
  account: { username: string; password: string },
  javaScriptEnabled: boolean,
) {
  await page.goto("/login");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2$/);
}
