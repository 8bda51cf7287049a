// Proofing end to end (docs/decisions/0047): staff upload a version in the
// back-office, the client pins comments on it (a click on the image with
// JavaScript; a page and words for where without), requests a revision at the
// price shown, and staff resolve the pin one by one; the client sees it resolved.
import type { Page } from "@playwright/test";
import { pdfBytes, pngBytes } from "../integration/proofing-helpers";
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

async function projectWithTokens(page: Page) {
  const title = `Proof ${uniqueName("poster")}`;
  const created = await page.request.post("/api/projects/", {
    multipart: {
      title,
      description: "A launch poster to proof",
      category: "graphic",
      budget: "1k_5k",
      timeline: "2_weeks",
    },
  });
  expect(created.status()).toBe(201);
  const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
  expect(
    (await page.request.post("/api/purchase-tokens/", { data: { package_id: packages[0]!.id } })).ok(),
  ).toBe(true);
  return { id: ((await created.json()) as { id: string }).id, title };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("staff upload a version, the client pins a comment and pays for a round, staff resolve the pin", async ({
      page,
      browser,
    }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      const project = await projectWithTokens(page);

      // Staff accept the project and upload version 1: an image with JavaScript, a PDF without.
      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: `/admin/projects/${project.id}` });
      await staff.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(staff.getByText("In Progress").first()).toBeVisible();
      await staff.getByRole("link", { name: /^Proofing: / }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText(/^Proofing: /);
      const file = javaScriptEnabled
        ? { name: "poster.png", mimeType: "image/png", buffer: pngBytes(400, 300) }
        : { name: "brochure.pdf", mimeType: "application/pdf", buffer: await pdfBytes(2) };
      await staff.getByLabel(/Upload version 1 for the client to proof/).setInputFiles(file);
      await staff.getByRole("button", { name: "Upload version", exact: true }).click();
      await expect(staff.getByText(`Version 1 (${file.name}) is ready for the client.`)).toBeVisible();

      // The client opens it from the project page.
      await page.goto(`/project/${project.id}`);
      await page.getByRole("link", { name: "Review and pin" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Version 1: ${file.name}`);
      if (javaScriptEnabled) {
        await waitForHydration(page);
        await page.getByTestId("pin-target").click({ position: { x: 100, y: 60 } });
        await expect(page.getByTestId("picked")).toContainText("Pin placed");
        await expect(page.getByTestId("new-pin-marker")).toBeVisible();
      } else {
        const rendered = await page.getByTestId("proof-surface").count();
        // pdftoppm renders the two pages; without it the PDF is commented on by number alone.
        expect([0, 2]).toContain(rendered);
        await page.getByRole("spinbutton", { name: "Page" }).fill("2");
        await expect(page.getByTestId("pin-target")).toHaveCount(0);
        await page.getByRole("textbox", { name: "Where on the page" }).fill("the headline");
      }
      await page.getByLabel("What should change?").fill("Make the headline warmer");
      await page.getByRole("button", { name: "Pin comment" }).click();
      await expect(page.getByText("Comment pinned.")).toBeVisible();
      const pin = page.getByTestId("pin");
      await expect(pin).toHaveCount(1);
      await expect(pin).toContainText("Make the headline warmer");
      await expect(pin).toContainText(javaScriptEnabled ? "% across" : "page 2 · “the headline”");
      await expect(pin.getByTestId("pin-state")).toHaveText(
        "Not sent yet · goes with your next revision request",
      );
      if (javaScriptEnabled) await expect(page.getByTestId("pin-marker")).toHaveCount(1);

      // Request Revision shows the price before the client confirms.
      await page.goto(`/project/${project.id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.locator("summary", { hasText: "Request Revision" }).click();
      await expect(page.getByTestId("revision-cost")).toContainText(
        "This closes Round 1 with 1 pinned comment",
      );
      await expect(page.getByTestId("revision-cost")).toContainText("costs 1 token (Basic tier)");
      await page.getByLabel("What should change?").fill("See my pin");
      await page.getByRole("button", { name: "Send revision request" }).click();
      await expect(
        page.getByText("Revision requested. Your project manager has been notified."),
      ).toBeVisible();
      await expect(page.getByTestId("round")).toContainText("Round 1");
      await expect(page.getByTestId("round")).toContainText("1 token (Basic)");

      // Staff resolve the pin from the checklist.
      await staff.goto(`/admin/projects/${project.id}/proofing`);
      const open = staff.getByTestId("open-pin");
      await expect(open).toHaveCount(1);
      await expect(open).toContainText("Make the headline warmer");
      await open.getByRole("button", { name: "Resolve" }).click();
      await expect(staff.getByText("Pin marked resolved in version 1.")).toBeVisible();
      await expect(staff.getByText("Open pins (0)")).toBeVisible();

      // The client sees it resolved, in which version.
      await page.goto(`/project/${project.id}`);
      await expect(page.getByTestId("round").getByTestId("pin-state")).toHaveText("Resolved in version 1");
      await staff.context().close();
    });
  });
}
