import { createAccount, expect, test, uniqueName, waitForHydration } from "./fixtures";
import type { Page } from "@playwright/test";

async function fillSignup(
  page: Page,
  values: { username: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel("Username").fill(values.username);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm password").fill(values.confirm);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("signup → login → logout", async ({ page }) => {
      await page.goto("/signup");
      if (javaScriptEnabled) await waitForHydration(page);

      // The spec's messages, from the server without JavaScript, inline with it.
      await fillSignup(page, { username: "ab", email: "not-an-email", password: "123", confirm: "123" });
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByText("Username must be at least 3 characters long.")).toBeVisible();
      await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
      await expect(page.getByText("Password must be at least 6 characters long.")).toBeVisible();
      await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");

      const username = uniqueName("flow");
      await fillSignup(page, {
        username,
        email: `${username}@example.com`,
        password: "secret12",
        confirm: "secret13",
      });
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByText("Passwords do not match.")).toBeVisible();
      // Nothing typed is lost but the passwords.
      await expect(page.getByLabel("Username")).toHaveValue(username);

      await page.getByLabel("Password", { exact: true }).fill("secret12");
      await page.getByLabel("Confirm password").fill("secret12");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByRole("heading", { name: "Account created" })).toBeVisible();
      // Signed in at signup; after 3 seconds (a countdown with JavaScript, a meta refresh without), the dashboard.
      await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });
      await expect(page.getByRole("heading", { name: `Hello, ${username}` })).toBeVisible();

      await page
        .getByRole("navigation", { name: "Workspace" })
        .getByRole("link", { name: "Settings" })
        .click();
      await expect(page).toHaveURL(/\/dashboard2\/settings$/);
      await page.getByLabel("Full name").fill("Northwind Owner");
      await page.getByLabel("Company (optional)").fill("Northwind Studio");
      await page.getByLabel("Website (optional)").fill("https://northwind.example");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Profile updated successfully!")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Company (optional)")).toHaveValue("Northwind Studio");
      await expect(page.getByLabel("Website (optional)")).toHaveValue("https://northwind.example");

      await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto("/dashboard2");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard2$/);

      await page.getByLabel("Username or email").fill(username);
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Invalid username or password.")).toBeVisible();

      await page.getByLabel("Password", { exact: true }).fill("secret12");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/dashboard2$/);
    });
  });
}

test("with JavaScript, one press of Sign in shows every missing field's message", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Username is required.")).toBeVisible();
  await expect(page.getByText("Password is required.")).toBeVisible();
  // Inline: fixing a field clears its message as you type.
  await page.getByLabel("Username or email").fill("maya");
  await expect(page.getByText("Username is required.")).toBeHidden();
});

test("the password field has a show/hide toggle with JavaScript, and is a plain field without", async ({
  browser,
}) => {
  const noJs = await browser.newPage({ javaScriptEnabled: false });
  await noJs.goto("/login");
  await expect(noJs.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  await expect(noJs.getByRole("button", { name: "Show" })).toHaveCount(0);
  await noJs.close();

  const page = await browser.newPage();
  await page.goto("/login");
  await waitForHydration(page);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret12");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.close();
});

test("remember me keeps the cookie for 30 days; otherwise it ends with the browser", async ({
  page,
  context,
}) => {
  const account = await createAccount(page);
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2$/);
  let [cookie] = (await context.cookies()).filter((c) => c.name === "ascendra_session");
  expect(cookie?.expires).toBe(-1);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await page.getByLabel("Username or email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2$/);
  [cookie] = (await context.cookies()).filter((c) => c.name === "ascendra_session");
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
});

test("a signed-in visitor of /login or /signup lands on /dashboard2; login returns to redirectTo", async ({
  page,
}) => {
  const account = await createAccount(page);
  await page.goto("/dashboard2/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard2%2Fsettings$/);
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2\/settings$/);

  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard2$/);
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/dashboard2$/);
});

test("forgot password answers the same for any email", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("nobody-at-all@example.com");
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByText(/If an account exists for that email, we have sent a link/)).toBeVisible();
  await page.goto("/reset-password/not-a-real-token");
  await expect(
    page.getByText("This reset link is invalid or has expired. Please ask for a new one."),
  ).toBeVisible();
});

test("the close button goes home, and the login page links to signup and forgot password", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Sign up" })).toHaveAttribute(
    "href",
    "/signup",
  );
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/$/);
});
