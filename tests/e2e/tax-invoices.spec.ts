import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
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

// Tax invoices (decision 0082): a client enters their GSTIN (a bad one is
// refused with the field's message, a good one saved), buys a token bundle
// with the test gateway and downloads the tax invoice from the workspace;
// staff find it by financial year and export the year as CSV. The tax details
// form again with JavaScript off.

async function fillTaxDetails(page: Page, legalName: string, gstin: string) {
  await page.getByLabel("Legal name").fill(legalName);
  await page.getByLabel("Billing address").fill("14 Palm Beach Road\nNerul, Navi Mumbai 400706");
  await page.getByLabel("Country").selectOption("IN");
  await page.getByLabel("State (India)").selectOption("27");
  await page.getByLabel("GSTIN (India, if registered)").fill(gstin);
}

test.describe("tax invoices", () => {
  test.setTimeout(150_000);

  test("a client's GSTIN, a bundle bought, the invoice downloaded; staff list and export it", async ({
    page,
    browser,
  }) => {
    const account = await createAccount(page);
    await signIn(page, account, true);
    await page.goto("/dashboard2/billing");
    await page.getByRole("link", { name: "Tax invoices and your tax details" }).click();
    await expect(page).toHaveURL(/\/dashboard2\/billing\/invoices$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tax invoices");
    await waitForHydration(page);
    await expect(page.getByText("No tax invoices yet")).toBeVisible();

    const legalName = `Tidal Foods ${uniqueName("co")} Private Limited`;
    await fillTaxDetails(page, legalName, "27AAPFU0939F1ZW");
    await page.getByRole("button", { name: "Save tax details" }).click();
    const gstin = page.getByLabel("GSTIN (India, if registered)");
    await expect(page.getByText("This GSTIN's last character does not match the rest")).toBeVisible();
    await expect(gstin).toHaveAttribute("aria-invalid", "true");
    await expect(gstin).toHaveValue("27AAPFU0939F1ZW");
    await expect(page.getByLabel("Legal name")).toHaveValue(legalName);
    expect(await seriousViolations(page)).toEqual([]);

    await gstin.fill("27AAPFU0939F1ZV");
    await page.getByRole("button", { name: "Save tax details" }).click();
    await expect(page.getByText("Tax details saved.")).toBeVisible();
    await expect(gstin).toHaveValue("27AAPFU0939F1ZV");

    // A bundle with the test gateway.
    await page.goto("/dashboard2/billing/tokens?package=essential");
    await waitForHydration(page);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("Security code").fill("123");
    await page.getByLabel("Name on card").fill("Asha Rao");
    await page.getByRole("button", { name: "Pay and add tokens" }).click();
    await expect(page.getByText(/Success! You purchased 50 Creative Tokens/)).toBeVisible();

    await page.goto("/dashboard2/billing/invoices");
    const row = page.getByTestId("tax-invoice");
    await expect(row).toHaveCount(1);
    const number = ((await row.locator("span").first().textContent()) ?? "").trim();
    expect(number).toMatch(/^ASC\/\d{2}-\d{2}\/\d{6}$/);
    const downloading = page.waitForEvent("download");
    await row.getByRole("link", { name: `PDF of ${number}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${number.replaceAll("/", "-")}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Staff: the year's list, then its CSV.
    const staff = await newVisitor(browser);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin/invoices" });
    const year = `20${number.slice(4, 6)}-${number.slice(7, 9)}`;
    await staff.getByLabel("Financial year").selectOption(year);
    await staff.getByRole("button", { name: "Apply" }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/invoices\\?year=${year}$`));
    const staffRow = staff.getByTestId("admin-tax-invoice").filter({ hasText: legalName });
    await expect(staffRow).toContainText(number);
    expect(await seriousViolations(staff)).toEqual([]);
    const exporting = staff.waitForEvent("download");
    await staff.getByRole("link", { name: `Export CSV (${year})` }).click();
    const csv = await exporting;
    expect(csv.suggestedFilename()).toBe(`tax-invoices-${year}.csv`);
    const text = await readFile((await csv.path())!, "utf8");
    expect(text).toContain(number);
    expect(text).toContain("27AAPFU0939F1ZV");
    await staff.context().close();
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the tax details form refuses a bad VAT number and keeps what was typed, then saves", async ({
    page,
  }) => {
    const account = await createAccount(page);
    await signIn(page, account, false);
    await page.goto("/dashboard2/billing/invoices");
    await page.getByLabel("Legal name").fill("Nordlicht Studio GmbH");
    await page.getByLabel("Billing address").fill("Torstraße 12\n10119 Berlin");
    await page.getByLabel("Country").selectOption("DE");
    await page.getByLabel("EU VAT number (EU businesses)").fill("DE12345");
    await page.getByRole("button", { name: "Save tax details" }).click();
    await expect(
      page.getByText("Enter an EU VAT number starting with your country's prefix DE"),
    ).toBeVisible();
    await expect(page.getByLabel("EU VAT number (EU businesses)")).toHaveValue("DE12345");
    await expect(page.getByLabel("Legal name")).toHaveValue("Nordlicht Studio GmbH");
    await page.getByLabel("EU VAT number (EU businesses)").fill("DE 123 456 789");
    await page.getByRole("button", { name: "Save tax details" }).click();
    await expect(page.getByText("Tax details saved.")).toBeVisible();
    await expect(page.getByLabel("EU VAT number (EU businesses)")).toHaveValue("DE123456789");
  });
});
