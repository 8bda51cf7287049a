// Pictures of the client workspace at a laptop's and a phone's width, for
// docs/screenshots: one client with a project awaiting their review, tokens,
// a receipt and a confirmed meeting, so each page shows what it is for.
import path from "node:path";
import type { Page } from "@playwright/test";
import { pngBytes } from "../integration/proofing-helpers";
import { createAccount, expect, newVisitor, signIn, signInAs, test, waitForHydration } from "../e2e/fixtures";
import { E2E_STAFF } from "../e2e/staff-account";

const OUT = path.resolve(import.meta.dirname, "../../docs/screenshots");
const WIDTHS = [
  { name: "1366", width: 1366, height: 768 },
  { name: "390", width: 390, height: 844 },
];

async function shoot(page: Page, name: string, url: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(url);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(OUT, `workspace-${name}-${size.name}.png`), fullPage: true });
  }
}

test("the workspace, page by page", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const account = await createAccount(page);
  await signIn(page, account, true);
  await page.goto("/dashboard2/settings");
  await waitForHydration(page);
  await page.getByLabel("Full name").fill("Meera Iyer");
  await page.getByLabel("Company (optional)").fill("Saffron Row Teas");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByLabel("Company (optional)")).toHaveValue("Saffron Row Teas");

  const created = await page.request.post("/api/projects/", {
    multipart: {
      title: "Saffron Row identity",
      description: "A wordmark, a colour system and packaging labels for our tea shop's spring range.",
      category: "graphic",
      budget: "1k_5k",
      timeline: "1_month",
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
  expect(
    (await page.request.post("/api/purchase-tokens/", { data: { package_id: packages[1]!.id } })).ok(),
  ).toBe(true);
  await page.goto(`/project/${projectId}`);
  await waitForHydration(page);
  await page.getByLabel("Write to the studio").fill("Could we see a darker saffron in the next round?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("thread-entry").filter({ hasText: "darker saffron" })).toBeVisible();

  // Staff accept it, deliver version 1 and send it for review.
  const staff = await newVisitor(browser, true);
  await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: `/admin/projects/${projectId}` });
  await waitForHydration(staff);
  await staff.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(staff.getByText(/^The project is now /)).toBeVisible();
  await staff.goto(`/admin/projects/${projectId}/proofing`);
  await staff
    .getByLabel(/Upload version 1 for the client to proof/)
    .setInputFiles({ name: "wordmark-v1.png", mimeType: "image/png", buffer: pngBytes(800, 500) });
  await staff.getByRole("button", { name: "Upload version", exact: true }).click();
  await expect(staff.getByText(/Version 1 \(wordmark-v1.png\) is ready/)).toBeVisible();
  await staff.goto(`/admin/projects/${projectId}`);
  await waitForHydration(staff);
  await staff.getByRole("button", { name: "Send for review", exact: true }).click();
  await expect(staff.getByText(/^The project is now /)).toBeVisible();
  await staff.context().close();

  await shoot(page, "home", "/dashboard2");
  await shoot(page, "project", `/project/${projectId}`);
  await shoot(page, "projects", "/dashboard2/projects");
  await shoot(page, "wallet", "/dashboard2/billing");
  await shoot(page, "receipts", "/manageaccount/billing");
  await shoot(page, "shop", "/dashboard2/shop");
  await shoot(page, "meetings", "/dashboard2/meetings");
  await shoot(page, "notifications", "/dashboard2/notifications");
  await shoot(page, "settings", "/dashboard2/settings");
});
