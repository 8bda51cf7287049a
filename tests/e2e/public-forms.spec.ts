import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

const tomorrow = () => {
  const date = new Date(Date.now() + 36 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
};

async function fillCompany(page: Page, form: ReturnType<Page["locator"]>) {
  await form.getByLabel("Company name").fill("Acme Spices");
  await form.getByLabel("Your name").fill("Maya Rao");
  await form.getByLabel("Designation").fill("Founder");
  await form.getByLabel("Company email").fill("maya@acme.example");
  await form.getByLabel("Phone number", { exact: true }).fill("98200 12345");
}

// With JavaScript off, only the careers application (this family's no-JS
// journey) runs here; the other forms' no-JS journeys are form posts in
// tests/http/journeys-public-forms.test.ts (issue 17).
for (const javaScriptEnabled of [false, true]) {
  test.describe(`forms with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    async function open(page: Page, path: string) {
      await page.goto(path);
      if (javaScriptEnabled) await waitForHydration(page);
    }

    if (javaScriptEnabled)
      test("contact: office visit", async ({ page }) => {
        await open(page, "/contact");
        const form = page.locator("form#office-visit");
        await form.getByLabel("Company name").fill("Acme Spices");
        await form.getByRole("button", { name: "CONFIRM BOOKING" }).click();
        await expect(form.getByText("Please select a visit date", { exact: true })).toBeVisible();
        await expect(form.getByText("Your name is required.")).toBeVisible();
        await expect(form.getByLabel("Company name")).toHaveValue("Acme Spices");
        await expect(form.getByLabel("City")).toHaveValue("Mumbai");
        await expect(form.getByLabel("Phone number country")).toHaveValue("IN");

        await fillCompany(page, form);
        await form.getByLabel("Company address").fill("Sector 17, Vashi");
        await form.getByLabel("Visit date").fill(tomorrow());
        await form.getByRole("button", { name: "CONFIRM BOOKING" }).click();
        await expect(
          form.getByText("Office visit booking submitted successfully! We will confirm your visit soon."),
        ).toBeVisible();
        await expect(form.getByLabel("Company name")).toHaveValue("");
        await expect(
          form.getByText("We will confirm our availability to you through Email and WhatsApp."),
        ).toBeVisible();
      });

    if (javaScriptEnabled)
      test("contact: investor meeting", async ({ page }) => {
        await open(page, "/contact");
        const form = page.locator("form#investor-meeting");
        await form.getByRole("button", { name: "CONFIRM MEETING" }).click();
        await expect(form.getByText("Company name is required.")).toBeVisible();
        await fillCompany(page, form);
        await expect(form.getByLabel("Meeting type")).toHaveValue("investor");
        await form.getByLabel("Connect on Google Meet").check();
        await form.getByRole("button", { name: "CONFIRM MEETING" }).click();
        await expect(
          form.getByText("Meeting request submitted successfully! Our team will contact you soon."),
        ).toBeVisible();
        await expect(form.getByLabel("Connect on Google Meet")).not.toBeChecked();
      });

    if (javaScriptEnabled)
      test("contact: quote", async ({ page }) => {
        await open(page, "/contact");
        const form = page.locator("form#service-quote");
        await fillCompany(page, form);
        await form.getByLabel("Your brief").fill("Too short");
        await form.getByRole("button", { name: "GET A QUOTE" }).click();
        await expect(
          form.getByText("Please provide a more detailed description (at least 20 characters)"),
        ).toBeVisible();
        await expect(form.getByText("Please select a service.")).toBeVisible();
        await expect(form.getByLabel("Your brief")).toHaveValue("Too short");
        await expect(form.getByText("9 / 20 characters minimum")).toBeVisible();

        await form.getByLabel("Service").selectOption("graphic_design");
        await form.getByLabel("Solution").selectOption("full_service");
        await form.getByLabel("Your brief").fill("A full rebrand for our spice range, packaging included.");
        await form.getByRole("button", { name: "GET A QUOTE" }).click();
        await expect(
          form.getByText(
            "Service quote request submitted successfully! We will send you a detailed quote within 24-48 hours.",
          ),
        ).toBeVisible();
      });

    if (javaScriptEnabled)
      test("investors: inquiry", async ({ page }) => {
        await open(page, "/investorpage");
        await page.getByLabel("Full name").fill("Ravi Menon");
        await page.getByLabel("Email address").fill("ravi@fund.example");
        await page.getByLabel("Interest level").selectOption("serious");
        await page.getByLabel("Message", { exact: true }).fill("Short note");
        await page.getByRole("button", { name: "Send inquiry" }).click();
        await expect(
          page.getByText(
            "Please provide more details about your investment interest (at least 50 characters).",
          ),
        ).toBeVisible();
        await expect(page.getByLabel("Investor type")).toHaveValue("individual");
        await page
          .getByLabel("Message", { exact: true })
          .fill("We back design-led studios and would like to learn more about your token model.");
        await page.getByRole("button", { name: "Send inquiry" }).click();
        await expect(page.getByText("Thank you for your interest! We will be in touch soon.")).toBeVisible();
      });

    if (javaScriptEnabled)
      test("support ticket", async ({ page }) => {
        await open(page, "/createticket");
        await page.getByRole("button", { name: "Create ticket" }).click();
        await expect(page.getByText("Email is required.")).toBeVisible();
        await expect(page.getByText("Subject is required.")).toBeVisible();
        await page.getByLabel("Email").fill("help@client.example");
        await page.getByLabel("Subject").fill("Invoice copy");
        await page.getByLabel("Type").selectOption("Billing");
        await page.getByLabel("Description").fill("Please resend March's invoice.");
        await page.getByRole("button", { name: "Create ticket" }).click();
        await expect(
          page.getByText(/^Ticket #\d+ created\. We have emailed you a copy and will reply soon\.$/),
        ).toBeVisible();
      });

    if (javaScriptEnabled)
      test("referral invite", async ({ page }) => {
        await open(page, "/referrals");
        await page.getByLabel("Your name").fill("Maya");
        await page.getByLabel("Your email").fill("maya@acme.example");
        await page.getByLabel("Friend's email").fill("maya@acme.example");
        await page.getByRole("button", { name: "Send invitation" }).click();
        await expect(page.getByText("Please invite someone other than yourself.")).toBeVisible();
        await page.getByLabel("Friend's email").fill("friend@brand.example");
        await page.getByRole("button", { name: "Send invitation" }).click();
        await expect(
          page.getByText("Invitation sent to friend@brand.example. Thank you for spreading the word!"),
        ).toBeVisible();
        await expect(page.getByTestId("referral-code")).toHaveText(/^[A-Z2-9]{8}$/);
      });

    test("careers application with a CV", async ({ page }) => {
      await open(page, "/careerpage");
      await page.getByLabel("Full name").fill("Asha Patel");
      await page.getByLabel("Email address").fill("asha@mail.example");
      await page.getByLabel("Role of interest").selectOption("brand_designer");
      await page
        .getByLabel("Why do you want to join Ascendra?")
        .fill("Identity systems that hold up everywhere.");
      await page.getByRole("button", { name: "Send application" }).click();
      await expect(page.getByText("Please upload your CV.")).toBeVisible();
      await expect(page.getByLabel("Full name")).toHaveValue("Asha Patel");

      await page.getByLabel(/CV \/ resume/).setInputFiles({
        name: "cv.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
      });
      await page.getByRole("button", { name: "Send application" }).click();
      await expect(page.getByText("Thank you for your interest! We'll be in touch soon.")).toBeVisible();
    });

    if (javaScriptEnabled)
      test("collaboration pitch with a live character count", async ({ page }) => {
        await open(page, "/collabpage");
        await page.getByLabel("Name", { exact: true }).fill("T");
        await page.getByLabel("Email", { exact: true }).fill("hi@type.example");
        await page.getByLabel("Your collaboration idea").fill("A typeface together.");
        await page.getByRole("button", { name: "Send pitch" }).click();
        await expect(page.getByText("Name must be at least 2 characters long.")).toBeVisible();
        await expect(page.getByText("Please describe your idea in at least 100 characters.")).toBeVisible();
        await expect(page.getByText("20 / 100 characters minimum")).toBeVisible();
        await expect(page.getByLabel("Collaboration type")).toHaveValue("other");

        await page.getByLabel("Name", { exact: true }).fill("Type Co");
        await page
          .getByLabel("Your collaboration idea")
          .fill(
            "We run a type foundry and want to co-create a variable typeface for Indian scripts with your brand team, then launch it together.",
          );
        if (javaScriptEnabled)
          await expect(page.getByText(/^\d+ \/ 100 characters minimum$/)).toHaveText(/^1[0-9]{2} \/ 100/);
        await page.getByLabel(/Attachment/).setInputFiles({
          name: "deck.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
        });
        await page.getByRole("button", { name: "Send pitch" }).click();
        await expect(
          page.getByText("Thank you for your collaboration idea! We'll be in touch soon."),
        ).toBeVisible();
      });

    if (javaScriptEnabled)
      test("newsletter in the footer", async ({ page }) => {
        // A hydrated page: on the home page (an island, decision 0021) the box is always the plain form.
        await open(page, "/services");
        const footer = page.getByRole("contentinfo");
        await footer.getByLabel(/Newsletter/).fill("not-an-email");
        await footer.getByRole("button", { name: "Subscribe" }).click();
        await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
        const box = javaScriptEnabled ? footer : page.getByRole("main");
        await box.getByLabel(/Newsletter/).fill(`reader${Date.now()}@news.example`);
        await box.getByRole("button", { name: "Subscribe" }).click();
        await expect(
          page.getByText("Almost there: check your inbox and confirm your subscription.").first(),
        ).toBeVisible();
        // With JavaScript the visitor stays where they were.
        if (javaScriptEnabled) await expect(page).toHaveURL(/\/services$/);
      });
  });
}

test("contact tiles jump to their sections; CHAT WITH US opens WhatsApp in a new tab with the spec's text", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "STAY CONNECTED" })).toBeVisible();
  await expect(page.getByText("WE ARE AVAILABLE FOR CHAT, VIRTUALLY 24*7")).toBeVisible();
  const chat = page.getByRole("link", { name: /CHAT WITH US/ }).first();
  await expect(chat).toHaveAttribute("target", "_blank");
  const href = (await chat.getAttribute("href"))!;
  expect(new URL(href).searchParams.get("text")).toBe("Hello, I would like to contact you,");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.getByRole("link", { name: "GET A QUOTE" }).click();
  await expect(page).toHaveURL(/#get-a-quote$/);
  const top = await page.locator("#get-a-quote").evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.round(top)).toBe(100);
});

test("with JavaScript, a CV over 10 MB is flagged in the browser and never uploaded; what was typed stays", async ({
  page,
}) => {
  await page.goto("/careerpage");
  await waitForHydration(page);
  await page.getByLabel("Full name").fill("Asha Patel");
  await page.getByLabel("Email address").fill("asha@mail.example");
  await page.getByLabel("Role of interest").selectOption("brand_designer");
  await page
    .getByLabel("Why do you want to join Ascendra?")
    .fill("Identity systems that hold up everywhere.");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel(/CV \/ resume/).setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(12 * 1024 * 1024, 0x20),
  });
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByText("The file is too large. The maximum size is 10 MB.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Asha Patel");
  expect(posts).toEqual([]);
});
