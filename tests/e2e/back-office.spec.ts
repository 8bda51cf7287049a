import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { sendQuote } from "./back-office-steps";
import { createAccount, expect, newVisitor, signInAs, test, uniqueName, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`back-office with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(120_000);

    test("the back-office has its own frame: header, sections, no marketing navbar or footer; 1366 and 390 px", async ({
      browser,
    }) => {
      const staff = await newVisitor(browser, javaScriptEnabled);
      await staff.setViewportSize({ width: 1366, height: 800 });
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      await expect(staff).toHaveTitle("Overview — Back-office");

      // Its own header: the brand leads to the overview, then who is signed in, the public site and sign out.
      const header = staff.getByTestId("back-office-header");
      await expect(header.getByRole("link", { name: "Ascendra Back-office" })).toHaveAttribute(
        "href",
        "/admin",
      );
      await expect(header.getByTestId("back-office-staff")).toContainText(E2E_STAFF.email);
      await expect(header.getByRole("link", { name: "View the site" })).toHaveAttribute("href", "/");
      await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
      // None of the marketing site's frame: no main navigation, no footer, no newsletter form.
      await expect(staff.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expect(staff.getByRole("contentinfo")).toHaveCount(0);
      await expect(staff.getByRole("textbox", { name: /newsletter|email/i })).toHaveCount(0);
      // One navigation for the sections, beside the page at 1366 px, the header staying on top.
      const nav = staff.getByRole("navigation", { name: "Back-office" });
      await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Reports" })).toHaveAttribute("href", "/admin/reports");
      const [navBox, mainBox] = [await nav.boundingBox(), await staff.locator("main#main").boundingBox()];
      expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(mainBox!.x);
      await expect(staff.getByRole("heading", { name: "What clients did" })).toBeVisible();
      await expect(staff.getByRole("heading", { name: "What staff did" })).toBeVisible();
      await staff.mouse.wheel(0, 2000);
      expect((await header.boundingBox())!.y).toBe(0);
      // axe runs inside the page: with JavaScript on (the frame's markup is the same without).
      if (javaScriptEnabled) expect(await seriousViolations(staff), "at 1366 px").toEqual([]);

      // At 390 px: the sections are one row that scrolls sideways; the page itself never does.
      await staff.setViewportSize({ width: 390, height: 844 });
      await expect(nav).toBeVisible();
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (javaScriptEnabled) expect(await seriousViolations(staff), "at 390 px").toEqual([]);
      const audit = nav.getByRole("link", { name: "Audit log" });
      await audit.scrollIntoViewIfNeeded();
      await audit.click();
      await expect(staff).toHaveURL(/\/admin\/audit$/);
      await expect(staff.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (javaScriptEnabled) await waitForHydration(staff);

      // The skip link leads to the page; sign out from the header ends the session.
      await expect(staff.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
      await header.getByRole("button", { name: "Logout" }).click();
      await expect(staff).not.toHaveURL(/\/admin/);
      await staff.setViewportSize({ width: 1366, height: 800 });
      const after = await staff.goto("/admin");
      expect(after?.status()).toBe(404);
      // A stranger's 404 is the site's own, in the public frame, exactly like any unknown page.
      await expect(staff.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(staff.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(staff.getByRole("contentinfo")).toBeVisible();
      await expect(staff.getByTestId("back-office-header")).toHaveCount(0);
    });

    test("a visitor's quote reaches the inbox; staff reply and mark it handled", async ({
      page,
      browser,
    }) => {
      const company = uniqueName("Studio");
      const sender = `Maya ${uniqueName("R")}`;
      await sendQuote(
        page,
        {
          company,
          sender,
          email: "maya@acme.example",
          brief: "A full rebrand for our spice range, packaging included.",
        },
        javaScriptEnabled,
      );

      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      await staff
        .getByRole("navigation", { name: "Back-office" })
        .getByRole("link", { name: /^Inbox/ })
        .click();
      await expect(staff.getByRole("heading", { name: "Inbox" })).toBeVisible();
      await staff.getByLabel("Search").fill(company);
      await staff.getByRole("button", { name: "Apply" }).click();
      const row = staff.getByTestId("inbox-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Quote request");
      await expect(row).toContainText("Waiting");

      await row.getByRole("link", { name: sender }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Quote request from ${sender}`);
      if (javaScriptEnabled) await waitForHydration(staff);
      await expect(staff.getByText("A full rebrand for our spice range, packaging included.")).toBeVisible();
      await expect(staff.getByText("+919820012345")).toBeVisible();

      // The reply's messages come first, then a real reply.
      await staff.getByRole("button", { name: "Send reply" }).click();
      await expect(staff.getByText("Please write your reply.")).toBeVisible();
      await expect(staff.getByLabel("Subject")).toHaveValue("Re: your quote request");
      await staff.getByLabel("Your reply").fill("Thank you! Our quote: 120 Creative Tokens, four weeks.");
      await staff.getByRole("button", { name: "Send reply" }).click();
      await expect(staff.getByText("Reply sent to maya@acme.example.", { exact: false })).toBeVisible();
      await expect(staff.getByTestId("reply")).toContainText("Our quote: 120 Creative Tokens");
      await expect(staff.getByLabel("Your reply")).toHaveValue("");

      await staff.getByRole("button", { name: "Mark as handled" }).click();
      await expect(staff.getByText("Marked as handled.")).toBeVisible();
      await expect(staff.getByRole("button", { name: "Move back to waiting" })).toBeVisible();
      await expect(staff.getByTestId("audit-trail")).toContainText("Replied to a submission");
      await expect(staff.getByTestId("audit-trail")).toContainText("Marked a submission handled");

      // The list says so, and the reply is in the outbox.
      await staff.goto(`/admin/inbox?q=${encodeURIComponent(company)}`);
      await expect(staff.getByTestId("inbox-row")).toContainText("Handled");
      await staff.goto("/admin/outbox?q=maya%40acme.example");
      await expect(
        staff.getByTestId("outbox-row").filter({ hasText: "Re: your quote request" }).first(),
      ).toBeVisible();

      // The filtered list as a spreadsheet.
      const csv = await staff.request.get(`/admin/inbox/export.csv?q=${encodeURIComponent(company)}`);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(await csv.text()).toContain(company);
    });

    // Without JavaScript: tests/http/journeys-back-office.test.ts.
    if (javaScriptEnabled)
      test("a client's project: staff accept, write, deliver and complete; the client sees it all", async ({
        page,
        browser,
      }) => {
        const account = await createAccount(page);
        await signInAs(page, account, { javaScriptEnabled });
        const title = `Identity ${uniqueName("p")}`;
        await open(page, "/createprojectform", javaScriptEnabled);
        await page.getByLabel("Project title").fill(title);
        await page.getByLabel("Description").fill("Logo, colours and packaging for our tea shops.");
        await page.getByLabel("Category").selectOption("graphic");
        await page.getByLabel("Budget").selectOption("10k_50k");
        await page.getByRole("button", { name: "Submit project" }).click();
        await expect(
          page.getByRole("heading", { name: "Your project has been submitted and is now under review" }),
        ).toBeVisible();
        // It leads to the dashboard after 2 seconds (a meta refresh without JavaScript): wait for it,
        // or the next navigation races it (net::ERR_ABORTED).
        await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });

        const staff = await newVisitor(browser, javaScriptEnabled);
        await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin/projects" });
        await staff.getByLabel("Search").fill(title);
        await staff.getByRole("button", { name: "Search" }).click();
        await expect(staff.getByTestId("pipeline-row")).toHaveCount(1);
        await staff.getByRole("link", { name: title }).click();
        await expect(staff.getByRole("heading", { level: 1 })).toHaveText(title);
        if (javaScriptEnabled) await waitForHydration(staff);

        await staff.getByLabel("Note for the client (optional)").fill("We start on Monday.");
        await staff.getByRole("button", { name: "Accept", exact: true }).click();
        await expect(
          staff.getByText("The project is now In Progress. The client has been notified."),
        ).toBeVisible();

        await staff.getByLabel("Message to the client").fill("First drafts arrive on Thursday.");
        await staff.getByRole("button", { name: "Send message" }).click();
        await expect(staff.getByText("Message sent. The client has been notified.")).toBeVisible();
        await expect(staff.getByTestId("comment")).toContainText("First drafts arrive on Thursday.");

        await staff
          .getByLabel("Upload a deliverable")
          .setInputFiles({ name: "logo-final.pdf", mimeType: "application/pdf", buffer: PDF });
        await staff.getByRole("button", { name: "Upload", exact: true }).click();
        await expect(
          staff.getByText("logo-final.pdf was added. The client has been notified."),
        ).toBeVisible();
        await expect(staff.getByTestId("project-file")).toContainText("from the team");

        await staff.getByRole("button", { name: "Complete", exact: true }).click();
        await expect(
          staff.getByText("The project is now Completed. The client has been notified."),
        ).toBeVisible();
        await expect(staff.getByText("This project is closed: no further status changes.")).toBeVisible();
        await expect(staff.getByTestId("status-history")).toContainText("We start on Monday.");

        // The client: notifications, the conversation and the file.
        await open(page, "/dashboard2/notifications", javaScriptEnabled);
        // The page's list (the top bar's dropdown holds the same items, closed).
        const notifications = page.locator('[data-testid="notification"]:visible');
        for (const heading of [
          "New file from your project manager",
          "New message from your project manager",
          "Project status updated",
        ]) {
          await expect(notifications.filter({ hasText: heading }).first()).toBeVisible();
        }
        await expect(notifications.filter({ hasText: `“${title}” is now Completed.` })).toBeVisible();
        await notifications
          .filter({ hasText: "New file from your project manager" })
          .getByRole("button", { name: /^New file/ })
          .click();
        await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
        await expect(page.locator("[data-status]").first()).toHaveText("Completed");
        const comment = page
          .getByTestId("thread-entry")
          .filter({ hasText: "First drafts arrive on Thursday." });
        await expect(comment).toContainText("Project Manager");
        const file = page.getByTestId("project-file").filter({ hasText: "logo-final.pdf" });
        const downloading = page.waitForEvent("download");
        await file.getByRole("link", { name: /Download/ }).click();
        expect((await downloading).suggestedFilename()).toBe("logo-final.pdf");
      });

    // Without JavaScript: tests/http/journeys-back-office.test.ts.
    if (javaScriptEnabled)
      test("staff invite a colleague; the emailed link makes them staff, once", async ({ browser }) => {
        const staff = await newVisitor(browser, javaScriptEnabled);
        await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin/staff" });
        const email = `${uniqueName("hire")}@e2e.ascendra.test`;
        await staff.getByLabel("Email address").fill(email);
        await staff.getByRole("button", { name: "Send invitation" }).click();
        await expect(staff.getByText(`Invitation sent to ${email}.`, { exact: false })).toBeVisible();
        await expect(staff.getByTestId("invitation-row").filter({ hasText: email })).toBeVisible();

        // No SMTP in tests: the email waits in the outbox, where staff read it.
        await staff.goto(`/admin/outbox?q=${encodeURIComponent(email)}`);
        await staff.getByRole("link", { name: /You are invited/ }).click();
        const link = /http:\/\/\S+\/staff-invite\/\S+/.exec(
          (await staff.getByTestId("email-text").textContent()) ?? "",
        )?.[0];
        expect(link).toBeTruthy();

        const newcomer = await newVisitor(browser, javaScriptEnabled);
        await open(newcomer, new URL(link!).pathname, javaScriptEnabled);
        await expect(newcomer.getByRole("heading", { name: "Join the team" })).toBeVisible();
        const username = uniqueName("hire");
        await newcomer.getByLabel("Username").fill(username);
        await newcomer.getByLabel("Password", { exact: true }).fill("new-staff-pass");
        await newcomer.getByLabel("Confirm password").fill("new-staff-pass");
        await newcomer.getByRole("button", { name: "Join the team" }).click();
        await expect(newcomer).toHaveURL(/\/admin$/);
        await expect(newcomer.getByRole("heading", { name: "Overview" })).toBeVisible();
        await expect(newcomer.getByRole("navigation", { name: "Back-office" })).toBeVisible();

        await open(newcomer, new URL(link!).pathname, javaScriptEnabled);
        await expect(newcomer.getByRole("heading", { name: "Link expired" })).toBeVisible();
      });
  });
}
