import type { Page } from "@playwright/test";
import { createAccount, expect, signIn, test, waitForHydration } from "./fixtures";

// The wallet (decision 0049), with JavaScript on and off: the dashboard's
// soonest-expiry line, and the checkout's confirm step showing what a
// checkout spends (cost, balance after, grants drawn) before anything is
// spent; confirming spends exactly that.

type History = { transaction_type: string; amount: number; expires_at: string | null }[];

/** Tokens and a cart line through the API (the test gateway takes the payment). */
async function stock(page: Page, account: { username: string; password: string }) {
  const login = await page.request.post("/api/auth/login/", {
    data: { username: account.username, password: account.password },
  });
  const headers = { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
  const bought = await page.request.post("/api/purchase-tokens/", {
    headers,
    data: { package_id: packages[0]!.id },
  });
  expect(bought.ok()).toBe(true);
  const { new_balance: balance } = (await bought.json()) as { new_balance: number };
  for (const item of ["studio-icon-set", "launch-poster"])
    expect((await page.request.post("/api/cart/", { headers, data: { shop_item_id: item } })).status()).toBe(
      201,
    );
  const history = (await (await page.request.get("/api/token-history/", { headers })).json()) as History;
  const grant = history.find((row) => row.transaction_type === "grant")!;
  return { headers, balance, expiresAt: new Date(grant.expires_at!) };
}

const dayMonth = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(date);

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(90_000);

    test("the dashboard says when tokens expire; checkout shows what it spends before it spends it", async ({
      page,
    }) => {
      const account = await createAccount(page);
      const { headers, balance, expiresAt } = await stock(page, account);
      await signIn(page, account, javaScriptEnabled);

      await expect(page.getByTestId("token-expiry")).toContainText(
        `${balance} tokens expire on ${dayMonth(expiresAt)}`,
      );

      await page.goto("/cart");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByTestId("cart-total")).toHaveText("15 tokens");
      await page.getByRole("link", { name: "Checkout" }).click();
      await expect(page).toHaveURL(/\/cart\/checkout$/);

      // The preview, before anything is spent.
      const preview = page.getByTestId("spend-preview");
      await expect(preview.getByTestId("spend-preview-cost")).toHaveText("15 tokens");
      await expect(preview.getByTestId("spend-preview-balance")).toHaveText(`${balance} tokens`);
      await expect(preview.getByTestId("spend-preview-after")).toHaveText(`${balance - 15} tokens`);
      await expect(preview.getByTestId("spend-preview-lot")).toHaveCount(1);
      await expect(preview.getByTestId("spend-preview-lot")).toContainText("15 tokens · Token package");
      const unspent = (await (await page.request.get("/api/token-history/", { headers })).json()) as History;
      expect(unspent.filter((row) => row.transaction_type === "spend")).toEqual([]);

      await page.getByRole("button", { name: "Confirm and spend 15 tokens" }).click();
      await expect(page.getByTestId("action-notice")).toContainText(
        `Checkout successful! You spent 15 Creative Tokens and now have ${balance - 15} tokens remaining.`,
      );
      const spent = (await (await page.request.get("/api/token-history/", { headers })).json()) as History;
      expect(spent.filter((row) => row.transaction_type === "spend").map((row) => row.amount)).toEqual([-15]);

      // Confirmed: My Purchases has both items.
      await page.getByRole("link", { name: "Go to My Purchases" }).click();
      await expect(page).toHaveURL(/\/dashboard2\/purchases$/);
      await expect(page.getByText("Studio Icon Set", { exact: true })).toBeVisible();
    });
  });
}
