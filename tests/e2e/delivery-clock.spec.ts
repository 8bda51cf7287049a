import type { Page } from "@playwright/test";
import { createAccount, expect, newVisitor, signInAs, test, uniqueName, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

// The delivery clock (decision 0048), JavaScript on and off: staff accept a
// project and put it on hold with a note; the client sees "paused … waiting
// on you" with the pause history on the project page and on /order; staff end
// the hold and the clock runs again.

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`delivery clock with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(120_000);

    test("staff put a project on hold; the client sees it paused, waiting on them", async ({
      page,
      browser,
    }) => {
      const account = await createAccount(page);
      await signInAs(page, account, { javaScriptEnabled });
      const title = `Clock ${uniqueName("p")}`;
      await open(page, "/createprojectform", javaScriptEnabled);
      await page.getByLabel("Project title").fill(title);
      await page.getByLabel("Description").fill("A menu and a sign for our new café.");
      await page.getByLabel("Category").selectOption("graphic");
      await page.getByLabel("Budget").selectOption("5k_10k");
      await page.getByLabel("Timeline").fill("1");
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
      await staff.getByRole("link", { name: title }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText(title);
      if (javaScriptEnabled) await waitForHydration(staff);
      await expect(staff.getByText("The delivery clock starts with the work.")).toBeVisible();
      await staff.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(
        staff.getByText("The project is now In Progress. The client has been notified."),
      ).toBeVisible();
      await expect(staff.getByTestId("delivery-headline")).toHaveText(/^Due \d{1,2} \w{3}/);

      const holdForm = staff.locator("form", { has: staff.getByRole("button", { name: "Put on hold" }) });
      await holdForm.getByLabel("On hold: required resources missing").check();
      await holdForm.getByLabel(/^Hold note for the client/).fill("Please send the logo as SVG.");
      await holdForm.getByRole("button", { name: "Put on hold" }).click();
      await expect(
        staff.getByText("The project is on hold and its clock is paused. The client has been notified."),
      ).toBeVisible();
      await expect(staff.getByTestId("delivery-headline")).toContainText("waiting on the client");

      // The client: the project page and /order.
      await open(page, "/order", javaScriptEnabled);
      const card = page.getByTestId("tracked-project").filter({ hasText: title });
      await expect(card.getByTestId("delivery-headline")).toHaveText(
        /^Due \d{1,2} \w{3}( \d{4})? · paused less than a day waiting on you$/,
      );
      await card.getByText("Pause history (1)").click();
      await expect(card.getByTestId("pause-history")).toContainText("Waiting for resources we need from you");

      const clientView = await staff.getByRole("link", { name: "Client's view" }).getAttribute("href");
      await open(page, clientView!, javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const clock = page.getByTestId("delivery-clock");
      await expect(clock.getByTestId("delivery-headline")).toContainText("waiting on you");
      await expect(clock).toContainText("Your project manager wrote: “Please send the logo as SVG.”");
      await expect(clock.getByTestId("pause-history")).toContainText("until you reply");

      // Staff end the hold: the clock runs again.
      await staff.getByRole("button", { name: "End hold and restart the clock" }).click();
      await expect(
        staff.getByText("The hold has ended and the clock runs again. The client has been notified."),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("delivery-headline")).not.toContainText("paused");
      await expect(page.getByTestId("pause-history")).toContainText("Waiting for resources we need from you");
    });
  });
}
