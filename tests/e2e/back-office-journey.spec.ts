import { pngBytes } from "../integration/proofing-helpers";
import { monthLabel, periodPresets } from "../../models/views/reports/period";
import { open, partlySpentPurchase, projectWithTokens, sendQuote } from "./back-office-steps";
import { createAccount, expect, newVisitor, signIn, signInAs, test, uniqueName } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

// A staff member's day in the back-office (issue 37): a quote in the inbox read
// with labels, two versions of a proof compared, a partial refund chosen and
// confirmed, and last month's revenue report. With JavaScript on, then the same
// forms with it off (each part's finer checks are in back-office.spec.ts,
// proofing.spec.ts, back-office-billing.spec.ts and reports.spec.ts).

const lastMonth = periodPresets()[0]!.from;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the back-office journey with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(180_000);

    test("inbox, a proof comparison, a confirmed partial refund, last month's reports", async ({
      page,
      browser,
    }) => {
      // A visitor asks for a quote.
      const company = uniqueName("Studio");
      const sender = `Maya ${uniqueName("R")}`;
      await sendQuote(
        page,
        {
          company,
          sender,
          email: "maya@acme.example",
          brief: "A full rebrand for our spice range, packaging included.",
        },
        javaScriptEnabled,
      );

      // The inbox: the back-office's own frame, the quote found, its fields read as labels.
      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      const nav = staff.getByRole("navigation", { name: "Back-office" });
      await nav.getByRole("link", { name: /^Inbox/ }).click();
      await expect(staff.getByRole("heading", { name: "Inbox" })).toBeVisible();
      await staff.getByLabel("Search").fill(company);
      await staff.getByRole("button", { name: "Apply" }).click();
      const row = staff.getByTestId("inbox-row");
      await expect(row).toHaveCount(1);
      await row.getByRole("link", { name: sender }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Quote request from ${sender}`);
      await expect(staff.getByText("Graphic Design", { exact: true }).first()).toBeVisible();
      await expect(staff.getByText("graphic_design")).toHaveCount(0);

      // A client's project: staff accept it, upload two versions and compare them.
      const client = await newVisitor(browser, true);
      const account = await createAccount(client);
      await signIn(client, account, true);
      const project = await projectWithTokens(client);
      await client.context().close();
      await open(staff, `/admin/projects/${project.id}`, javaScriptEnabled);
      await staff.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(staff.getByText("In Progress").first()).toBeVisible();
      await open(staff, `/admin/projects/${project.id}/proofing`, javaScriptEnabled);
      for (const [version, colour] of [
        [1, [30, 90, 200]],
        [2, [200, 60, 30]],
      ] as const) {
        await staff
          .getByLabel(`Upload version ${version} for the client to proof`, { exact: false })
          .setInputFiles({
            name: `poster-v${version}.png`,
            mimeType: "image/png",
            buffer: pngBytes(400, 300, [...colour]),
          });
        await staff.getByRole("button", { name: "Upload version", exact: true }).click();
        await expect(
          staff.getByText(`Version ${version} (poster-v${version}.png) is ready for the client.`),
        ).toBeVisible();
      }
      const compare = staff.getByTestId("compare-form");
      await compare.getByLabel("Version A").selectOption("1");
      await compare.getByLabel("Version B").selectOption("2");
      await compare.getByRole("button", { name: "Compare" }).click();
      await expect(staff).toHaveURL(/[?&]a=1&b=2/);
      await expect(staff.getByTestId("compare-a").getByRole("img", { name: "Version 1" })).toBeVisible();
      await expect(staff.getByTestId("compare-b").getByRole("img", { name: "Version 2" })).toBeVisible();

      // A partial refund: the unspent share suggested, confirmed on its own step.
      const buyer = await newVisitor(browser, true);
      const { paymentId } = await partlySpentPurchase(buyer, staff, javaScriptEnabled);
      await buyer.context().close();
      await open(staff, `/admin/payments/${paymentId}`, javaScriptEnabled);
      await expect(staff.getByTestId("refund-tokens")).toHaveText("21 spent · 109 unspent");
      await staff.getByRole("button", { name: "Review refund" }).click();
      const confirm = staff.getByTestId("refund-confirm");
      await expect(confirm.getByRole("heading", { name: "Confirm the refund" })).toBeVisible();
      await expect(confirm.getByTestId("confirm-tokens-back")).toHaveText(
        "109 tokens, taken from the client's balance",
      );
      await confirm.getByRole("button", { name: /^Confirm refund of / }).click();
      await expect(staff.getByTestId("refund-outcome")).toContainText("109 unspent tokens were taken back.");

      // Last month's reports.
      await nav.getByRole("link", { name: /^Reports/ }).click();
      await expect(staff.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      await staff
        .getByRole("navigation", { name: "Reports" })
        .getByRole("link", { name: "Revenue", exact: true })
        .click();
      await expect(staff).toHaveURL(/\/admin\/reports\/revenue/);
      await staff.getByRole("link", { name: "Last month" }).click();
      await expect(staff).toHaveURL(
        new RegExp(`/admin/reports/revenue\\?from=${lastMonth}&to=${lastMonth}&`),
      );
      await expect(staff.getByRole("heading", { name: `Revenue, ${monthLabel(lastMonth)}` })).toBeVisible();
      await expect(staff.getByRole("figure", { name: /^Received and refunded by month/ })).toBeVisible();
      await expect(
        staff
          .getByRole("table", { name: /^Revenue by month/ })
          .getByRole("rowheader", { name: monthLabel(lastMonth) }),
      ).toBeVisible();
      await staff.context().close();
    });
  });
}
