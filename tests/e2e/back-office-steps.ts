import type { Page } from "@playwright/test";
import { createAccount, expect, uniqueName, waitForHydration } from "./fixtures";

// Steps the back-office's end-to-end tests share: a page opened (and hydrated
// with JavaScript on), a client's page, a token change, a partly spent purchase,
// and a client's project with tokens to spend.

export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

export async function openClient(staff: Page, username: string, javaScriptEnabled: boolean) {
  await open(staff, `/admin/clients?q=${encodeURIComponent(username)}`, javaScriptEnabled);
  await staff.getByRole("link", { name: username }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(username);
  if (javaScriptEnabled) await waitForHydration(staff);
}

export async function adjustTokens(
  staff: Page,
  direction: "Grant tokens" | "Deduct tokens",
  amount: string,
  reason: string,
) {
  const form = staff.locator("form#adjust-tokens");
  await form.getByLabel("Grant or deduct").selectOption({ label: direction });
  await form.getByLabel("Tokens").fill(amount);
  await form.getByLabel("Reason").fill(reason);
  await form.getByRole("button", { name: "Save token change" }).click();
}

/** A client who bought the Popular package (130 tokens) through the API; staff then deduct 21 of them. */
export async function partlySpentPurchase(page: Page, staff: Page, javaScriptEnabled: boolean) {
  const account = await createAccount(page);
  const login = await page.request.post("/api/auth/login/", {
    data: { username: account.username, password: account.password },
  });
  const headers = { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const bought = await page.request.post("/api/purchase-tokens/", {
    headers,
    data: { package_id: "popular" },
  });
  expect(bought.ok()).toBe(true);
  const { payment_id: paymentId, new_balance: balance } = (await bought.json()) as {
    payment_id: string;
    new_balance: number;
  };
  expect(balance).toBe(130);
  await openClient(staff, account.username, javaScriptEnabled);
  await adjustTokens(staff, "Deduct tokens", "21", "Poster for the launch");
  await expect(staff.getByTestId("client-balance")).toHaveText("109");
  return { account, paymentId };
}

/** A project the signed-in client on `page` submitted, with a token package bought to pay for rounds. */
export async function projectWithTokens(page: Page) {
  const title = `Proof ${uniqueName("poster")}`;
  const created = await page.request.post("/api/projects/", {
    multipart: {
      title,
      description: "A launch poster to proof",
      category: "graphic",
      budget: "1k_5k",
      timeline: "2_weeks",
    },
  });
  expect(created.status()).toBe(201);
  const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
  expect(
    (await page.request.post("/api/purchase-tokens/", { data: { package_id: packages[0]!.id } })).ok(),
  ).toBe(true);
  return { id: ((await created.json()) as { id: string }).id, title };
}

/** A visitor's quote request through the contact page's form, answered with its success message. */
export async function sendQuote(
  page: Page,
  quote: { company: string; sender: string; email: string; brief: string },
  javaScriptEnabled: boolean,
) {
  await open(page, "/contact", javaScriptEnabled);
  const form = page.locator("form#service-quote");
  await form.getByLabel("Company name").fill(quote.company);
  await form.getByLabel("Your name").fill(quote.sender);
  await form.getByLabel("Designation").fill("Founder");
  await form.getByLabel("Company email").fill(quote.email);
  await form.getByLabel("Phone number", { exact: true }).fill("98200 12345");
  await form.getByLabel("Service").selectOption("graphic_design");
  await form.getByLabel("Solution").selectOption("full_service");
  await form.getByLabel("Your brief").fill(quote.brief);
  await form.getByRole("button", { name: "GET A QUOTE" }).click();
  await expect(
    form.getByText("Service quote request submitted successfully!", { exact: false }),
  ).toBeVisible();
}
