import { createAccount, expect, signIn, test, uniqueName, waitForHydration } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // One long journey through five pages; the machine is shared.
    test.setTimeout(120_000);

    test("create a project with a file, follow it on the dashboard and /order, talk, request a revision, read notifications", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);
      await expect(page.getByTestId("stat-active-projects")).toHaveText("0");

      // Create: the spec's messages first, then a real submission.
      await page.getByRole("link", { name: "New project" }).click();
      await expect(page).toHaveURL(/\/createprojectform$/);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("button", { name: "Submit project" }).click();
      for (const message of ["Project title is required", "Project description is required", "Please select a category", "Please select a budget range"]) {
        await expect(page.getByText(message)).toBeVisible();
      }
      const title = `Launch ${uniqueName("video")}`;
      await page.getByLabel("Project title").fill(title);
      await page.getByLabel("Description").fill("A 30 second teaser for our spring collection, cut for reels and stories.");
      await page.getByLabel("Category").selectOption("video");
      await page.getByLabel("Budget").selectOption("10k_50k");
      // The slider starts at Flexible; three steps left is 1 week (keyboard works with or without JavaScript).
      const timeline = page.getByLabel("Timeline");
      await timeline.focus();
      for (let i = 0; i < 3; i++) await timeline.press("ArrowLeft");
      await expect(timeline).toHaveValue("0");
      if (javaScriptEnabled) await expect(page.locator("output")).toHaveText("1 week");
      await page.getByLabel("Attach a file (optional)").setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.getByLabel("Use my Creative Tokens for this project").check();
      await page.getByRole("button", { name: "Submit project" }).click();
      await expect(page.getByRole("heading", { name: "Your project has been submitted and is now under review" })).toBeVisible();
      // Then the dashboard, after 2 seconds (a countdown with JavaScript, a meta refresh without).
      await expect(page).toHaveURL(/\/dashboard2$/, { timeout: 8_000 });
      await expect(page.getByTestId("stat-active-projects")).toHaveText("1");
      const card = page.getByTestId("project-card").filter({ hasText: title });
      await expect(card).toContainText("In Review");

      // Notifications: the dropdown works without JavaScript (details/summary).
      await expect(page.getByTestId("unread-count")).toHaveText("1");
      await page.getByTestId("notifications-dropdown").locator("summary").click();
      await expect(page.getByTestId("notifications-dropdown").getByText("Project submitted")).toBeVisible();
      await page.getByRole("button", { name: "Mark all read" }).click();
      await expect(page.getByTestId("unread-count")).toHaveCount(0);

      // /order: GET search (any case) and status filter.
      await page.goto("/order");
      await page.getByLabel("Search").fill(title.toUpperCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/\/order\?q=/);
      const tracked = page.getByTestId("tracked-project");
      await expect(tracked).toHaveCount(1);
      await expect(tracked).toContainText("Under Review");
      await expect(tracked).toContainText("High priority");
      await page.getByLabel("Status", { exact: true }).selectOption("completed");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText("No projects found")).toBeVisible();
      await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();

      // Detail: stepper, file with its size and a download, conversation, revision.
      await page.goto("/dashboard2");
      await page.getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator('[aria-current="step"]')).toContainText("Accepted");
      const file = page.getByTestId("project-file");
      await expect(file).toContainText("brief.pdf");
      await expect(file).toContainText(`${PDF.length} Bytes`);
      const downloading = page.waitForEvent("download");
      await file.getByRole("link", { name: /Download/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("brief.pdf");

      await page.getByLabel("Your message").fill("Could the first cut be ready by Friday?");
      await page.getByRole("button", { name: "Send message" }).click();
      const comment = page.getByTestId("comment").filter({ hasText: "Could the first cut be ready by Friday?" });
      await expect(comment).toContainText("Client");

      await page.getByText("Request Revision", { exact: true }).click();
      await page.getByLabel("What should change?").fill("Please use our new logo in the end card.");
      await page.getByRole("button", { name: "Send revision request" }).click();
      await expect(page.getByText("Revision requested. Your project manager has been notified.")).toBeVisible();
      await expect(page.locator("[data-status]").first()).toHaveText("Revision Requested");
      await expect(page.getByRole("button", { name: "Approve & Publish" })).toHaveCount(0);

      // The status change is a new unread notification; opening it marks it read and leads to the project.
      await page.goto("/dashboard2");
      await expect(page.getByTestId("unread-count")).toHaveText("1");
      await page.getByTestId("notifications-dropdown").locator("summary").click();
      await page.getByTestId("notifications-dropdown").getByRole("button", { name: /^Project status updated/ }).click();
      await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
      await page.goto("/dashboard2/notifications");
      await expect(page.getByText("You're all caught up.")).toBeVisible();
    });
  });
}

test("anonymous visitors go to login; another client's project is 'Project Not Found'", async ({ page, browser }) => {
  for (const path of ["/dashboard2", "/dashboard2/projects", "/createprojectform", "/order"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  }
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();

  const owner = await createAccount(page);
  const login = await page.request.post("/api/auth/login/", { data: { username: owner.username, password: owner.password } });
  const { token } = (await login.json()) as { token: string };
  const created = await page.request.post("/api/projects/", {
    headers: { Authorization: `Token ${token}` },
    data: { title: "Private rebrand", description: "Only mine", category: "strategy", budget: "under_1k", timeline: "flexible", use_tokens: false },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const other = await browser.newContext();
  const stranger = await other.newPage();
  const account = await createAccount(stranger);
  await signIn(stranger, account, true);
  const response = await stranger.goto(`/project/${id}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Project Not Found" })).toBeVisible();
  await expect(stranger.getByText(`The project with ID ${id} could not be found. Please check the URL or go back to the dashboard.`)).toBeVisible();
  await expect(stranger.getByText("Private rebrand")).toHaveCount(0);
  await stranger.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(stranger).toHaveURL(/\/dashboard2$/);
  await other.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every dashboard tab is a link to its own URL; empty ones say so", async ({ page }) => {
    const account = await createAccount(page);
    await signIn(page, account, false);
    const tabs = page.getByRole("navigation", { name: "Dashboard" });
    const expected = [
      ["Shop", "/dashboard2/shop", "Social Post Grid"],
      ["My Purchases", "/dashboard2/purchases", "No purchases yet"],
      ["Recommendations", "/dashboard2/recommendations", "Put your logo in motion"],
      ["Projects", "/dashboard2/projects", "No projects yet"],
      ["Billing & Tokens", "/dashboard2/billing", "No tokens yet. Buy a package, subscribe to a plan or redeem a gift card."],
      ["Profile", "/dashboard2/profile", "Signed in as"],
      ["Dashboard", "/dashboard2", "Hello,"],
    ] as const;
    for (const [label, path, text] of expected) {
      await tabs.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await expect(tabs.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(text).first()).toBeVisible();
    }
    // The token balance and the cart dropdown are honest about being empty.
    await expect(page.getByTestId("token-balance")).toHaveText("0");
    await page.getByTestId("cart-dropdown").locator("summary").click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });
});

test("the REST API answers on the spec's paths, trailing slash included", async ({ page }) => {
  const tokenFor = async () => {
    const account = await createAccount(page);
    const response = await page.request.post("/api/auth/login/", { data: { username: account.username, password: account.password } });
    return { Authorization: `Token ${((await response.json()) as { token: string }).token}` };
  };
  const owner = await tokenFor();
  const stranger = await tokenFor();
  const created = await page.request.post("/api/projects/", {
    headers: owner,
    multipart: { title: "API brief", description: "Sent as multipart", category: "app", budget: "1k_5k", timeline: "2", files: { name: "spec.pdf", mimeType: "application/pdf", buffer: PDF } },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string; timeline: string; files: { name: string; size: number; file: string }[] };
  expect(project.timeline).toBe("1_month");
  expect(project.files[0]).toMatchObject({ name: "spec.pdf", size: PDF.length });

  const file = await page.request.get(project.files[0]!.file, { headers: owner });
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="spec.pdf"/);
  expect((await page.request.get(project.files[0]!.file, { headers: stranger })).status()).toBe(404);

  expect(await (await page.request.get("/api/dashboard/stats/", { headers: owner })).json()).toEqual({ active_projects: 1, tokens_left: 0 });
  expect((await page.request.get(`/api/projects/${project.id}/`, { headers: owner })).status()).toBe(200);
  const hidden = await page.request.get(`/api/projects/${project.id}/`, { headers: stranger });
  expect(hidden.status()).toBe(404);
  expect(await hidden.json()).toEqual({ error: "Project not found" });

  const notifications = (await (await page.request.get("/api/notifications/", { headers: owner })).json()) as { id: string; is_read: boolean }[];
  expect(notifications).toHaveLength(1);
  expect((await page.request.post(`/api/notifications/${notifications[0]!.id}/mark-read/`, { headers: stranger })).status()).toBe(404);
  const read = await page.request.post(`/api/notifications/${notifications[0]!.id}/mark-read/`, { headers: owner });
  expect(await read.json()).toMatchObject({ is_read: true });
  expect(await (await page.request.post("/api/notifications/mark-all-read/", { headers: owner })).json()).toEqual({ marked: 0 });
  expect((await page.request.get("/api/notifications/")).status()).toBe(401);
});
