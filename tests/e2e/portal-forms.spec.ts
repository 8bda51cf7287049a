import type { Locator, Page } from "@playwright/test";
import { createAccount, expect, signIn, test, waitForHydration } from "./fixtures";

// Results in view (issue 35, decision 0060): after a post with JavaScript on,
// focus is on the answer (success or refusal) and the answer is in the
// window; a refused form keeps everything typed, JavaScript on and off, except
// card numbers, security codes and passwords, which are never sent back.

const DECLINED_CARD = "4000 0000 0000 0002";
const TEST_CARD = "4242 4242 4242 4242";

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
}

/** The answer has focus and, once any smooth scroll ends, all of it is in the window below the sticky bar. */
async function expectInView(outcome: Locator) {
  await expect(outcome).toBeFocused();
  const bar = await outcome.page().locator("[data-sticky-top]").boundingBox();
  const barBottom = bar ? bar.y + bar.height - 1 : 0;
  await expect
    .poll(async () => (await outcome.boundingBox())?.y ?? -1, {
      message: "the answer starts below the sticky bar",
    })
    .toBeGreaterThanOrEqual(barBottom);
  await expect(outcome).toBeInViewport({ ratio: 1 });
}

const SIZES = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
];

test.describe("paying for tokens with JavaScript on", () => {
  for (const size of SIZES) {
    test(`at ${size.width}x${size.height}: the declined card's answer, then the success, are focused and in view`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const account = await createAccount(page);
      await signIn(page, account, true);
      await page.goto("/dashboard2/billing/tokens?package=essential");
      await waitForHydration(page);
      await fillCard(page, DECLINED_CARD);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      const refused = page.getByText(
        "Your card was declined. Please use a different card; you have not been charged.",
      );
      await expectInView(refused);
      // Kept: the package, the expiry and the name (the card number stays only in the browser's own field).
      await expect(page.getByRole("radio", { name: /Essential/ })).toBeChecked();
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/39");
      await expect(page.getByLabel("Name on card")).toHaveValue("Asha Rao");

      await fillCard(page, TEST_CARD);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      await expectInView(page.getByText(/^Success! You purchased 50 Creative Tokens/));
    });
  }
});

/** A project of the client's own, made through the API: Request Revision is offered on it. */
async function newProject(page: Page) {
  const title = `Focus ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/projects/", {
    multipart: {
      title,
      description: "A poster for the spring launch",
      category: "graphic",
      budget: "1k_5k",
      timeline: "2_weeks",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

// Each portal form, refused (or answered) with JavaScript on (the answer focused and in view, the
// input kept) and off (the input kept: the server sends it back).
for (const javaScriptEnabled of [true, false]) {
  test.describe(`portal forms, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    const open = async (page: Page, path: string) => {
      await page.goto(path);
      if (javaScriptEnabled) await waitForHydration(page);
    };

    test("settings: a phone number the server refuses keeps every field typed", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await open(page, "/dashboard2/settings");
      await page.getByLabel("Full name").fill("Asha Rao");
      await page.getByLabel("Phone number country").selectOption("IN");
      await page.getByLabel("Phone (optional)").fill("12345");
      await page.getByLabel("Company (optional)").fill("Rao Studio");
      await page.getByLabel("Address (optional)").fill("12 Hill Road\nBandra West, Mumbai");
      await page.getByRole("button", { name: "Save Changes" }).click();
      const phone = page.getByLabel("Phone (optional)");
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expectInView(phone);
      await expect(phone).toHaveValue("12345");
      await expect(page.getByLabel("Full name")).toHaveValue("Asha Rao");
      await expect(page.getByLabel("Company (optional)")).toHaveValue("Rao Studio");
      await expect(page.getByLabel("Address (optional)")).toHaveValue("12 Hill Road\nBandra West, Mumbai");
    });

    test("payment methods: a declined card keeps the expiry and name; the number is never sent back", async ({
      page,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await open(page, "/manageaccount/billing/payment-methods");
      await fillCard(page, DECLINED_CARD);
      await page.getByRole("button", { name: "Save card" }).click();
      const refused = page.getByText(
        "Your card was declined. Please use a different card; you have not been charged.",
      );
      if (javaScriptEnabled) await expectInView(refused);
      else await expect(refused).toBeVisible();
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/39");
      await expect(page.getByLabel("Name on card")).toHaveValue("Asha Rao");
      // Decision 0060: card numbers and security codes are not echoed; only the browser's own field can still hold them.
      if (!javaScriptEnabled) {
        await expect(page.getByLabel("Card number")).toHaveValue("");
        await expect(page.getByLabel("Security code")).toHaveValue("");
      }
    });

    test("billing: a gift card code that does not exist stays in the field, and the answer is beside it", async ({
      page,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await open(page, "/dashboard2/billing");
      await page.getByLabel("Gift card code").fill("ASC-AAAA-BBBB-CCCC");
      await page.getByRole("button", { name: "Redeem" }).click();
      const refused = page.getByTestId("redeem-notice").getByText("This gift card code is not valid.");
      if (javaScriptEnabled) await expectInView(refused);
      else await expect(refused).toBeVisible();
      await expect(page.getByLabel("Gift card code")).toHaveValue("ASC-AAAA-BBBB-CCCC");
    });

    test("buying tokens: a declined card keeps the package, expiry and name", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await open(page, "/dashboard2/billing/tokens?package=essential");
      await page.getByText("Popular", { exact: true }).click();
      await fillCard(page, DECLINED_CARD);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      const refused = page.getByText(
        "Your card was declined. Please use a different card; you have not been charged.",
      );
      if (javaScriptEnabled) await expectInView(refused);
      else await expect(refused).toBeVisible();
      await expect(page.getByRole("radio", { name: /Popular\s+130 tokens/ })).toBeChecked();
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/39");
      await expect(page.getByLabel("Name on card")).toHaveValue("Asha Rao");
      if (!javaScriptEnabled) await expect(page.getByLabel("Card number")).toHaveValue("");
    });

    test("project page: Request Revision stays open with all that was typed after a refusal, then its answer is in view", async ({
      page,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      const id = await newProject(page);
      await open(page, `/project/${id}`);
      await page.locator("summary", { hasText: "Request Revision" }).click();
      const reason = page.getByLabel("What should change?");
      if (javaScriptEnabled) {
        // Refused while empty; then every character typed stays, in an open panel.
        await page.getByRole("button", { name: "Send revision request" }).click();
        await expect(reason).toHaveAttribute("aria-invalid", "true");
        await reason.pressSequentially("Use the new logo");
        await expect(reason).toHaveValue("Use the new logo");
        await expect(reason).toBeVisible();
        await expect(reason).toBeFocused();
      } else {
        await reason.fill("Use the new logo");
      }
      await page.getByRole("button", { name: "Send revision request" }).click();
      const done = page.getByText("Revision requested. Your project manager has been notified.");
      if (javaScriptEnabled) await expectInView(done);
      else await expect(done).toBeVisible();
    });

    test("start a project: refused by the plan's limit, every field typed is kept", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await newProject(page);
      await open(page, "/createprojectform");
      await page.getByLabel("Project title").fill("Coffee shop rebrand");
      await page.getByLabel("Description").fill("A new identity for our corner café,\nwith a menu board.");
      await page.getByLabel("Category").selectOption({ index: 2 });
      await page.getByLabel("Budget").selectOption({ index: 2 });
      const category = await page.getByLabel("Category").inputValue();
      const budget = await page.getByLabel("Budget").inputValue();
      await page.getByLabel("Use my Creative Tokens for this project").check();
      await page.getByRole("button", { name: "Submit project" }).click();
      const refused = page.getByText(/^Your plan allows 1 active project at a time/);
      if (javaScriptEnabled) await expectInView(refused);
      else await expect(refused).toBeVisible();
      await expect(page.getByLabel("Project title")).toHaveValue("Coffee shop rebrand");
      await expect(page.getByLabel("Description")).toHaveValue(
        "A new identity for our corner café,\nwith a menu board.",
      );
      await expect(page.getByLabel("Category")).toHaveValue(category);
      await expect(page.getByLabel("Budget")).toHaveValue(budget);
      await expect(page.getByLabel("Use my Creative Tokens for this project")).toBeChecked();
    });

    test("settings: a wrong current password is refused; no password is sent back", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await open(page, "/dashboard2/settings");
      const form = page
        .locator("form")
        .filter({ has: page.getByRole("heading", { name: "Change password" }) });
      await form.getByLabel("Current password").fill("not-my-password");
      await form.getByLabel("New password", { exact: true }).fill("brand-new-secret");
      await form.getByLabel("Confirm new password").fill("brand-new-secret");
      await form.getByRole("button", { name: "Change Password" }).click();
      const current = form.getByLabel("Current password");
      await expect(current).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expectInView(current);
      else {
        await expect(current).toHaveValue("");
        await expect(form.getByLabel("New password", { exact: true })).toHaveValue("");
      }
    });

    test("checkout: a cart changed after the preview is refused in view; confirmed, the order is complete with its downloads", async ({
      page,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      const login = await page.request.post("/api/auth/login/", {
        data: { username: account.username, password: account.password },
      });
      const headers = { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
      const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
      expect(
        (
          await page.request.post("/api/purchase-tokens/", { headers, data: { package_id: packages[0]!.id } })
        ).ok(),
      ).toBe(true);
      const addToCart = async (item: string) =>
        expect(
          (await page.request.post("/api/cart/", { headers, data: { shop_item_id: item } })).status(),
        ).toBe(201);
      await addToCart("launch-poster");
      await open(page, "/cart/checkout");
      await addToCart("studio-icon-set");
      await page.getByRole("button", { name: /^Confirm and spend/ }).click();
      const refused = page.getByText(/^Your cart changed after you reviewed it/);
      if (javaScriptEnabled) await expectInView(refused);
      else await expect(refused).toBeVisible();

      await open(page, "/cart/checkout");
      await page.getByRole("button", { name: "Confirm and spend 15 tokens" }).click();
      await expect(page).toHaveTitle("Order complete — Ascendra");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order complete");
      const done = page.getByText(/^Checkout successful! You spent 15 Creative Tokens/);
      if (javaScriptEnabled) await expectInView(done);
      else await expect(done).toBeVisible();
      await expect(page.locator('main a[href="/cart"]')).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Download Launch Poster" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Download Studio Icon Set" })).toBeVisible();
      await expect(page.getByText("Your receipt is in your email and your notifications.")).toBeVisible();
      const receipt = await page.request.get(
        (await page.getByRole("link", { name: "Your receipt" }).getAttribute("href"))!,
      );
      expect(receipt.status()).toBe(200);
      expect(await receipt.text()).toContain("15 Creative Tokens");
      // A reload spends nothing and shows the same order.
      await page.reload();
      await expect(page.getByText(/^Checkout successful! You spent 15 Creative Tokens/)).toBeVisible();
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download Launch Poster" }).click();
      expect((await downloading).suggestedFilename()).toBe("launch-poster.svg");
    });

    test("subscribe: a declined card keeps the expiry and name", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await open(page, "/dashboard2/billing/plans/starter");
      await fillCard(page, DECLINED_CARD);
      await page.getByRole("button", { name: /^Subscribe for/ }).click();
      const refused = page.getByText(
        "Your card was declined. Please use a different card; you have not been charged.",
      );
      if (javaScriptEnabled) await expectInView(refused);
      else await expect(refused).toBeVisible();
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/39");
      await expect(page.getByLabel("Name on card")).toHaveValue("Asha Rao");
    });

    test("notifications: Mark all read lands back on the page with the new count in view", async ({
      page,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await newProject(page);
      await open(page, "/dashboard2/notifications");
      await page.getByRole("button", { name: "Mark all read" }).click();
      const count = page.getByText("You're all caught up.", { exact: true });
      if (javaScriptEnabled) await expectInView(count);
      else await expect(count).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
    });
  });
}
