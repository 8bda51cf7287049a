// Issue #40's journey: an owner invites a billing member, an approver and a
// member, each of whom joins through the emailed link; the billing member buys
// tokens with the test gateway; staff upload a proof on the organisation's
// project; the approver pays for a revision round from the shared wallet (the
// ledger names them) and approves the next version; the member is refused a
// purchase with a clear message; the owner removes the member, whose very next
// request loses the project. Then the key forms again with JavaScript off, and
// an owner alone in an empty organisation deletes it (JavaScript on and off).
import type { Page } from "@playwright/test";
import { pngBytes } from "../integration/proofing-helpers";
import { seriousViolations } from "./axe";
import { openClient, projectWithTokens } from "./back-office-steps";
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

/** An owner with a confirmed address on the Team page, and staff signed in to the back-office. */
async function ownerAndStaff(owner: Page, staff: Page, javaScriptEnabled: boolean) {
  const account = await createAccount(owner);
  await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin" });
  await confirmEmail(staff, owner, account.email);
  await signInAs(owner, account, { javaScriptEnabled, redirectTo: "/dashboard2/team" });
  return account;
}

async function refusedPurchase(member: Page) {
  await member.goto("/dashboard2/billing/tokens");
  await expect(member.getByTestId("role-refusal")).toHaveText(
    "Your role (Member) can't buy tokens. Ask an owner or billing member.",
  );
  await expect(member.getByRole("button", { name: /Pay and add tokens|Continue to payment/ })).toHaveCount(0);
}

/** The owner removes `username` through the confirm step. */
async function removeMember(owner: Page, username: string, javaScriptEnabled: boolean) {
  await owner.goto("/dashboard2/team");
  if (javaScriptEnabled) await waitForHydration(owner);
  await owner.getByRole("link", { name: `Remove ${username}` }).click();
  if (!javaScriptEnabled) await expect(owner).toHaveURL(new RegExp(`\\?remove=${username}$`));
  await expect(owner.getByRole("heading", { name: `Remove ${username}?` })).toBeVisible();
  await owner.getByRole("button", { name: `Yes, remove ${username}` }).click();
  await expect(owner.getByText(`${username} was removed and signed out of this organisation.`)).toBeVisible();
  await expect(owner.locator(`[data-testid="member-row"][data-username="${username}"]`)).toHaveCount(0);
}

test("an organisation's team: invite three roles, buy, pay a round, approve, refuse, remove (JavaScript on)", async ({
  browser,
}) => {
  test.slow();
  const owner = await newVisitor(browser, true);
  const staff = await newVisitor(browser, true);
  const billing = await newVisitor(browser, true);
  const approver = await newVisitor(browser, true);
  const member = await newVisitor(browser, true);
  const account = await ownerAndStaff(owner, staff, true);

  const billingName = await inviteAndJoin(owner, staff, billing, "billing", { javaScriptEnabled: true });
  const approverName = await inviteAndJoin(owner, staff, approver, "approver", { javaScriptEnabled: true });
  const memberName = await inviteAndJoin(owner, staff, member, "member", { javaScriptEnabled: true });
  const team = owner.getByTestId("member-row");
  await owner.goto("/dashboard2/team");
  await expect(team).toHaveCount(4);
  await waitForHydration(owner);
  expect(await seriousViolations(owner)).toEqual([]);

  // The billing member buys tokens for the organisation with the test gateway.
  await billing.goto("/dashboard2/billing/tokens?package=essential");
  await waitForHydration(billing);
  await expect(billing.getByRole("radio", { name: /Essential/ })).toBeChecked();
  await billing.getByLabel("Card number").fill("4242 4242 4242 4242");
  await billing.getByLabel("Expiry (MM/YY)").fill("12/39");
  await billing.getByLabel("Security code").fill("123");
  await billing.getByLabel("Name on card").fill("Asha Rao");
  await billing.getByRole("button", { name: "Pay and add tokens" }).click();
  await expect(billing.getByText(/^Success! You purchased 50 Creative Tokens\./)).toBeVisible();

  // The owner's project; staff accept it and upload version 1.
  const project = await projectWithTokens(owner);
  await staff.goto(`/admin/projects/${project.id}`);
  await waitForHydration(staff);
  await staff.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(staff.getByText(/^The project is now /)).toBeVisible();
  const upload = async (version: number, colour: [number, number, number]) => {
    await staff.goto(`/admin/projects/${project.id}/proofing`);
    await staff
      .getByLabel(new RegExp(`Upload version ${version} for the client to proof`))
      .setInputFiles({ name: `v${version}.png`, mimeType: "image/png", buffer: pngBytes(400, 300, colour) });
    await staff.getByRole("button", { name: "Upload version", exact: true }).click();
    await expect(
      staff.getByText(`Version ${version} (v${version}.png) is ready for the client.`),
    ).toBeVisible();
  };
  await upload(1, [30, 90, 200]);

  // The approver pays for a revision round from the shared wallet.
  await approver.goto(`/project/${project.id}`);
  await waitForHydration(approver);
  await approver.locator("summary", { hasText: "Request Revision" }).click();
  await expect(approver.getByTestId("revision-cost")).toContainText("costs 1 token");
  await approver.getByLabel("What should change?").fill("Warmer colours, please");
  await approver.getByRole("button", { name: "Send revision request" }).click();
  await expect(
    approver.getByText("Revision requested. Your project manager has been notified."),
  ).toBeVisible();
  await expect(approver.getByTestId("round")).toContainText("Round 1");
  expect(await seriousViolations(approver)).toEqual([]);

  // The organisation's ledger names who spent: the approver for the round, the billing member for the purchase.
  await openClient(staff, account.username, true);
  const ledger = staff.getByTestId("ledger-row");
  await expect(ledger.filter({ hasText: approverName }).filter({ hasText: "-1" })).toHaveCount(1);
  await expect(ledger.filter({ hasText: billingName }).filter({ hasText: "+50" })).toHaveCount(1);

  // Version 2, sent for review; the approver approves it (a confirmed step).
  await upload(2, [200, 60, 30]);
  await staff.goto(`/admin/projects/${project.id}`);
  await waitForHydration(staff);
  await staff.getByRole("button", { name: "Send for review", exact: true }).click();
  await expect(staff.getByText(/^The project is now /)).toBeVisible();
  await approver.goto(`/project/${project.id}`);
  await waitForHydration(approver);
  await approver.getByTestId("approve-button").click();
  const confirmation = approver.getByRole("dialog", { name: "Approve version 2 and publish it?" });
  await confirmation.getByRole("button", { name: "Yes, approve version 2 and publish" }).click();
  await expect(approver.getByText("Version 2 approved and published.")).toBeVisible();

  // The member: refused a purchase, with the reason and whom to ask.
  await refusedPurchase(member);
  await waitForHydration(member);
  expect(await seriousViolations(member)).toEqual([]);

  // The member has the project open; the owner removes them; their very next request loses it.
  await member.goto(`/project/${project.id}`);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText(project.title);
  await removeMember(owner, memberName, true);
  await expect(team).toHaveCount(3);
  await member.reload();
  await expect(member).toHaveURL(/\/login\?redirectTo=/);
  expect([401, 403]).toContain((await member.request.get(`/api/projects/${project.id}/`)).status());
});

test("the team's key forms without JavaScript: invite, a refused purchase, remove with its confirm step", async ({
  browser,
}) => {
  test.slow();
  const owner = await newVisitor(browser, false);
  const staff = await newVisitor(browser, true);
  const member = await newVisitor(browser, false);
  await ownerAndStaff(owner, staff, false);
  const memberName = await inviteAndJoin(owner, staff, member, "member");
  await refusedPurchase(member);
  await removeMember(owner, memberName, false);
  await member.goto("/dashboard2/billing/tokens");
  await expect(member).toHaveURL(/\/login\?redirectTo=/);
});

for (const javaScriptEnabled of [true, false]) {
  test(`an owner alone in an empty organisation deletes it after confirming (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const person = await newVisitor(browser, javaScriptEnabled);
    const account = await createAccount(person);
    await signInAs(person, account, { javaScriptEnabled, redirectTo: "/organisations/new" });
    const name = `Side ${uniqueName("studio")}`;
    await person.getByLabel("Organisation name").fill(name);
    await person.getByRole("button", { name: "Create organisation" }).click();
    await expect(person).toHaveURL(/\/dashboard2\/team$/);
    await expect(person.getByTestId("organisation-name")).toHaveText(name);
    if (javaScriptEnabled) await waitForHydration(person);

    await person.getByRole("link", { name: `Delete ${name}` }).click();
    if (!javaScriptEnabled) await expect(person).toHaveURL(/\?delete$/);
    await expect(person.getByRole("heading", { name: `Delete ${name}?` })).toBeVisible();
    await expect(person.getByText("This cannot be undone.")).toBeVisible();
    if (javaScriptEnabled) expect(await seriousViolations(person)).toEqual([]);
    await person.getByRole("button", { name: `Yes, delete ${name}` }).click();

    // Back in their own organisation, told which one went; it is no longer theirs to switch to.
    await expect(person.getByTestId("organisation-deleted")).toHaveText(`${name} was deleted.`);
    await expect(person.getByTestId("organisation-name")).toHaveText(account.username);
    await expect(person.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    await expect(person.getByText("You belong to this organisation only.")).toBeVisible();
  });
}
