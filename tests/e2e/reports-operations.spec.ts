import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { monthLabel, monthOf } from "../../models/views/reports/period";
import { seriousViolations } from "./axe";
import { createAccount, expect, newVisitor, signInAs, test, uniqueName, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

// The operations reports (docs/decisions/0076): with JavaScript on, staff
// accept and complete a project, then read this month's delivery report, its
// chart and tables; with JavaScript off, the pipeline report through the
// period form (a GET form: its state is the URL). axe (which runs in the page,
// so with JavaScript on) finds nothing on the delivery, assistant and pipeline pages.

const thisMonth = monthOf(new Date());

async function submitProject(page: Page, title: string) {
  await page.goto("/createprojectform");
  await waitForHydration(page);
  await page.getByLabel("Project title").fill(title);
  await page.getByLabel("Description").fill("A poster for our opening night, in two sizes.");
  await page.getByLabel("Category").selectOption("graphic");
  await page.getByLabel("Budget").selectOption("1k_5k");
  await page.getByLabel("Timeline").fill("1");
  await page.getByRole("button", { name: "Submit project" }).click();
  await expect(
    page.getByRole("heading", { name: "Your project has been submitted and is now under review" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });
}

test.describe("operations reports with JavaScript on", () => {
  test.use({ javaScriptEnabled: true });
  test.setTimeout(120_000);

  test("a project delivered this month is in the delivery report, on time; axe finds nothing", async ({
    page,
    browser,
  }) => {
    const account = await createAccount(page);
    await signInAs(page, account, { javaScriptEnabled: true });
    const title = `Report ${uniqueName("p")}`;
    await submitProject(page, title);

    const staff = await newVisitor(browser, true);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin/projects" });
    await staff.getByLabel("Search").fill(title);
    await staff.getByRole("button", { name: "Search" }).click();
    await staff.getByRole("link", { name: title }).click();
    await waitForHydration(staff);
    await staff.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(
      staff.getByText("The project is now In Progress. The client has been notified."),
    ).toBeVisible();
    await staff.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(
      staff.getByText("The project is now Completed. The client has been notified."),
    ).toBeVisible();

    await staff.goto("/admin/reports");
    await waitForHydration(staff);
    await staff.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Delivery" }).click();
    await expect(staff).toHaveURL(/\/admin\/reports\/delivery\?/);
    const form = staff.getByRole("search", { name: "Report period" });
    await form.getByLabel("From (month)").fill(thisMonth);
    await form.getByLabel("To (month)").fill(thisMonth);
    await form.getByRole("button", { name: "Show" }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/reports/delivery\\?from=${thisMonth}&to=${thisMonth}`));
    await expect(staff.getByRole("heading", { name: `Delivery, ${monthLabel(thisMonth)}` })).toBeVisible();

    // The chart is an image named and described, its table beside it: this month has a delivery on time.
    const chart = staff.getByRole("figure", {
      name: "Deliveries by month: on time, late and without a date",
    });
    await expect(chart.getByRole("img", { name: /Deliveries by month/ })).toBeVisible();
    const row = staff
      .getByRole("table", { name: "Deliveries by month" })
      .getByRole("row", { name: new RegExp(`^${monthLabel(thisMonth)}`) });
    const cells = row.getByRole("cell");
    expect(Number(await cells.nth(0).textContent())).toBeGreaterThanOrEqual(1); // delivered
    expect(Number(await cells.nth(1).textContent())).toBeGreaterThanOrEqual(1); // on time
    const figures = staff.getByRole("region", { name: "Delivery figures" });
    await expect(figures).toContainText("Delivered");
    await expect(staff.getByRole("table", { name: /Time waiting on clients/ })).toBeVisible();
    await expect(staff.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      `/admin/reports/delivery.csv?from=${thisMonth}&to=${thisMonth}&currency=INR`,
    );
    expect(await seriousViolations(staff)).toEqual([]);

    // The CSV: the page's tables, each under its caption.
    const downloading = staff.waitForEvent("download");
    await staff.getByRole("link", { name: "Download CSV" }).click();
    const csv = await readFile((await (await downloading).path())!, "utf8");
    expect(csv.startsWith("\uFEFFDeliveries by month\r\n")).toBe(true);
    expect(csv).toContain(`\r\n${monthLabel(thisMonth)},`);
    expect(csv).toContain(
      `\r\n"Time waiting on clients in the period, by reason"\r\nReason,Pauses,Projects,Time\r\n`,
    );

    await staff.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Assistant" }).click();
    await expect(staff.getByRole("heading", { name: `Assistant, ${monthLabel(thisMonth)}` })).toBeVisible();
    await expect(staff.getByRole("table", { name: "The assistant by month" })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);

    // axe runs in the page, so the pipeline page (read without JavaScript below) is checked here.
    await staff.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Pipeline" }).click();
    await expect(staff.getByRole("heading", { name: `Pipeline, ${monthLabel(thisMonth)}` })).toBeVisible();
    await expect(staff.getByRole("table", { name: /Submissions per form per week/ })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
  });
});

test.describe("operations reports with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(120_000);

  test("the pipeline report for a chosen period, from the GET form", async ({ page }) => {
    await signInAs(page, E2E_STAFF, { javaScriptEnabled: false, redirectTo: "/admin/reports/pipeline" });
    await expect(page.getByRole("heading", { name: /^Pipeline, / })).toBeVisible();
    const form = page.getByRole("search", { name: "Report period" });
    await form.getByLabel("From (month)").fill(thisMonth);
    await form.getByLabel("To (month)").fill(thisMonth);
    await form.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/reports/pipeline\\?from=${thisMonth}&to=${thisMonth}`));
    await expect(page.getByRole("heading", { name: `Pipeline, ${monthLabel(thisMonth)}` })).toBeVisible();
    const statuses = page.getByRole("table", { name: "Projects per status" });
    await expect(statuses.getByRole("rowheader", { name: "In Review" })).toBeVisible();
    await expect(statuses.getByRole("rowheader", { name: "All projects" })).toBeVisible();
    const submissions = page.getByRole("table", { name: /Submissions per form per week/ });
    await expect(submissions.getByRole("columnheader", { name: "Quote request" })).toBeVisible();
    await expect(page.getByRole("table", { name: /Quote requests that became a project/ })).toBeVisible();
    await expect(page.getByRole("figure", { name: "Projects per status" })).toBeVisible();
  });
});
