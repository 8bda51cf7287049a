import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  createAccount,
  expect,
  newVisitor,
  signIn,
  signInAs,
  test,
  uniqueName,
  waitForHydration,
} from "../e2e/fixtures";
import { E2E_STAFF } from "../e2e/staff-account";

// Journeys through nginx (baseURL), then checked against every app process
// directly (CLUSTER_APP_URLS, set by scripts/cluster.sh): whatever one process
// wrote, every process serves. Jobs running once per due item across
// processes is proven at integration level (tests/integration/several-processes.test.ts).
const APPS = (process.env.CLUSTER_APP_URLS ?? "").split(" ").filter(Boolean);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.use({ javaScriptEnabled: true });
test.setTimeout(120_000);

test.beforeAll(() => expect(APPS.length, "CLUSTER_APP_URLS names the processes").toBeGreaterThan(1));

/** The processes (X-Instance) that answered the page's requests through nginx. */
function instancesSeen(page: Page) {
  const seen = new Set<string>();
  page.on("response", (response) => {
    const instance = response.headers()["x-instance"];
    if (instance) seen.add(instance);
  });
  return seen;
}

test("a visitor signs up through the load balancer and is signed in on every process", async ({ page }) => {
  await page.goto("/signup");
  await waitForHydration(page);
  const username = uniqueName("cluster");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("secret12");
  await page.getByLabel("Confirm password").fill("secret12");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Account created" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });
  for (const app of APPS) {
    await page.goto(`${app}/dashboard2`);
    await expect(page.getByRole("heading", { name: `Hello, ${username}` }), app).toBeVisible();
  }
});

test("a project with a file: every process serves the file; staff accept it and every process shows it", async ({
  page,
  browser,
}) => {
  const seen = instancesSeen(page);
  const account = await createAccount(page);
  await signIn(page, account, true);
  await page.goto("/createprojectform");
  await waitForHydration(page);
  const title = `Cluster ${uniqueName("p")}`;
  await page.getByLabel("Project title").fill(title);
  await page.getByLabel("Description").fill("A brand refresh for our chain of tea shops, with packaging.");
  await page.getByLabel("Category").selectOption("graphic");
  await page.getByLabel("Budget").selectOption("10k_50k");
  await page
    .getByLabel("Attach a file (optional)")
    .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Submit project" }).click();
  await expect(
    page.getByRole("heading", { name: "Your project has been submitted and is now under review" }),
  ).toBeVisible();
  // Its redirect to the dashboard comes after 2 seconds: wait for it, or the next navigation races it.
  await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 15_000 });

  await page.goto("/dashboard2");
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  const projectPath = new URL(page.url()).pathname;
  const link = page.getByTestId("project-file").getByRole("link", { name: /Download/ });
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("brief.pdf");
  expect(await readFile(await download.path())).toEqual(PDF);
  // The same bytes from each process: the uploads are shared.
  const href = (await link.getAttribute("href"))!;
  for (const app of APPS) {
    const response = await page.request.get(`${app}${href}`);
    expect(response.status(), app).toBe(200);
    expect(await response.body(), app).toEqual(PDF);
  }
  // Round robin: the journey's requests through nginx reached every process.
  expect([...seen].sort()).toEqual(APPS.map((_, i) => `app${i + 1}`));

  const staff = await newVisitor(browser);
  await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin/projects" });
  await staff.getByLabel("Search").fill(title);
  await staff.getByRole("button", { name: "Search" }).click();
  await staff.getByRole("link", { name: title }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(title);
  await waitForHydration(staff);
  await staff.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(
    staff.getByText("The project is now In Progress. The client has been notified."),
  ).toBeVisible();

  for (const app of APPS) {
    await page.goto(`${app}${projectPath}`);
    await expect(page.locator("[data-status]").first(), app).toHaveText("In Progress");
  }
});

test("tokens bought and spent through the load balancer: the same balance on every process", async ({
  page,
}) => {
  const account = await createAccount(page);
  await signIn(page, account, true);
  await page.goto("/dashboard2/billing/tokens?package=essential");
  await waitForHydration(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
  await page.getByRole("button", { name: "Pay and add tokens" }).click();
  await expect(
    page.getByText("Success! You purchased 50 Creative Tokens. Your new balance is 50 tokens."),
  ).toBeVisible();

  await page.goto("/dashboard2/shop?category=tools");
  await page.getByRole("button", { name: /^Add to Cart\b.*Type Scale Cheat Sheet$/ }).click();
  await expect(page.getByTestId("action-notice")).toContainText("added to cart");
  await page.goto("/cart");
  await waitForHydration(page);
  // Checkout opens the confirm step, which shows what it spends (decision 0049).
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await page.getByRole("button", { name: "Confirm and spend 2 tokens" }).click();
  await expect(page.getByTestId("action-notice")).toContainText(
    "Checkout successful! You spent 2 Creative Tokens and now have 48 tokens remaining.",
  );

  for (const app of APPS) {
    await page.goto(`${app}/dashboard2/billing`);
    await expect(page.getByTestId("token-balance"), app).toHaveText("48");
  }
});

test("a catalogue change by staff reaches the cached anonymous page on every process", async ({
  browser,
  request,
}) => {
  const name = `Cluster pack ${uniqueName("c")}`;
  // Every process renders and caches the page before the change.
  for (const app of APPS) {
    for (let i = 0; i < 2; i++) {
      const response = await request.get(`${app}/creative-tokens`);
      expect(response.status(), app).toBe(200);
      expect(await response.text(), app).not.toContain(name);
    }
  }

  const staff = await newVisitor(browser);
  await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin/catalog" });
  await staff.goto("/admin/catalog/packages/new");
  await waitForHydration(staff);
  await staff.getByLabel(/^Id/).fill(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  await staff.getByLabel("Name", { exact: true }).fill(name);
  await staff.getByLabel("Description").fill("A pack for the cluster test.");
  await staff.getByLabel("Tokens", { exact: true }).fill("7");
  await staff.getByLabel("Bonus tokens").fill("0");
  await staff.getByLabel("Price in US dollars").fill("7");
  await staff.getByLabel("Price in euros").fill("7");
  await staff.getByLabel("Price in rupees").fill("700");
  await staff.getByRole("button", { name: "Add token package" }).click();
  await expect(staff.getByText(`${name} was added. Clients see it now.`)).toBeVisible();

  // Each process reads the shared page-cache revision at most once a second (decision 0039).
  for (const app of APPS) {
    await expect
      .poll(async () => (await request.get(`${app}/creative-tokens`)).text(), {
        message: app,
        timeout: 10_000,
      })
      .toContain(name);
  }
});
