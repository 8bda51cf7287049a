// Organisations (issue #40): an owner invites a colleague, who accepts through
// the emailed link and signs up; the owner changes their role, then removes
// them, and their next request is refused. Once with JavaScript, once without.
import { seriousViolations } from "./axe";
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
import { invitationPath } from "./organisation-steps";
import { E2E_STAFF } from "./staff-account";

for (const javaScriptEnabled of [true, false]) {
  test(`an owner invites, re-roles and removes a colleague (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.slow();
    const owner = await newVisitor(browser, javaScriptEnabled);
    const staff = await newVisitor(browser);
    const invitee = await newVisitor(browser, javaScriptEnabled);
    const account = await createAccount(owner);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin" });
    // Only a confirmed address may invite.
    await confirmEmail(staff, owner, account.email);
    await signInAs(owner, account, { javaScriptEnabled, redirectTo: "/dashboard2/team" });

    await expect(owner.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(owner.getByTestId("my-role")).toHaveText("Owner");
    if (javaScriptEnabled) {
      await waitForHydration(owner);
      expect(await seriousViolations(owner)).toEqual([]);
    }

    // Invite, with a field error first (what was typed is kept).
    const colleague = uniqueName("colleague");
    const email = `${colleague}@example.com`;
    await owner.getByLabel("Email address").fill("not-an-address");
    await owner.getByLabel("Role", { exact: true }).selectOption("approver");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await expect(owner.getByText("Enter a valid email address.")).toBeVisible();
    await expect(owner.getByLabel("Email address")).toHaveValue("not-an-address");
    await owner.getByLabel("Email address").fill(email);
    await owner.getByLabel("Role", { exact: true }).selectOption("approver");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(owner.getByTestId("invitation-row")).toContainText(email);

    // The invitee opens the emailed link signed out and signs up with the address.
    await invitee.goto(await invitationPath(staff, email));
    await expect(invitee.getByRole("heading", { name: `Join ${account.username}` })).toBeVisible();
    await expect(invitee.getByLabel("Email")).toHaveValue(email);
    if (javaScriptEnabled) {
      await waitForHydration(invitee);
      expect(await seriousViolations(invitee)).toEqual([]);
    }
    await invitee.getByLabel("Username").fill(colleague);
    await invitee.getByLabel("Password").fill("a-long-passphrase-2026");
    await invitee.getByRole("button", { name: "Sign up and join" }).click();
    await expect(invitee).toHaveURL(/\/dashboard2\/team$/);
    await expect(invitee.getByTestId("my-role")).toHaveText("Approver");
    await expect(invitee.getByTestId("organisation-name")).toHaveText(account.username);

    // They belong to two organisations now (their own too): the Team page's switcher moves between them.
    const switcher = invitee.getByTestId("organisation-switcher");
    if (javaScriptEnabled) await waitForHydration(invitee);
    await switcher.getByLabel("Organisation").selectOption({ label: `${colleague} (Owner)` });
    await switcher.getByRole("button", { name: "Switch" }).click();
    await expect(invitee).toHaveURL(/\/dashboard2$/);
    await invitee.goto("/dashboard2/team");
    await expect(invitee.getByTestId("organisation-name")).toHaveText(colleague);
    await expect(invitee.getByTestId("my-role")).toHaveText("Owner");
    if (javaScriptEnabled) await waitForHydration(invitee);
    await switcher.getByLabel("Organisation").selectOption({ label: `${account.username} (Approver)` });
    await switcher.getByRole("button", { name: "Switch" }).click();
    await expect(invitee).toHaveURL(/\/dashboard2$/);
    await invitee.goto("/dashboard2/team");
    await expect(invitee.getByTestId("organisation-name")).toHaveText(account.username);

    // The owner makes them billing, then removes them (a confirmed step).
    await owner.goto("/dashboard2/team");
    if (javaScriptEnabled) await waitForHydration(owner);
    const row = owner.locator(`[data-testid="member-row"][data-username="${colleague}"]`);
    await expect(row.getByTestId("member-role")).toHaveText("Approver");
    await owner.getByLabel(`Role of ${colleague}`).selectOption("billing");
    await owner.getByRole("button", { name: `Save role of ${colleague}` }).click();
    await expect(owner.getByText(`${colleague} is now billing.`)).toBeVisible();
    await expect(row.getByTestId("member-role")).toHaveText("Billing");

    await owner.getByRole("link", { name: `Remove ${colleague}` }).click();
    if (!javaScriptEnabled) await expect(owner).toHaveURL(new RegExp(`\\?remove=${colleague}$`));
    await expect(owner.getByRole("heading", { name: `Remove ${colleague}?` })).toBeVisible();
    await owner.getByRole("button", { name: `Yes, remove ${colleague}` }).click();
    await expect(
      owner.getByText(`${colleague} was removed and signed out of this organisation.`),
    ).toBeVisible();
    await expect(row).toHaveCount(0);

    // Their next request is refused: the session they had in the organisation is gone.
    await invitee.goto("/dashboard2/team");
    await expect(invitee).toHaveURL(/\/login\?redirectTo=/);
  });
}

test("the last owner cannot leave, and says why", async ({ page }) => {
  const account = await createAccount(page);
  await signInAs(page, account, { javaScriptEnabled: true, redirectTo: "/dashboard2/team" });
  await waitForHydration(page);
  await page.getByRole("link", { name: `Leave ${account.username}` }).click();
  await page.getByRole("button", { name: "Yes, leave" }).click();
  await expect(
    page.getByText("You are the only owner: make someone else an owner before you leave."),
  ).toBeVisible();
});
