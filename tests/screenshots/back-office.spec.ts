// Pictures of the back-office at a working day's width (1366 px), and the two
// busiest pages at a phone's, for docs/screenshots: a quote in the inbox, a
// project with two versions compared, a partial refund at its confirm step,
// and the reports with this month's payments.
import path from "node:path";
import type { Page } from "@playwright/test";
import { pngBytes } from "../integration/proofing-helpers";
import { addMonths, monthOf } from "../../models/views/reports/period";
import { open, partlySpentPurchase, projectWithTokens, sendQuote } from "../e2e/back-office-steps";
import { createAccount, expect, newVisitor, signIn, signInAs, test, uniqueName } from "../e2e/fixtures";
import { E2E_STAFF } from "../e2e/staff-account";

const OUT = path.resolve(import.meta.dirname, "../../docs/screenshots");

async function shoot(page: Page, name: string, url: string, widths: number[] = [1366]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 800 ? 768 : 844 });
    await open(page, url, true);
    await page.evaluate(() => document.fonts.ready);
    // From the top, so the sticky header and sidebar sit where a visitor sees them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUT, `back-office-${name}-${width}.png`), fullPage: true });
  }
}

test("the back-office, page by page", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A visitor's quote.
  await sendQuote(
    page,
    {
      company: "Saffron Row Teas",
      sender: `Meera ${uniqueName("I")}`,
      email: "meera@saffronrow.example",
      brief: "A wordmark and packaging labels for our spring range of teas.",
    },
    true,
  );

  // A client's project, accepted, with two versions.
  const client = await newVisitor(browser, true);
  const account = await createAccount(client);
  await signIn(client, account, true);
  const project = await projectWithTokens(client);
  await client.context().close();
  const staff = await newVisitor(browser, true);
  await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: `/admin/projects/${project.id}` });
  await staff.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(staff.getByText("In Progress").first()).toBeVisible();
  await open(staff, `/admin/projects/${project.id}/proofing`, true);
  for (const [version, colour] of [
    [1, [40, 70, 160]],
    [2, [190, 120, 40]],
  ] as const) {
    await staff
      .getByLabel(`Upload version ${version} for the client to proof`, { exact: false })
      .setInputFiles({
        name: `label-v${version}.png`,
        mimeType: "image/png",
        buffer: pngBytes(800, 500, [...colour]),
      });
    await staff.getByRole("button", { name: "Upload version", exact: true }).click();
    await expect(
      staff.getByText(`Version ${version} (label-v${version}.png) is ready for the client.`),
    ).toBeVisible();
  }

  // A purchase with 21 of its 130 tokens spent.
  const buyer = await newVisitor(browser, true);
  const { paymentId } = await partlySpentPurchase(buyer, staff, true);
  await buyer.context().close();

  await shoot(staff, "overview", "/admin", [1366, 390]);
  await shoot(staff, "inbox", "/admin/inbox", [1366, 390]);
  await shoot(staff, "proof-compare", `/admin/projects/${project.id}/proofing?a=1&b=2&page=1`);
  await open(staff, `/admin/payments/${paymentId}`, true);
  await staff.getByRole("button", { name: "Review refund" }).click();
  await expect(staff.getByTestId("refund-confirm")).toBeVisible();
  const currency = /\((\w{3})\)$/.exec((await staff.getByTestId("confirm-amount").textContent()) ?? "")![1];
  await shoot(staff, "refund-confirm", staff.url());
  // The half year to this month in the purchases' currency, so this run's payments show.
  const thisMonth = monthOf(new Date());
  const period = `from=${addMonths(thisMonth, -5)}&to=${thisMonth}&currency=${currency}`;
  await shoot(staff, "reports", `/admin/reports?${period}`);
  await shoot(staff, "reports-revenue", `/admin/reports/revenue?${period}`);
  await shoot(staff, "reports-liability", `/admin/reports/liability?${period}`);
  await shoot(staff, "reports-delivery", `/admin/reports/delivery?${period}`);
  await staff.context().close();
});
