import { readFile } from "node:fs/promises";
import { addMonths, monthLabel, monthOf, periodPresets } from "../../models/views/reports/period";
import { seriousViolations } from "./axe";
import { createAccount, expect, newVisitor, signInAs, test, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

// The business reports (docs/decisions/0074): staff pick last month, read the
// charts and their tables, download the CSV (audited); without JavaScript the
// period form is a plain GET form whose state is the URL.

const lastMonth = periodPresets()[0]!.from;
const thisMonth = monthOf(new Date());

test.describe("reports with JavaScript on", () => {
  test.setTimeout(120_000);

  test("last month's revenue: chart, table, CSV download in the audit log; axe finds nothing", async ({
    page,
    browser,
  }) => {
    // A client buys tokens this month, so this month's revenue has a payment to show.
    const account = await createAccount(page);
    await signInAs(page, account, { javaScriptEnabled: true });
    const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
    expect(
      (await page.request.post("/api/purchase-tokens/", { data: { package_id: packages[0]!.id } })).ok(),
    ).toBe(true);

    const staff = await newVisitor(browser, true);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin/reports" });
    await waitForHydration(staff);
    await expect(staff.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(staff.getByRole("region", { name: "Headline figures in INR" })).toBeVisible();

    const reports = staff.getByRole("navigation", { name: "Reports" });
    await reports.getByRole("link", { name: "Revenue", exact: true }).click();
    await expect(staff).toHaveURL(/\/admin\/reports\/revenue\?/);
    await staff.getByRole("link", { name: "Last month" }).click();
    await expect(staff).toHaveURL(
      new RegExp(`/admin/reports/revenue\\?from=${lastMonth}&to=${lastMonth}&currency=INR$`),
    );
    await expect(staff.getByRole("heading", { name: `Revenue, ${monthLabel(lastMonth)}` })).toBeVisible();
    await expect(staff.getByRole("link", { name: "Last month" })).toHaveAttribute("aria-current", "true");

    // The chart: a figure with a visible caption, an SVG image named and described, the table beside it.
    const chart = staff.getByRole("figure", { name: "Received and refunded by month, INR" });
    await expect(chart).toBeVisible();
    await expect(chart.getByRole("img", { name: /Received and refunded by month, INR/ })).toBeVisible();
    const table = staff.getByRole("table", { name: "Revenue by month (INR)" });
    await expect(table.getByRole("rowheader", { name: monthLabel(lastMonth) })).toBeVisible();
    await expect(staff.getByRole("table", { name: "Revenue by product (INR)" })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);

    // The CSV: the same tables, named by report, period and currency.
    const downloading = staff.waitForEvent("download");
    await staff.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`revenue-${lastMonth}-to-${lastMonth}-INR.csv`);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFFRevenue by month (INR)\r\n")).toBe(true);
    expect(csv).toContain(`\r\n${monthLabel(lastMonth)},`);
    await staff.goto("/admin/audit?action=report.export");
    await expect(staff.getByTestId("audit-row").first()).toContainText("Revenue report");

    // This month, in whichever currency the client paid: their token package is there.
    let payments = 0;
    for (const currency of ["INR", "USD", "EUR"]) {
      await staff.goto(`/admin/reports/revenue?from=${thisMonth}&to=${thisMonth}&currency=${currency}`);
      const row = staff.getByRole("table", { name: `Revenue by product (${currency})` }).getByRole("row", {
        name: /^Token packages/,
      });
      payments += Number((await row.getByRole("cell").first().textContent())!.replaceAll(",", ""));
    }
    expect(payments).toBeGreaterThanOrEqual(1);

    // The other money reports render their charts and tables, accessibly.
    await staff.goto(`/admin/reports/liability?currency=INR`);
    await expect(staff.getByRole("table", { name: /Token liability by origin \(INR\)/ })).toBeVisible();
    await expect(
      staff.getByRole("figure", { name: /Value of paid tokens by month of expiry/ }),
    ).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.goto(`/admin/reports/recurring?from=${addMonths(lastMonth, -2)}&to=${lastMonth}`);
    await expect(staff.getByRole("figure", { name: "MRR at each month's end, INR" })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
  });
});

test.describe("reports with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the period form is a GET form: its state is the URL", async ({ page }) => {
    await signInAs(page, E2E_STAFF, { javaScriptEnabled: false, redirectTo: "/admin/reports/recurring" });
    const form = page.getByRole("search", { name: "Report period" });
    const from = addMonths(lastMonth, -2);
    await form.getByLabel("From (month)").fill(from);
    await form.getByLabel("To (month)").fill(lastMonth);
    await form.getByLabel("Currency").selectOption("USD");
    await form.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/reports/recurring\\?from=${from}&to=${lastMonth}&currency=USD$`),
    );
    await expect(
      page.getByRole("heading", {
        name: `Recurring revenue, ${monthLabel(from)} – ${monthLabel(lastMonth)}`,
      }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: /Recurring revenue by month \(USD/ })).toBeVisible();
    // A wrong month is not an error: the defaults, and a note saying so.
    await page.goto("/admin/reports/revenue?from=2026-13");
    await expect(page.getByRole("status")).toContainText("The start month was not a month");
    await expect(page.getByRole("table", { name: "Revenue by month (INR)" })).toBeVisible();
  });
});
