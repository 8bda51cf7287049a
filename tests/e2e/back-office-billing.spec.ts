import { seriousViolations } from "./axe";
import { adjustTokens, open, openClient, partlySpentPurchase } from "./back-office-steps";
import { createAccount, expect, newVisitor, signInAs, test, uniqueName, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

// The back-office's billing parts: tokens on a client's page, the catalogue,
// gift cards in the inbox, a refund chosen then confirmed.

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e7d6f50000000049454e44ae426082",
  "hex",
);
const ZIP = Buffer.from("504b0506000000000000000000000000000000000000", "hex");

// Without JavaScript, these journeys are in tests/http/journeys-back-office.test.ts.
for (const javaScriptEnabled of [true]) {
  test.describe(`back-office billing with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(150_000);

    test("staff grant tokens with a reason, cannot deduct below zero, and the client sees the new balance", async ({
      page,
      browser,
    }) => {
      const account = await createAccount(page);
      await signInAs(page, account, { javaScriptEnabled });
      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      await openClient(staff, account.username, javaScriptEnabled);
      await expect(staff.getByTestId("client-balance")).toHaveText("0");

      await adjustTokens(staff, "Grant tokens", "30", "");
      await expect(
        staff.getByText("Please give a reason: it is kept in the ledger and the audit log."),
      ).toBeVisible();
      await adjustTokens(staff, "Grant tokens", "30", "Welcome tokens for the pilot");
      await expect(staff.getByText("Granted 30 tokens. The balance is now 30.")).toBeVisible();
      await expect(staff.getByTestId("client-balance")).toHaveText("30");
      await expect(staff.getByTestId("ledger-row").first()).toContainText("Welcome tokens for the pilot");
      await expect(staff.getByTestId("ledger-row").first()).toContainText(E2E_STAFF.username);

      await adjustTokens(staff, "Deduct tokens", "31", "Correction");
      await expect(
        staff.getByText("Cannot deduct 31 tokens: the client has 30, and a balance can never go below zero."),
      ).toBeVisible();
      await expect(staff.getByTestId("client-balance")).toHaveText("30");

      await open(page, "/dashboard2/billing", javaScriptEnabled);
      await expect(page.getByTestId("token-balance")).toHaveText("30");

      // The audit log has the grant, with the balance before and after.
      await staff.goto(`/admin/audit?action=tokens.grant&q=${encodeURIComponent(account.email)}`);
      await expect(staff.getByTestId("audit-row")).toHaveCount(1);
      await expect(staff.getByTestId("token-movement")).toHaveText("+30 · balance 0 → 30");
    });

    test("staff add a shop item with its file; a client buys and downloads it; retired, it still downloads", async ({
      page,
      browser,
    }) => {
      const name = `Kit ${uniqueName("k")}`;
      const id = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      await open(staff, "/admin/catalog", javaScriptEnabled);
      await staff.getByRole("link", { name: "New shop item" }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText("New shop item");
      if (javaScriptEnabled) await waitForHydration(staff);
      await staff.getByLabel(/^Id/).fill(id);
      await staff.getByLabel("Name", { exact: true }).fill(name);
      await staff.getByLabel("Description").fill("Frames for a client workshop.");
      await staff.getByLabel("Category").selectOption("templates");
      await staff.getByLabel("Price in tokens").fill("4");
      await staff
        .getByLabel(/^Download file/)
        .setInputFiles({ name: "workshop-kit.zip", mimeType: "application/zip", buffer: ZIP });
      await staff
        .getByLabel(/^Card image/)
        .setInputFiles({ name: "card.png", mimeType: "image/png", buffer: PNG });
      await staff.getByRole("button", { name: "Add shop item" }).click();
      await expect(staff.getByText(`${name} was added. Clients see it now.`)).toBeVisible();

      const account = await createAccount(page);
      await signInAs(page, account, { javaScriptEnabled });
      const client = await staff.request.get("/admin/clients?q=" + encodeURIComponent(account.username));
      expect(client.status()).toBe(200);
      await openClient(staff, account.username, javaScriptEnabled);
      await adjustTokens(staff, "Grant tokens", "10", "Tokens to try the new kit");
      await expect(staff.getByText("Granted 10 tokens.", { exact: false })).toBeVisible();

      await open(page, `/dashboard2/shop?search=${encodeURIComponent(name)}`, javaScriptEnabled);
      await expect(page.getByTestId("shop-item")).toHaveCount(1);
      await page.getByRole("button", { name: new RegExp(`^Add to Cart\\b.*${name}$`) }).click();
      await expect(page.getByTestId("action-notice")).toContainText(`${name} added to cart`);
      await open(page, "/cart", javaScriptEnabled);
      await page.getByRole("link", { name: "Checkout" }).click();
      await page.getByRole("button", { name: /^Confirm and spend \d+ tokens$/ }).click();
      await expect(page.getByTestId("action-notice")).toContainText("Checkout successful!");

      const downloadOnce = async () => {
        await open(page, "/dashboard2/purchases", javaScriptEnabled);
        const downloading = page.waitForEvent("download");
        await page.getByRole("button", { name: `Download ${name}` }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe("workshop-kit.zip");
      };
      await downloadOnce();

      await open(staff, "/admin/catalog", javaScriptEnabled);
      await staff.getByRole("button", { name: `Retire ${name}` }).click();
      await expect(staff.getByText(`${name} was retired`, { exact: false })).toBeVisible();

      await open(page, `/dashboard2/shop?search=${encodeURIComponent(name)}`, javaScriptEnabled);
      await expect(page.getByTestId("shop-item")).toHaveCount(0);
      await downloadOnce();
    });

    test("a gift card bought at /gift shows in the inbox", async ({ page, browser }) => {
      const sender = `Ravi ${uniqueName("G")}`;
      // Rupees picked (the browser's en-US would price it in dollars, decision 0059).
      await open(page, "/gift?currency=INR", javaScriptEnabled);
      await page.getByLabel("Recipient name").fill("Meera");
      await page.getByLabel("Recipient email").fill("meera@studio.example");
      await page.getByLabel("Your name").fill(sender);
      await page.getByLabel("Your email").fill("ravi@brand.example");
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/39");
      await page.getByLabel("Security code").fill("123");
      await page.getByLabel("Name on card").fill("Ravi");
      await page.getByRole("button", { name: "Purchase" }).click();
      await expect(page.getByRole("heading", { name: "Gift card purchased successfully!" })).toBeVisible();

      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      await open(staff, "/admin/inbox", javaScriptEnabled);
      await staff.getByLabel("Type").selectOption("gift_card");
      await staff.getByLabel("Search").fill(sender);
      await staff.getByRole("button", { name: "Apply" }).click();
      const row = staff.getByTestId("inbox-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Gift card");
      await expect(row).toContainText("₹15000 for Meera");
      await row.getByRole("link", { name: sender }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Gift card from ${sender}`);
      await expect(staff.getByText("meera@studio.example").first()).toBeVisible();
    });
  });
}

// A refund in two steps (decision 0072), with JavaScript on and off: the
// amount defaults to the unspent share, the confirm step (its own URL) says
// what moves, only its submit refunds; the client is told.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`a confirmed partial refund with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(150_000);

    test("staff choose the unspent share, confirm it, and the client is told", async ({ page, browser }) => {
      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      const { account, paymentId } = await partlySpentPurchase(page, staff, javaScriptEnabled);

      await open(staff, `/admin/payments/${paymentId}`, javaScriptEnabled);
      await expect(staff.getByTestId("refund-tokens")).toHaveText("21 spent · 109 unspent");
      // The unspent share: the price × 109 / 130, rounded down to the cent.
      const amount = staff.getByLabel(/^Amount/);
      const suggested = await amount.inputValue();
      expect(suggested).toMatch(/^\d+\.\d{2}$/);
      await expect(staff.getByText(`Suggested: ${suggested}`)).toBeVisible();

      // A wrong amount is refused on step 1, what was typed kept.
      await amount.fill("100000");
      await staff.getByRole("button", { name: "Review refund" }).click();
      await expect(staff.getByText(/^Enter an amount greater than zero and at most/)).toBeVisible();
      await expect(staff.getByLabel(/^Amount/)).toHaveValue("100000");

      await staff.getByLabel(/^Amount/).fill(suggested);
      await staff.getByLabel("Note for the audit log (optional)").fill("Project cancelled");
      await staff.getByRole("button", { name: "Review refund" }).click();
      await expect(staff).toHaveURL(/[?&]confirm=1&/);
      const confirm = staff.getByTestId("refund-confirm");
      await expect(confirm.getByRole("heading", { name: "Confirm the refund" })).toBeVisible();
      if (javaScriptEnabled)
        await expect(confirm.getByRole("heading", { name: "Confirm the refund" })).toBeFocused();
      await expect(confirm.getByTestId("confirm-tokens-back")).toHaveText(
        "109 tokens, taken from the client's balance",
      );
      await expect(confirm.getByTestId("confirm-tokens-spent")).toHaveText("21 tokens");
      await expect(confirm.getByTestId("confirm-kept")).toContainText(
        "21 tokens of this purchase (21 spent).",
      );
      const confirmedAmount = (await confirm.getByTestId("confirm-amount").textContent())!;
      expect(confirmedAmount).toMatch(/\((USD|EUR|INR)\)$/);
      // axe runs inside the page: with JavaScript on only.
      if (javaScriptEnabled) expect(await seriousViolations(staff)).toEqual([]);
      // Nothing is refunded yet.
      await expect(staff.getByRole("table", { name: "Refunds" })).toHaveCount(0);

      await confirm.getByRole("button", { name: /^Confirm refund of / }).click();
      await expect(staff).toHaveURL(/\?refunded=/);
      const outcome = staff.getByTestId("refund-outcome");
      await expect(outcome).toContainText("109 unspent tokens were taken back.");
      await expect(outcome).toContainText(`The client's receipt is on its way to ${account.email}`);
      if (javaScriptEnabled) await expect(outcome).toBeFocused();
      // Reloading the outcome refunds nothing more.
      await staff.reload();
      await expect(staff.getByRole("table", { name: "Refunds" }).locator("tbody tr")).toHaveCount(1);
      await expect(staff.getByRole("table", { name: "Refunds" })).toContainText("Project cancelled");

      // The client: the unspent tokens gone, the spent ones kept, and a notification.
      await signInAs(page, account, { javaScriptEnabled });
      await open(page, "/dashboard2/notifications", javaScriptEnabled);
      await expect(
        page
          .locator('[data-testid="notification"]:not([data-testid="notifications-dropdown"] *)')
          .filter({ hasText: "Refund issued" }),
      ).toContainText("109 Creative Tokens from that purchase were taken back.");
      await open(page, "/dashboard2/billing", javaScriptEnabled);
      await expect(page.getByTestId("token-balance")).toHaveText("0");
      await staff.context().close();
    });
  });
}
