import { createAccount, expect, signIn, test, uniqueName, waitForHydration } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // One long journey through five pages; the machine is shared.
    test.setTimeout(120_000);

    test("create a project with a file, follow it on the dashboard and /order, talk, request a revision, read notifications", async ({
      page,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await expect(page.getByTestId("stat-active-projects")).toHaveText("0");

      // Create: the spec's messages first, then a real submission.
      await page.getByRole("link", { name: "New project" }).click();
      await expect(page).toHaveURL(/\/createprojectform$/);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("button", { name: "Submit project" }).click();
      for (const message of [
        "Project title is required",
        "Project description is required",
        "Please select a category",
        "Please select a budget range",
      ]) {
        await expect(page.getByText(message)).toBeVisible();
      }
      const title = `Launch ${uniqueName("video")}`;
      await page.getByLabel("Project title").fill(title);
      await page
        .getByLabel("Description")
        .fill("A 30 second teaser for our spring collection, cut for reels and stories.");
      await page.getByLabel("Category").selectOption("video");
      await page.getByLabel("Budget").selectOption("10k_50k");
      // The slider starts at Flexible; three steps left is 1 week (keyboard works with or without JavaScript).
      const timeline = page.getByLabel("Timeline");
      await timeline.focus();
      for (let i = 0; i < 3; i++) await timeline.press("ArrowLeft");
      await expect(timeline).toHaveValue("0");
      if (javaScriptEnabled) await expect(page.locator("output")).toHaveText("1 week");
      await page
        .getByLabel("Attach a file (optional)")
        .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.getByLabel("Use my Creative Tokens for this project").check();
      await page.getByRole("button", { name: "Submit project" }).click();
      await expect(
        page.getByRole("heading", { name: "Your project has been submitted and is now under review" }),
      ).toBeVisible();
      // Then the dashboard, after 2 seconds (a countdown with JavaScript, a meta refresh without).
      await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });
      await expect(page.getByTestId("stat-active-projects")).toHaveText("1");
      const card = page.getByTestId("project-card").filter({ hasText: title });
      await expect(card).toContainText("Submitted");

      // Notifications: the dropdown works without JavaScript (details/summary).
      await expect(page.getByTestId("unread-count")).toHaveText("1");
      await page.getByTestId("notifications-dropdown").locator("summary").click();
      await expect(page.getByTestId("notifications-dropdown").getByText("Project submitted")).toBeVisible();
      await page.getByRole("button", { name: "Mark all read" }).click();
      await expect(page.getByTestId("unread-count")).toHaveCount(0);

      // /order: GET search (any case) and status filter.
      await page.goto("/order");
      await page.getByLabel("Search").fill(title.toUpperCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/\/order\?q=/);
      const tracked = page.getByTestId("tracked-project");
      await expect(tracked).toHaveCount(1);
      // The status vocabulary (decision 0057): no staff-only priority, no progress before acceptance.
      await expect(tracked).toContainText("Submitted");
      await expect(tracked).not.toContainText("priority");
      await expect(tracked.getByRole("progressbar")).toHaveCount(0);
      await page.getByLabel("Status", { exact: true }).selectOption("completed");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText("No projects found")).toBeVisible();
      await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();

      // Detail: stepper, file with its size and a download, conversation, revision.
      await page.goto("/dashboard2");
      await page.getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator('[aria-current="step"]')).toContainText("Submitted");
      await expect(page.getByTestId("approve-button")).toHaveCount(0);
      const file = page.getByTestId("project-file");
      await expect(file).toContainText("brief.pdf");
      await expect(file).toContainText(`${PDF.length} Bytes`);
      const downloading = page.waitForEvent("download");
      await file.getByRole("link", { name: /Download/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("brief.pdf");

      await page.getByLabel("Write to the studio").fill("Could the first cut be ready by Friday?");
      await page.getByRole("button", { name: "Send message" }).click();
      const comment = page
        .getByTestId("thread-entry")
        .filter({ hasText: "Could the first cut be ready by Friday?" });
      await expect(comment).toContainText("You");

      await page.getByText("Request Revision", { exact: true }).click();
      await page.getByLabel("What should change?").fill("Please use our new logo in the end card.");
      await page.getByRole("button", { name: "Send revision request" }).click();
      await expect(
        page.getByText("Revision requested. Your project manager has been notified."),
      ).toBeVisible();
      await expect(page.locator("[data-status]").first()).toHaveText("Revision Requested");
      await expect(page.getByRole("button", { name: "Approve & Publish" })).toHaveCount(0);

      // The status change is a new unread notification; opening it marks it read and leads to the project.
      await page.goto("/dashboard2");
      await expect(page.getByTestId("unread-count")).toHaveText("1");
      await page.getByTestId("notifications-dropdown").locator("summary").click();
      await page
        .getByTestId("notifications-dropdown")
        .getByRole("button", { name: /^Project status updated/ })
        .click();
      await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
      await page.goto("/dashboard2/notifications");
      await expect(page.getByText("You're all caught up.")).toBeVisible();
    });
  });
}
