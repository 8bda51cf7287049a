// Proofing end to end (docs/decisions/0047): staff upload a version in the
// back-office, the client pins comments on it (a click on the image with
// JavaScript; a page and words for where without), requests a revision at the
// price shown, and staff resolve the pin one by one; the client sees it resolved.
// Then the staff side of decision 0073: thumbnails, the client's pins drawn on
// the page as links to their comments, two versions compared (a GET form; an
// overlay with JavaScript), and the same file twice in a row refused.
import { pdfBytes, pngBytes } from "../integration/proofing-helpers";
import { createAccount, expect, newVisitor, signIn, signInAs, test, waitForHydration } from "./fixtures";
import { seriousViolations } from "./axe";
import { projectWithTokens } from "./back-office-steps";
import { E2E_STAFF } from "./staff-account";

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

    test("staff see thumbnails and the client's pins, compare two versions, and cannot upload one file twice", async ({
      page: staff,
      browser,
    }) => {
      // The client (JavaScript on: a pin at a point) and their project; staff work with JavaScript on or off.
      const client = await newVisitor(browser, true);
      const account = await createAccount(client);
      await signIn(client, account, true);
      const project = await projectWithTokens(client);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: `/admin/projects/${project.id}` });
      await staff.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(staff.getByText("In Progress").first()).toBeVisible();
      await staff.goto(`/admin/projects/${project.id}/proofing`);
      if (javaScriptEnabled) await waitForHydration(staff);

      const upload = async (version: number, name: string, buffer: Buffer) => {
        await staff
          .getByLabel(`Upload version ${version} for the client to proof`, { exact: false })
          .setInputFiles({ name, mimeType: "image/png", buffer });
        await staff.getByRole("button", { name: "Upload version", exact: true }).click();
      };
      const first = pngBytes(400, 300, [30, 90, 200]);
      await upload(1, "poster.png", first);
      await expect(staff.getByText("Version 1 (poster.png) is ready for the client.")).toBeVisible();
      // Redirected after the post: the field is empty, so Upload cannot send the file again by itself.
      await expect(staff).toHaveURL(/\?uploaded=1$/);
      await expect(staff.getByLabel(/Upload version 2 for the client to proof/)).toHaveValue("");

      // The same file again (another name): a field error, no version 2.
      await upload(2, "poster-again.png", first);
      await expect(staff.getByTestId("proof-file-error")).toHaveText(
        "This file is the same as version 1, the latest. Choose the new version's file.",
      );
      await expect(staff.getByLabel(/Upload version 2 for the client to proof/)).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(staff.getByTestId("staff-version")).toHaveCount(1);

      await upload(2, "poster-v2.png", pngBytes(400, 300, [200, 60, 30]));
      await expect(staff.getByText("Version 2 (poster-v2.png) is ready for the client.")).toBeVisible();
      await expect(staff.getByLabel(/Upload version 3 for the client to proof/)).toHaveValue("");

      // A thumbnail of each version: sized, lazily loaded, named.
      const thumbs = staff.getByTestId("thumb");
      await expect(thumbs).toHaveCount(2);
      const thumb = staff.getByRole("link", { name: "Version 1", exact: true });
      await expect(thumb.locator("img")).toHaveAttribute("loading", "lazy");
      await expect(thumb.locator("img")).toHaveAttribute("width", "160");
      await expect(thumb.locator("img")).toHaveAttribute("height", "120");

      // The client pins a comment on version 1 at a point and sends it in a round.
      await client.goto(`/project/${project.id}`);
      await client.getByRole("link", { name: "View", exact: true }).click();
      await expect(client.getByRole("heading", { level: 1 })).toHaveText("Version 1: poster.png");
      await waitForHydration(client);
      await client.getByTestId("pin-target").click({ position: { x: 60, y: 40 } });
      await client.getByLabel("What should change?").fill("Move the logo to the left");
      await client.getByRole("button", { name: "Pin comment" }).click();
      await expect(client.getByText("Comment pinned.")).toBeVisible();
      await client.goto(`/project/${project.id}`);
      await waitForHydration(client);
      await client.locator("summary", { hasText: "Request Revision" }).click();
      await client.getByLabel("What should change?").fill("See my pin");
      await client.getByRole("button", { name: "Send revision request" }).click();
      await expect(
        client.getByText("Revision requested. Your project manager has been notified."),
      ).toBeVisible();
      await client.context().close();

      // Staff open version 1 from its thumbnail: the pin is a numbered link to its comment.
      await staff.goto(`/admin/projects/${project.id}/proofing`);
      await staff.getByRole("link", { name: "Version 1", exact: true }).click();
      await expect(staff).toHaveURL(/\?v=1&p=1#viewer$/);
      await expect(staff.getByRole("heading", { name: "Version 1", exact: true })).toBeVisible();
      const marker = staff.getByRole("link", { name: /^Pin 1: Move the logo to the left \(open\)$/ });
      await expect(marker).toHaveText("1");
      await marker.click();
      await expect(staff).toHaveURL(/#pin-[0-9a-f-]{36}$/);
      await expect(staff.getByTestId("viewer-pins").getByTestId("pin")).toContainText(
        "Move the logo to the left",
      );

      // Compare version 1 with version 2 through the GET form: side by side, each with its pins.
      const compareForm = staff.getByTestId("compare-form");
      await compareForm.getByLabel("Version A").selectOption("1");
      await compareForm.getByLabel("Version B").selectOption("2");
      await compareForm.getByRole("button", { name: "Compare" }).click();
      await expect(staff).toHaveURL(/[?&]a=1&b=2/);
      await expect(staff.getByTestId("compare-a").getByRole("img", { name: "Version 1" })).toBeVisible();
      await expect(staff.getByTestId("compare-b").getByRole("img", { name: "Version 2" })).toBeVisible();
      await expect(staff.getByTestId("compare-a").getByTestId("pin-marker")).toHaveCount(1);
      await expect(staff.getByTestId("compare-b").getByTestId("pin-marker")).toHaveCount(0);
      if (javaScriptEnabled) {
        await waitForHydration(staff);
        await staff.getByRole("button", { name: "Overlay" }).click();
        await expect(staff.getByRole("button", { name: "Overlay" })).toHaveAttribute("aria-pressed", "true");
        const slider = staff.getByRole("slider", { name: "Opacity of version 2 over version 1" });
        await slider.fill("80");
        await expect(staff.getByTestId("overlay-top")).toHaveCSS("opacity", "0.8");
        await expect(staff.getByTestId("compare-side")).toHaveCount(0);
        const loaded = await staff
          .getByTestId("compare-overlay")
          .locator("img")
          .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
        expect(loaded).toEqual([400, 400]);
        expect(await seriousViolations(staff)).toEqual([]);
      } else {
        await expect(staff.getByRole("button", { name: "Overlay" })).toHaveCount(0);
        await expect(staff.getByTestId("compare-side")).toBeVisible();
      }
    });
  });
}
