// The client workspace as one place (issue 35, decisions 0056–0060): a client
// signs up, starts a project, approves the delivered version after its
// confirmation, buys tokens and gets the receipt email, is told of the refund
// and meets the studio, and every page on the way is inside the workspace's
// navigation. The client's steps run with JavaScript on and again with it off
// (the confirmation is then a page of its own); staff work in the back-office
// with JavaScript on.
import type { Page } from "@playwright/test";
import { pngBytes } from "../integration/proofing-helpers";
import {
  createAccount,
  expect,
  newVisitor,
  signIn,
  signInAs,
  test,
  uniqueName,
  waitForHydration,
} from "./fixtures";
import { E2E_STAFF } from "./staff-account";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The page is one of the workspace's: its navigation is there, with the section marked current. */
async function inWorkspace(page: Page, section: string) {
  const nav = page.getByRole("navigation", { name: "Workspace" });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: section, exact: true })).toHaveAttribute("aria-current", "page");
  expect(await duplicateIds(page), `ids used twice on ${page.url()}`).toEqual([]);
}

/** Ids used more than once: one breaks a form's fields (form="…") and a label's target. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll("[id]"))
      seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });
}

/** Follows a link of the workspace's navigation: the section, then one of its pages if named. */
async function openSection(page: Page, section: string, subpage?: string) {
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: section, exact: true })
    .click();
  if (subpage)
    await page
      .getByRole("navigation", { name: `${section} pages` })
      .getByRole("link", { name: subpage })
      .click();
  await inWorkspace(page, section);
}

/** The email staff read in the outbox (no SMTP in tests), by its subject. */
async function emailText(staff: Page, to: string, subject: RegExp): Promise<string> {
  await staff.goto(`/admin/outbox?q=${encodeURIComponent(to)}`);
  await staff.getByRole("link", { name: subject }).first().click();
  return (await staff.getByTestId("email-text").textContent()) ?? "";
}

async function fillCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sign up, a project, a proof approved after its confirmation, a receipted purchase, a refund notice and a meeting, all in the workspace", async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const ready = async () => {
        if (javaScriptEnabled) await waitForHydration(page);
      };

      // Sign up, paying in euros; the account lands on the workspace's home.
      const username = uniqueName("ws");
      const email = `${username}@example.com`;
      await page.goto("/signup");
      await ready();
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret12");
      await page.getByLabel("Confirm password").fill("secret12");
      await page.getByLabel("Currency (optional)").selectOption("eu");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByRole("heading", { name: "Account created" })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });
      await inWorkspace(page, "Home");

      // A project, from the Projects section.
      await openSection(page, "Projects");
      await page.getByRole("link", { name: "New project" }).first().click();
      await expect(page).toHaveURL(/\/createprojectform$/);
      await inWorkspace(page, "Projects");
      await ready();
      const title = `Identity ${uniqueName("p")}`;
      await page.getByLabel("Project title").fill(title);
      await page.getByLabel("Description").fill("A wordmark and a colour system for our tea shop.");
      await page.getByLabel("Category").selectOption("graphic");
      await page.getByLabel("Budget").selectOption("1k_5k");
      await page.getByRole("button", { name: "Submit project" }).click();
      await expect(
        page.getByRole("heading", { name: "Your project has been submitted and is now under review" }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });
      await openSection(page, "Projects");
      await page.getByRole("link", { name: title }).first().click();
      await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
      const projectId = page.url().split("/project/")[1]!;
      await inWorkspace(page, "Projects");
      // Nothing delivered yet: nothing to approve.
      await expect(page.getByTestId("approve-button")).toHaveCount(0);

      // Staff accept it and deliver version 1.
      const staff = await newVisitor(browser, true);
      await signInAs(staff, E2E_STAFF, {
        javaScriptEnabled: true,
        redirectTo: `/admin/projects/${projectId}`,
      });
      await waitForHydration(staff);
      await staff.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(staff.getByText(/^The project is now /)).toBeVisible();
      await staff.goto(`/admin/projects/${projectId}/proofing`);
      await staff
        .getByLabel(/Upload version 1 for the client to proof/)
        .setInputFiles({ name: "v1.png", mimeType: "image/png", buffer: pngBytes(400, 300) });
      await staff.getByRole("button", { name: "Upload version", exact: true }).click();
      await expect(staff.getByText("Version 1 (v1.png) is ready for the client.")).toBeVisible();
      await staff.goto(`/admin/projects/${projectId}`);
      await waitForHydration(staff);
      await staff.getByRole("button", { name: "Send for review", exact: true }).click();
      await expect(staff.getByText(/^The project is now /)).toBeVisible();

      // The client approves version 1: the step names the version and asks first.
      await page.reload();
      await ready();
      const approve = page.getByTestId("approve-button");
      await expect(approve).toHaveText("Approve & Publish version 1");
      await approve.click();
      const confirmation = page.getByRole("dialog", { name: "Approve version 1 and publish it?" });
      await expect(confirmation).toBeVisible();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\?confirm=approve$/);
      await expect(confirmation).toContainText("This cannot be undone.");
      await confirmation.getByRole("button", { name: "Yes, approve version 1 and publish" }).click();
      await expect(page.getByText("Version 1 approved and published.")).toBeVisible();
      await inWorkspace(page, "Projects");
      await expect(page.locator("[data-status]").first()).toHaveText("Published");

      // Tokens, from Wallet & billing, paid by card in euros.
      await openSection(page, "Wallet & billing");
      await page.getByRole("link", { name: /^Buy Essential/ }).click();
      await inWorkspace(page, "Wallet & billing");
      await ready();
      await fillCard(page);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      const paid = page.getByText(/^Success! You purchased 50 Creative Tokens\./);
      await expect(paid).toBeVisible();
      if (javaScriptEnabled) {
        // The answer is where the client looks (decision 0060).
        await expect(page.locator("[data-outcome]:focus")).toContainText("Success! You purchased");
        await expect(paid).toBeInViewport();
      }

      // The receipt email: amount in euros, the tokens, the balance after, the PDF.
      const receipt = await emailText(staff, email, /^Tokens purchased — Ascendra receipt/);
      expect(receipt).toMatch(/Amount: €\d/);
      expect(receipt).toContain("Tokens: 50 Creative Tokens");
      expect(receipt).toContain("Balance after: 50 Creative Tokens");
      expect(receipt).toMatch(/Receipt PDF: https?:\/\/\S+\/manageaccount\/receipts\//);
      const receiptNumber = /Receipt: #(\d+)/.exec(receipt)?.[1];
      expect(receiptNumber, "the receipt's number").toBeTruthy();

      // Staff refund the payment in full; the client is told what came back.
      await staff.goto(`/admin/payments?receipt=${receiptNumber}`);
      await staff.getByRole("link", { name: `#${receiptNumber}`, exact: true }).click();
      // Two steps (decision 0072): nothing was spent, so the suggested amount is all of it.
      await staff.getByRole("button", { name: "Review refund" }).click();
      await staff.getByRole("button", { name: /^Confirm refund of / }).click();
      await expect(staff.getByRole("table", { name: "Refunds" })).toBeVisible();

      await openSection(page, "Notifications");
      // The page's list, not the bell's dropdown.
      const refundNotice = page
        .locator('[data-testid="notification"]:not([data-testid="notifications-dropdown"] *)')
        .filter({ hasText: "Refund issued" });
      await expect(refundNotice).toBeVisible();
      await expect(refundNotice).toContainText(`is on its way back to you for receipt #${receiptNumber}`);
      await expect(refundNotice).toContainText("50 Creative Tokens from that purchase were taken back.");
      // The wallet's figures are true after the refund.
      await openSection(page, "Wallet & billing");
      await expect(page.getByTestId("token-balance")).toHaveText("0");

      // A meeting: asked for from the latest project, confirmed by staff, with its invite.
      await openSection(page, "Projects", "Latest project");
      await ready();
      await page.getByLabel("Preferred time (IST)").fill(`${inDays(5)}T11:00`);
      await page.getByLabel("Note (optional)").fill("The wordmark's next steps");
      await page.getByRole("button", { name: "Request", exact: true }).click();
      await expect(page.getByText("Meeting requested. We will confirm the time by email.")).toBeVisible();
      await inWorkspace(page, "Projects");

      await staff.goto("/admin/agenda");
      await staff
        .getByTestId("waiting-requests")
        .getByRole("link", { name: new RegExp(title) })
        .click();
      await waitForHydration(staff);
      const meetingForm = staff.locator("form#meeting-confirm");
      await meetingForm.getByLabel("Date").fill(inDays(5));
      await meetingForm.getByLabel("Time", { exact: true }).fill("11:00");
      await meetingForm.getByLabel(/^Meeting link/).fill("https://meet.example.com/identity");
      await meetingForm.getByRole("button", { name: "Confirm and send invite" }).click();
      await expect(staff.getByText(`Meeting confirmed. The invite is on its way to ${email}.`)).toBeVisible();

      await openSection(page, "Meetings");
      const meeting = page.getByTestId("meeting").filter({ hasText: title });
      await expect(meeting).toBeVisible();
      const invite = await page.request.get(
        (await meeting.getByRole("link", { name: /^Add to calendar:/ }).getAttribute("href"))!,
      );
      expect(invite.headers()["content-type"]).toContain("text/calendar");
      expect(await invite.text()).toContain("https://meet.example.com/identity");

      await staff.context().close();
    });
  });
}

test("no page of the workspace uses an id twice", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await createAccount(page);
  await signIn(page, account, true);
  const created = await page.request.post("/api/projects/", {
    multipart: {
      title: "Ids",
      description: "A poster",
      category: "graphic",
      budget: "1k_5k",
      timeline: "2_weeks",
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const pages = [
    "/dashboard2",
    "/dashboard2/activity",
    "/dashboard2/projects",
    "/profile",
    "/order",
    `/project/${projectId}`,
    "/createprojectform",
    "/dashboard2/meetings",
    "/dashboard2/billing",
    "/dashboard2/billing/tokens",
    "/manageaccount/billing",
    "/manageaccount/billing/payment-methods",
    "/dashboard2/shop",
    "/dashboard2/purchases",
    "/dashboard2/recommendations",
    "/cart",
    "/dashboard2/notifications",
    "/dashboard2/settings",
  ];
  const found: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
    found.push(...(await duplicateIds(page)).map((id) => `${path}: #${id}`));
  }
  expect(found).toEqual([]);
});
