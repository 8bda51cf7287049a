import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { sendQuote } from "./back-office-steps";
import {
  confirmEmail,
  createAccount,
  expect,
  newVisitor,
  signInAs,
  test,
  uniqueName,
  waitForHydration,
} from "./fixtures";
import { inviteAndJoin } from "./organisation-steps";
import { E2E_STAFF } from "./staff-account";

// Proposals (decision 0084): a quote request from the public form becomes a
// proposal staff write and send; the client reads it at /proposals/:id, signs
// it (typed name + consent), pays the deposit with the test gateway, and the
// project appears with its delivery clock; both sides download the signed PDF
// and the deposit's tax invoice (decision 0085); staff complete the project and the
// client pays the balance in full. Then the signing form, the
// organisation's tax details added from the deposit step, the deposit and
// the balance again with JavaScript off.

async function payByCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
}

/** Staff fill the draft's lines and days, save it, and send it (confirmed). Returns the proposal's path. */
async function writeAndSend(staff: Page, title: string, javaScriptEnabled: boolean) {
  await staff.getByLabel("Title").fill(title);
  await staff.getByLabel("Line 1: description").fill("Logo design");
  await staff.getByLabel("Line 1: quantity").fill("1");
  await staff.getByLabel("Line 1: amount per unit").fill("45000");
  await staff.getByLabel("Line 2: description").fill("Packaging artwork");
  await staff.getByLabel("Line 2: quantity").fill("2");
  await staff.getByLabel("Line 2: amount per unit").fill("15000");
  await staff.getByLabel("Delivery (days)").fill("21");
  await staff.getByRole("button", { name: "Save the draft" }).click();
  await expect(staff.getByText("Draft saved.")).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(staff);
  const preview = staff.getByRole("region", { name: "Price" });
  await expect(preview.getByTestId("proposal-total")).toHaveText("₹75,000.00");
  await staff.getByTestId("send-button").click();
  await staff.getByRole("button", { name: "Send the proposal" }).click();
  await expect(staff.getByText("Proposal sent.", { exact: false })).toBeVisible();
  return new URL(staff.url()).pathname.replace("/admin", "");
}

/**
 * pdftotext's reading of a PDF in the order it was drawn (-raw: a table cell's wrapped lines stay together,
 * where a long word may be broken anywhere), with every space removed; compare with `squeezed`.
 */
function pdfText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("pdftotext", ["-raw", "-", "-"], { encoding: "utf8" }, (error, stdout) =>
      error ? reject(error) : resolve(squeezed(stdout)),
    );
    child.stdin!.end(bytes);
  });
}

const squeezed = (text: string) => text.replace(/\s+/g, "");

const downloaded = async (download: Download) => readFile((await download.path())!);

/** The client's newest tax invoice in the workspace: its number and its PDF's text. */
async function clientInvoice(page: Page) {
  await page.goto("/dashboard2/billing/invoices");
  const row = page.getByTestId("tax-invoice").first();
  const number = ((await row.locator("span").first().textContent()) ?? "").trim();
  expect(number).toMatch(/^ASC\/\d{2}-\d{2}\/\d{6}$/);
  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: `PDF of ${number}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number.replaceAll("/", "-")}.pdf`);
  const pdf = await downloaded(download);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return { number, pdf, text: await pdfText(pdf) };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

test.describe("proposals", () => {
  test("a quote becomes a proposal; the client signs it, pays the deposit, and the project starts", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const account = await createAccount(page);
    await signInAs(page, account, { javaScriptEnabled: true });
    const company = uniqueName("Spice");
    await sendQuote(
      page,
      { company, sender: "Asha Rao", email: account.email, brief: "A full rebrand for our spice range." },
      true,
    );

    const staff = await newVisitor(browser);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin" });
    await confirmEmail(staff, page, account.email);
    await staff.goto(`/admin/inbox?q=${encodeURIComponent(company)}`);
    await staff.getByTestId("inbox-row").getByRole("link", { name: "Asha Rao" }).click();
    await staff.getByTestId("write-proposal").click();
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText("New proposal");
    await waitForHydration(staff);
    await expect(staff.getByLabel("Client account email")).toHaveValue(account.email);
    await expect(staff.getByLabel("Scope (Markdown)")).toHaveValue(/A full rebrand for our spice range/);
    const title = `Rebrand ${company}`;
    const path = await writeAndSend(staff, title, true);
    expect(await seriousViolations(staff)).toEqual([]);

    // The client: the workspace lists it; the page shows it and its PDF's fingerprint.
    await page.goto("/dashboard2/proposals");
    await page.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("proposal-total")).toHaveText("₹75,000.00");
    await expect(page.getByTestId("proposal-deposit")).toHaveText("30% · ₹22,500.00");
    const shown = (await page.getByTestId("proposal-sha256").textContent())!.trim();
    const pdf = await page.request.get(`${path}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(sha256(await pdf.body())).toBe(shown);
    expect(await seriousViolations(page)).toEqual([]);

    // A colleague with the member role reads it too, but cannot sign: the page says who can.
    const colleague = await newVisitor(browser);
    await inviteAndJoin(page, staff, colleague, "member");
    await colleague.goto(path);
    await expect(colleague.getByRole("heading", { level: 1 })).toHaveText(title);
    const whoSigns = colleague.getByRole("region", { name: "Who can sign" });
    await expect(whoSigns).toContainText(
      "Only an owner or approver of your organisation can sign or decline proposals.",
    );
    await expect(whoSigns.getByRole("listitem")).toHaveText([new RegExp(`\\(${account.email}\\)`)]);
    await expect(colleague.getByRole("button", { name: "Sign the proposal" })).toHaveCount(0);
    await waitForHydration(colleague);
    expect(await seriousViolations(colleague)).toEqual([]);
    await colleague.context().close();
    await page.goto(path);
    await waitForHydration(page);

    // Signing asks for the consent, keeps the typed name, then records one signature.
    await page.getByLabel("Your full name").fill("Asha Rao");
    await page.getByRole("button", { name: "Sign the proposal" }).click();
    await expect(
      page.getByText("Please tick the box to confirm you agree to sign electronically."),
    ).toBeVisible();
    await expect(page.getByLabel("Your full name")).toHaveValue("Asha Rao");
    await page.getByLabel(/I have read this proposal and its terms/).check();
    await page.getByRole("button", { name: "Sign the proposal" }).click();
    await expect(page.getByText("Signed. Thank you", { exact: false })).toBeVisible();
    await expect(page.getByTestId("proposal-status")).toHaveText("Signed: deposit due");
    expect(await seriousViolations(page)).toEqual([]);

    // No tax details yet: the deposit step says where to add them before paying.
    await expect(page.getByTestId("tax-details-missing")).toContainText("no tax details yet");
    await expect(page.getByRole("link", { name: "Add your organisation's tax details" })).toHaveAttribute(
      "href",
      `/dashboard2/billing/invoices?back=${encodeURIComponent(path)}#tax-details-title`,
    );

    // The deposit, by card with the test gateway: the project opens with its delivery clock.
    await waitForHydration(page);
    await payByCard(page);
    await page.getByRole("button", { name: "Pay ₹22,500.00 and start the project" }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    const projectId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("delivery-clock").first()).toBeVisible();
    await expect(page.getByTestId("delivery-headline").first()).toContainText(/Due/);
    await expect(page.getByTestId("project-proposal")).toContainText(
      "Opened from the signed proposal (version 1)",
    );

    // Both sides download the signed PDF.
    await page.goto(path);
    await expect(page.getByTestId("proposal-status")).toHaveText("Deposit paid");
    const signed = await page.request.get(`${path}/signed.pdf`);
    expect(signed.status()).toBe(200);
    expect(signed.headers()["content-type"]).toBe("application/pdf");
    expect((await signed.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await staff.goto(`/admin${path}`);
    await expect(staff.getByTestId("staff-signer")).toContainText("Asha Rao");
    const staffCopy = await staff.request.get(`/admin${path}/signed.pdf`);
    expect(staffCopy.status()).toBe(200);
    expect(sha256(await staffCopy.body())).toBe(sha256(await signed.body()));

    // Both sides download the deposit's tax invoice: its line is the proposal's.
    const line = `Deposit for “${title}” (proposal version 1)`;
    const invoice = await clientInvoice(page);
    expect(invoice.text).toContain(invoice.number);
    expect(invoice.text).toContain(squeezed(line));
    expect(invoice.text).toContain("22,500.00");
    const year = `20${invoice.number.slice(4, 6)}-${invoice.number.slice(7, 9)}`;
    await staff.goto(`/admin/invoices?year=${year}`);
    const staffRow = staff.getByTestId("admin-tax-invoice").filter({ hasText: invoice.number });
    await expect(staffRow).toHaveCount(1);
    const staffDownloading = staff.waitForEvent("download");
    await staffRow.getByRole("link", { name: `PDF of ${invoice.number}` }).click();
    const staffPdf = await downloaded(await staffDownloading);
    const staffText = await pdfText(staffPdf);
    expect(staffText).toContain(invoice.number);
    expect(staffText).toContain(squeezed(line));

    // Staff complete the project (delivered): the balance is due, and the client pays it in full.
    await staff.goto(`/admin/projects/${projectId}`);
    await waitForHydration(staff);
    await staff.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(
      staff.getByText("The project is now Completed. The client has been notified."),
    ).toBeVisible();
    await page.goto(path);
    await expect(page.getByTestId("proposal-status")).toHaveText("Delivered: balance due");
    await expect(page.getByRole("heading", { name: "Balance due: ₹52,500.00" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await waitForHydration(page);
    await payByCard(page);
    await page.getByRole("button", { name: "Pay the balance of ₹52,500.00" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=paid_in_full$`));
    await expect(page.getByTestId("proposal-status")).toHaveText("Paid in full");

    // Another client cannot read it.
    const stranger = await newVisitor(browser);
    const other = await createAccount(stranger);
    await signInAs(stranger, other, { javaScriptEnabled: true });
    expect((await stranger.request.get(`${path}/signed.pdf`)).status()).toBe(404);
  });

  test("the signing form, the deposit and the balance with JavaScript off", async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await newVisitor(browser, false);
    const account = await createAccount(page);
    await signInAs(page, account, { javaScriptEnabled: false });
    const staff = await newVisitor(browser, false);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: false, redirectTo: "/admin" });
    await confirmEmail(staff, page, account.email);
    await staff.goto("/admin/proposals/new");
    await staff.getByLabel("Client account email").fill(account.email);
    await staff.getByLabel("Scope (Markdown)").fill("A **new** logo and packaging.");
    const title = `No-JS ${uniqueName("brand")}`;
    const path = await writeAndSend(staff, title, false);

    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.getByRole("button", { name: "Sign the proposal" }).click();
    await expect(page.getByText("Please type your full name to sign.")).toBeVisible();
    await page.getByLabel("Your full name").fill("Ravi Menon");
    await page.getByLabel(/I have read this proposal and its terms/).check();
    await page.getByRole("button", { name: "Sign the proposal" }).click();
    await expect(page.getByText("Signed. Thank you", { exact: false })).toBeVisible();
    // Signing again (a resubmitted form) records nothing more.
    await expect(page.getByRole("button", { name: "Sign the proposal" })).toHaveCount(0);

    // The organisation adds its tax details from the deposit step, then comes back to pay.
    await page.getByRole("link", { name: "Add your organisation's tax details" }).click();
    await expect(page).toHaveURL(/\/dashboard2\/billing\/invoices\?back=/);
    const legalName = `Menon Spices ${uniqueName("co")} LLP`;
    await page.getByLabel("Legal name").fill(legalName);
    await page.getByLabel("Billing address").fill("14 Palm Beach Road\nNerul, Navi Mumbai 400706");
    await page.getByLabel("Country").selectOption("IN");
    await page.getByLabel("State (India)").selectOption("27");
    await page.getByLabel("GSTIN (India, if registered)").fill("27AAPFU0939F1ZV");
    await page.getByRole("button", { name: "Save tax details" }).click();
    await expect(page.getByText("Tax details saved.")).toBeVisible();
    await page.getByRole("link", { name: "Back to the proposal to pay its deposit" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}#deposit-step$`));
    await expect(page.getByTestId("tax-details-missing")).toHaveCount(0);

    await payByCard(page);
    await page.getByRole("button", { name: "Pay ₹22,500.00 and start the project" }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]+$/);
    await expect(page.getByTestId("delivery-clock").first()).toBeVisible();
    const projectId = new URL(page.url()).pathname.split("/").pop()!;

    // The deposit's invoice carries the details added before paying.
    const invoice = await clientInvoice(page);
    expect(invoice.text).toContain(squeezed(legalName));
    expect(invoice.text).toContain("27AAPFU0939F1ZV");
    expect(invoice.text).toContain(squeezed(`Deposit for “${title}” (proposal version 1)`));

    // Staff complete the project; the client pays the balance, still without JavaScript.
    await staff.goto(`/admin/projects/${projectId}`);
    await staff.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(
      staff.getByText("The project is now Completed. The client has been notified."),
    ).toBeVisible();
    await page.goto(path);
    await expect(page.getByTestId("proposal-status")).toHaveText("Delivered: balance due");
    await payByCard(page);
    await page.getByRole("button", { name: "Pay the balance of ₹52,500.00" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=paid_in_full$`));
    await expect(page.getByTestId("proposal-status")).toHaveText("Paid in full");
    // Paying again (a resubmitted form) finds nothing due.
    await expect(page.getByRole("button", { name: /^Pay the balance/ })).toHaveCount(0);
  });
});
