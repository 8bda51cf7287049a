// One project from start to finish across the portal's own features
// (decisions 0047–0050): two paid revision rounds on proofed versions, a hold
// waiting on the client with its reminder, a goodwill grant that warns before
// it expires, and a confirmed meeting with its calendar invite. The end-to-end
// server runs the jobs every 2 s (JOBS_INTERVAL_SECONDS), so the reminders
// arrive while the test waits. Each feature's own spec covers JavaScript off.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pngBytes } from "../integration/proofing-helpers";
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

type Notification = { title: string; message: string };
type History = { transaction_type: string; amount: number; description?: string }[];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The client's notifications, newest first, through the API (the session cookie). */
async function notifications(page: Page): Promise<Notification[]> {
  return (await (await page.request.get("/api/notifications/")).json()) as Notification[];
}

/** The client pins one comment on the newest version, by a click on the image. */
async function pinOnNewestVersion(page: Page, projectId: string, comment: string, version: number) {
  await page.goto(`/project/${projectId}`);
  await page.getByRole("link", { name: "Review and pin" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Version ${version}: v${version}.png`);
  await waitForHydration(page);
  await page.getByTestId("pin-target").click({ position: { x: 120, y: 80 } });
  await expect(page.getByTestId("picked")).toContainText("Pin placed");
  await page.getByLabel("What should change?").fill(comment);
  await page.getByRole("button", { name: "Pin comment" }).click();
  await expect(page.getByText("Comment pinned.")).toBeVisible();
}

/** Request Revision on the project page: the price and the grants it draws from first. */
async function requestRevision(page: Page, projectId: string, round: number) {
  await page.goto(`/project/${projectId}`);
  await waitForHydration(page);
  await page.locator("summary", { hasText: "Request Revision" }).click();
  const cost = page.getByTestId("revision-cost");
  await expect(cost).toContainText(`This closes Round ${round} with 1 pinned comment`);
  await expect(cost).toContainText("costs 1 token (Basic tier)");
  await expect(page.getByTestId("revision-draws")).toContainText("1 token from Token package");
  await page.getByLabel("What should change?").fill(`See my pin for round ${round}`);
  await page.getByRole("button", { name: "Send revision request" }).click();
  await expect(page.getByText("Revision requested. Your project manager has been notified.")).toBeVisible();
}

/** Staff upload the next version from the project's proofing page. */
async function uploadVersion(staff: Page, projectId: string, version: number) {
  await staff.goto(`/admin/projects/${projectId}/proofing`);
  await staff
    .getByLabel(new RegExp(`Upload version ${version} for the client to proof`))
    // Each version its own picture: the same file twice in a row is refused (decision 0073).
    .setInputFiles({
      name: `v${version}.png`,
      mimeType: "image/png",
      buffer: pngBytes(400, 300, [(version * 70) % 256, 90, 120]),
    });
  await staff.getByRole("button", { name: "Upload version", exact: true }).click();
  await expect(
    staff.getByText(`Version ${version} (v${version}.png) is ready for the client.`),
  ).toBeVisible();
}

/** Staff move the project along from its back-office page. */
async function staffAction(staff: Page, projectId: string, button: string) {
  await staff.goto(`/admin/projects/${projectId}`);
  await waitForHydration(staff);
  await staff.getByRole("button", { name: button, exact: true }).click();
  await expect(staff.getByText(/^The project is now /)).toBeVisible();
}

test("a whole project: two paid revision rounds, a hold with its reminder, an expiry warning and a confirmed meeting", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const account = await createAccount(page);
  await signIn(page, account, true);

  // The client submits a project and buys tokens (the test gateway).
  const title = `Journey ${uniqueName("brand")}`;
  const created = await page.request.post("/api/projects/", {
    multipart: {
      title,
      description: "A launch poster",
      category: "graphic",
      budget: "1k_5k",
      timeline: "2_weeks",
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const packages = (await (await page.request.get("/api/token-packages/")).json()) as { id: string }[];
  const bought = await page.request.post("/api/purchase-tokens/", { data: { package_id: packages[0]!.id } });
  expect(bought.ok()).toBe(true);
  const { new_balance: startBalance } = (await bought.json()) as { new_balance: number };

  // Staff accept it (the delivery clock starts) and upload version 1.
  const staff = await newVisitor(browser, true);
  await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: `/admin/projects/${projectId}` });
  await staff.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(staff.getByTestId("delivery-headline")).toHaveText(/^Due \d{1,2} \w{3}/);
  await uploadVersion(staff, projectId, 1);

  // Round 1: a pin on version 1, paid for at the price shown.
  await pinOnNewestVersion(page, projectId, "Warmer headline", 1);
  await requestRevision(page, projectId, 1);

  // Staff resolve the pin, start the revision and upload version 2.
  await staff.goto(`/admin/projects/${projectId}/proofing`);
  await staff.getByTestId("open-pin").getByRole("button", { name: "Resolve" }).click();
  await expect(staff.getByText("Pin marked resolved in version 1.")).toBeVisible();
  await staffAction(staff, projectId, "Start revision");
  await uploadVersion(staff, projectId, 2);

  // Round 2 on version 2.
  await pinOnNewestVersion(page, projectId, "Bigger logo", 2);
  await requestRevision(page, projectId, 2);
  await page.goto(`/project/${projectId}`);
  await expect(page.getByTestId("round")).toHaveCount(2);
  await expect(page.getByTestId("round").filter({ hasText: "Round 1" })).toContainText(
    "Resolved in version 1",
  );

  // Two rounds, two debits of 1 token each through the ledger.
  const history = (await (await page.request.get("/api/token-history/")).json()) as History;
  expect(history.filter((row) => row.transaction_type === "spend").map((row) => row.amount)).toEqual([
    -1, -1,
  ]);

  // Staff start work again, then record that the client has kept them waiting for 3 days.
  await staffAction(staff, projectId, "Start revision");
  const hold = staff.locator("form", { has: staff.getByRole("button", { name: "Put on hold" }) });
  await hold.getByLabel("On hold: waiting for client input").check();
  await hold.getByLabel(/Hold note for the client/).fill("Which of the two logos do you prefer?");
  await hold.getByLabel(/Waiting on the client for/).fill("3");
  await hold.getByRole("button", { name: "Put on hold" }).click();
  await expect(
    staff.getByText("The project is on hold and its clock is paused. The client has been notified."),
  ).toBeVisible();

  // The client sees the paused clock, and the jobs remind them: 3 days is past the 2-day reminder.
  await page.goto(`/project/${projectId}`);
  await expect(page.getByTestId("delivery-clock").getByTestId("delivery-headline")).toContainText(
    "waiting on you",
  );
  await expect
    .poll(async () => (await notifications(page)).map((n) => n.message).join("\n"), { timeout: 30_000 })
    .toContain(`“${title}” has been paused 3 days: waiting for your input.`);

  // A goodwill grant valid 5 days: the dashboard says when it expires, and the jobs warn before it does.
  await staff.goto(`/admin/projects/${projectId}`);
  await staff.getByRole("link", { name: account.username, exact: true }).click();
  await waitForHydration(staff);
  const grant = staff.locator("form", { has: staff.getByRole("button", { name: "Save token change" }) });
  await grant.getByLabel("Tokens").fill("5");
  await grant.getByLabel("Reason").fill("Launch week goodwill");
  await grant.getByLabel("Valid for (days)").fill("5");
  await grant.getByRole("button", { name: "Save token change" }).click();
  await expect(
    staff.getByText(`Granted 5 tokens. The balance is now ${startBalance - 2 + 5}.`),
  ).toBeVisible();
  await expect
    .poll(async () => (await notifications(page)).map((n) => n.title).join("\n"), { timeout: 30_000 })
    .toContain("Tokens expire soon");
  await page.goto("/dashboard2");
  await expect(page.getByTestId("token-expiry")).toContainText("5 tokens expire on");

  // A meeting: the client asks for an investor meeting; staff confirm it; the invite is on the dashboard.
  const sender = `Asha ${uniqueName("J")}`;
  const sent = await page.request.post("/api/contact/investor-meeting/", {
    data: {
      company_name: "Rao Foods",
      your_name: sender,
      company_designation: "Founder",
      company_email: account.email,
      phone_country: "IN",
      phone_number: "98200 12345",
      meeting_type: "partner",
      meeting_agenda: "The launch and what comes after",
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await staff.goto(`/admin/inbox?q=${encodeURIComponent(sender)}`);
  await staff.getByTestId("inbox-row").getByRole("link", { name: sender }).click();
  await staff.getByRole("link", { name: "Meeting and invite" }).click();
  await waitForHydration(staff);
  const meetingForm = staff.locator("form#meeting-confirm");
  await meetingForm.getByLabel("Date").fill(inDays(6));
  await meetingForm.getByLabel("Time", { exact: true }).fill("11:00");
  await meetingForm.getByLabel("Meeting link (for a call)").fill("https://meet.example.com/journey");
  await meetingForm.getByRole("button", { name: "Confirm and send invite" }).click();
  await expect(
    staff.getByText(`Meeting confirmed. The invite is on its way to ${account.email}.`),
  ).toBeVisible();

  await page.goto("/dashboard2/meetings");
  const meeting = page.getByTestId("meeting");
  await expect(meeting).toHaveCount(1);
  const downloading = page.waitForEvent("download");
  await meeting.getByRole("link", { name: /^Add to calendar:/ }).click();
  const ics = await readFile((await (await downloading).path())!, "utf8");
  expect(ics).toContain("METHOD:REQUEST");
  expect(ics).toContain("URL:https://meet.example.com/journey");
  await staff.context().close();
});
