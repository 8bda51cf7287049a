// Steps the organisation journeys share (issue #40): reading an invitation's
// link in the outbox as staff, and an invitee joining through it.
import type { Page } from "@playwright/test";
import { expect, uniqueName, waitForHydration } from "./fixtures";

export type InvitedRole = "member" | "billing" | "approver";

/** The link in the newest invitation email to `email`, as staff read it in the outbox. */
export async function invitationPath(staff: Page, email: string): Promise<string> {
  await staff.goto(`/admin/outbox?q=${encodeURIComponent(email)}`);
  await staff
    .getByRole("link", { name: /invited you to/ })
    .first()
    .click();
  const text = (await staff.getByTestId("email-text").textContent()) ?? "";
  const link = /https?:\/\/\S+\/invitations\/\S+/.exec(text)?.[0];
  expect(link, "the link in the invitation email").toBeTruthy();
  return new URL(link!).pathname;
}

/**
 * The owner invites a new address with `role` from the Team page; the invitee opens the emailed
 * link signed out, signs up and lands on the Team page with that role. Answers the invitee's username.
 */
export async function inviteAndJoin(
  owner: Page,
  staff: Page,
  invitee: Page,
  role: InvitedRole,
  { javaScriptEnabled = false }: { javaScriptEnabled?: boolean } = {},
): Promise<string> {
  const name = uniqueName(role);
  const email = `${name}@example.com`;
  await owner.goto("/dashboard2/team");
  if (javaScriptEnabled) await waitForHydration(owner);
  await owner.getByLabel("Email address").fill(email);
  await owner.getByLabel("Role", { exact: true }).selectOption(role);
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();

  await invitee.goto(await invitationPath(staff, email));
  if (javaScriptEnabled) await waitForHydration(invitee);
  await invitee.getByLabel("Username").fill(name);
  await invitee.getByLabel("Password").fill("a-long-passphrase-2026");
  await invitee.getByRole("button", { name: "Sign up and join" }).click();
  await expect(invitee).toHaveURL(/\/dashboard2\/team$/);
  await expect(invitee.getByTestId("my-role")).toHaveText(role[0]!.toUpperCase() + role.slice(1));
  return name;
}
