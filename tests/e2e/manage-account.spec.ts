import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount, expect, test, uniqueName, waitForHydration } from "./fixtures";

type Account = { username: string; email: string; password: string };

async function signIn(
  page: Page,
  account: { username: string; password: string },
  javaScriptEnabled: boolean,
  to = "/dashboard2",
) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Username or email").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  if (javaScriptEnabled) await waitForHydration(page);
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A project with a file, made through the API. */
async function apiProject(request: APIRequestContext, account: Account, title: string) {
  const login = await request.post("/api/auth/login/", {
    data: { username: account.username, password: account.password },
  });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post("/api/projects/", {
    headers: { Authorization: `Token ${token}` },
    multipart: {
      title,
      description: "A brand refresh for spring.",
      category: "graphic",
      budget: "5k_10k",
      timeline: "flexible",
      files: { name: "brief.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(created.status()).toBe(201);
  return token;
}

const formWith = (page: Page, button: string) =>
  page.locator("form", { has: page.getByRole("button", { name: button }) });

for (const javaScriptEnabled of [false, true]) {
  test.describe(`Manage account with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(120_000);

    test("tabs, profile settings with Cancel, and a password change that signs out the other browser", async ({
      page,
      browser,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await expect(page.getByRole("heading", { name: `Hello, ${account.username}` })).toBeVisible();
      await expect(page.getByTestId("plan-badge")).toHaveText("Free Plan");
      await expect(page.getByTestId("stat-active-projects")).toHaveText("0");
      await expect(
        page.getByRole("complementary", { name: "Account" }).getByRole("link", { name: "Help & Support" }),
      ).toHaveAttribute("href", "/helpsupport");
      const workspace = page.getByRole("navigation", { name: "Workspace" });
      await expect(workspace.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
      await page
        .getByRole("navigation", { name: "Home pages" })
        .getByRole("link", { name: "Activity" })
        .click();
      await expect(page.getByTestId("stat-completed")).toHaveText("0");
      await workspace.getByRole("link", { name: "Wallet & billing" }).click();
      await expect(page).toHaveURL(/\/dashboard2\/billing$/);
      await page
        .getByRole("navigation", { name: "Wallet & billing pages" })
        .getByRole("link", { name: "Receipts & usage" })
        .click();
      await expect(page).toHaveURL(/\/manageaccount\/billing$/);
      await expect(workspace.getByRole("link", { name: "Wallet & billing" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await workspace.getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/dashboard2\/settings$/);
      if (javaScriptEnabled) await waitForHydration(page);

      // Defaults: email and project updates on, sms and marketing off.
      for (const [name, on] of [
        ["Email notifications", true],
        ["SMS notifications", false],
        ["Project updates", true],
        ["Marketing emails", false],
      ] as const) {
        await expect(page.getByRole("switch", { name })).toBeChecked({ checked: on });
      }
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Please enter your full name.")).toBeVisible();

      await page.getByLabel("Full name").fill("Asha Rao");
      await page.getByLabel("Phone (optional)").fill("98200 12345");
      await page.getByLabel("Company (optional)").fill("Rao Studio");
      await page.getByLabel("Address (optional)").fill("12 Marine Drive, Mumbai");
      await page.getByRole("switch", { name: "Project updates" }).uncheck();
      await page.getByRole("switch", { name: "Marketing emails" }).check();
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Profile updated successfully!")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Full name")).toHaveValue("Asha Rao");
      await expect(page.getByLabel("Phone (optional)")).toHaveValue("+919820012345");
      await expect(page.getByRole("switch", { name: "Project updates" })).not.toBeChecked();
      await expect(page.getByRole("switch", { name: "Marketing emails" })).toBeChecked();
      await expect(page.getByTestId("account-name")).toHaveText("Asha Rao");
      await expect(page.getByTestId("account-initials")).toHaveText("AR");

      // Cancel puts back what is saved.
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Full name").fill("Somebody Else");
      await page.getByRole("switch", { name: "Marketing emails" }).uncheck();
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByLabel("Full name")).toHaveValue("Asha Rao");
      await expect(page.getByRole("switch", { name: "Marketing emails" })).toBeChecked();

      // A second browser, then a password change from the first.
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      await signIn(other, account, false);
      await expect(page.getByTestId("session")).toHaveCount(1);
      await page.reload();
      await expect(page.getByTestId("session")).toHaveCount(2);

      const password = formWith(page, "Change Password");
      await password.getByLabel("Current password").fill("not-my-password");
      await password.getByLabel("New password", { exact: true }).fill("newpass1");
      await password.getByLabel("Confirm new password").fill("newpass2");
      await password.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("Passwords do not match.")).toBeVisible();
      await password.getByLabel("Current password").fill("not-my-password");
      await password.getByLabel("New password", { exact: true }).fill("newpass1");
      await password.getByLabel("Confirm new password").fill("newpass1");
      await password.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("Your current password is not correct.")).toBeVisible();
      await password.getByLabel("Current password").fill(account.password);
      await password.getByLabel("New password", { exact: true }).fill("newpass1");
      await password.getByLabel("Confirm new password").fill("newpass1");
      await password.getByRole("button", { name: "Change Password" }).click();
      await expect(
        page.getByText(
          "Your password has been changed. Every other session and API key has been signed out.",
        ),
      ).toBeVisible();
      await expect(page.getByTestId("session")).toHaveCount(1);

      await other.goto("/manageaccount");
      await expect(other).toHaveURL(/\/login\?redirectTo=%2Fmanageaccount$/);
      await signIn(other, { username: account.username, password: "newpass1" }, false);
      await otherContext.close();

      // The email change form asks for a link to be opened.
      const email = formWith(page, "Send verification link");
      const newEmail = `${uniqueName("new")}@example.org`;
      await email.getByLabel("New email").fill(newEmail);
      await email.getByLabel("Current password").fill("newpass1");
      await email.getByRole("button", { name: "Send verification link" }).click();
      await expect(page.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
    });

    // Without JavaScript: tests/http/journeys-manage-account.test.ts.
    if (javaScriptEnabled)
      test("projects filter, billing usage, data export with only my data, and deletion that ends every way in", async ({
        page,
      }) => {
        const stranger = await createAccount(page);
        await apiProject(page.request, stranger, "Stranger's launch");
        const account = await createAccount(page);
        const title = `Rebrand ${uniqueName("p")}`;
        const token = await apiProject(page.request, account, title);
        await signIn(page, account, javaScriptEnabled, "/dashboard2/projects");

        await expect(page.getByTestId("summary-total")).toHaveText("1");
        await expect(page.getByTestId("summary-progress")).toHaveText("0%");
        const card = page.getByTestId("account-project");
        await expect(card).toHaveCount(1);
        await expect(card).toContainText(title);
        await expect(card).toContainText("Submitted");
        await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute(
          "href",
          /^\/project\/[0-9a-f-]{36}$/,
        );
        await expect(card.getByRole("link", { name: "Contact Team" })).toHaveAttribute(
          "href",
          /#conversation$/,
        );
        const downloading = page.waitForEvent("download");
        await card.getByRole("link", { name: /Download Files/ }).click();
        expect((await downloading).suggestedFilename()).toBe("brief.pdf");

        await page.getByLabel("Show").selectOption("completed");
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
        await expect(page).toHaveURL(/status=completed/);
        await expect(page.getByText("No projects found")).toBeVisible();
        await page.getByLabel("Show").selectOption("under-review");
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
        await expect(page.getByTestId("account-project")).toHaveCount(1);
        await expect(page.getByRole("link", { name: "New Project" })).toHaveAttribute(
          "href",
          "/createprojectform",
        );

        await page
          .getByRole("navigation", { name: "Workspace" })
          .getByRole("link", { name: "Wallet & billing" })
          .click();
        await page
          .getByRole("navigation", { name: "Wallet & billing pages" })
          .getByRole("link", { name: "Receipts & usage" })
          .click();
        await expect(page.getByTestId("current-plan")).toHaveText("Free Plan");
        await expect(page.getByTestId("usage-storage")).toHaveText(`${PDF.length} Bytes of 1 GB (0%)`);
        await expect(page.getByTestId("no-receipts")).toBeVisible();
        await expect(page.getByRole("link", { name: "Upgrade Plan" })).toBeVisible();

        // Export: a JSON file with my project and nothing of the stranger's.
        await page
          .getByRole("navigation", { name: "Workspace" })
          .getByRole("link", { name: "Settings" })
          .click();
        if (javaScriptEnabled) await waitForHydration(page);
        const exporting = page.waitForEvent("download");
        await page.getByRole("button", { name: "Download my data (JSON)" }).click();
        const download = await exporting;
        expect(download.suggestedFilename()).toMatch(
          new RegExp(`^ascendra-data-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
        );
        const text = await readFile((await download.path())!, "utf8");
        const exported = JSON.parse(text) as { account: { username: string }; projects: { title: string }[] };
        expect(exported.account.username).toBe(account.username);
        expect(exported.projects.map((p) => p.title)).toEqual([title]);
        expect(text).not.toContain(stranger.username);
        expect(text).not.toContain("Stranger's launch");

        // Delete: the password is checked, then nothing lets this account in again.
        await page.getByText("Delete my account", { exact: true }).click();
        await page.getByLabel("Your password").fill("wrong-password");
        await page.getByRole("button", { name: "Delete my account permanently" }).click();
        await expect(page.getByText("Your current password is not correct.")).toBeVisible();
        if (!(await page.getByLabel("Your password").isVisible()))
          await page.getByText("Delete my account", { exact: true }).click();
        await page.getByLabel("Your password").fill(account.password);
        await page.getByRole("button", { name: "Delete my account permanently" }).click();
        await expect(page).toHaveURL(/\/account-deleted$/);
        await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();

        await page.goto("/manageaccount");
        await expect(page).toHaveURL(/\/login\?redirectTo=/);
        for (const identifier of [account.username, account.email]) {
          const login = await page.request.post("/api/auth/login/", {
            data: { username: identifier, password: account.password },
          });
          expect(login.ok()).toBe(false);
        }
        const api = await page.request.get("/api/projects/", {
          headers: { Authorization: `Token ${token}` },
        });
        expect(api.status()).toBe(401);
      });
  });
}

test("anonymous visitors of Manage account go to login; an email link that is not valid says so", async ({
  page,
}) => {
  for (const path of [
    "/manageaccount",
    "/manageaccount/profile",
    "/manageaccount/projects",
    "/manageaccount/billing",
    "/dashboard2/settings",
    "/profile",
    "/profile/projects",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
  }
  const response = await page.goto("/verify-email/not-a-real-token");
  expect(response?.status()).toBe(410);
  await expect(page.getByText("This link is invalid or has expired.", { exact: false })).toBeVisible();
});
