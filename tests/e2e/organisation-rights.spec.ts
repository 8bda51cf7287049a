// Role rights on the pages (issue #40, decision 0079): a member of an
// organisation is refused a purchase with a clear message and no payment form,
// a billing member gets the form; once with JavaScript, once without. The
// member joins through the emailed invitation link.
import { seriousViolations } from "./axe";
import {
  confirmEmail,
  createAccount,
  expect,
  newVisitor,
  signInAs,
  test,
  waitForHydration,
} from "./fixtures";
import { inviteAndJoin } from "./organisation-steps";
import { E2E_STAFF } from "./staff-account";

for (const javaScriptEnabled of [true, false]) {
  test(`a member is refused a purchase with a clear message, a billing member is not (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.slow();
    const owner = await newVisitor(browser, javaScriptEnabled);
    const staff = await newVisitor(browser);
    const member = await newVisitor(browser, javaScriptEnabled);
    const billing = await newVisitor(browser, javaScriptEnabled);
    const account = await createAccount(owner);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled: true, redirectTo: "/admin" });
    await confirmEmail(staff, owner, account.email);
    await signInAs(owner, account, { javaScriptEnabled, redirectTo: "/dashboard2/team" });
    await inviteAndJoin(owner, staff, member, "member");
    await inviteAndJoin(owner, staff, billing, "billing");

    // The member: the reason and whom to ask, and no payment form to fill in.
    await member.goto("/dashboard2/billing/tokens");
    await expect(member.getByTestId("role-refusal")).toHaveText(
      "Your role (Member) can't buy tokens. Ask an owner or billing member.",
    );
    await expect(member.getByRole("button", { name: /Pay and add tokens|Continue to payment/ })).toHaveCount(
      0,
    );
    if (javaScriptEnabled) {
      await waitForHydration(member);
      expect(await seriousViolations(member)).toEqual([]);
    }
    // Billing & Tokens: no "Buy tokens" for the member, the same sentence instead.
    await member.goto("/dashboard2/billing");
    await expect(member.getByRole("link", { name: "Buy tokens", exact: true })).toHaveCount(0);
    await expect(member.getByTestId("role-refusal")).toContainText("Your role (Member) can't");

    // The billing member buys for the organisation.
    await billing.goto("/dashboard2/billing/tokens");
    await expect(billing.getByTestId("role-refusal")).toHaveCount(0);
    await expect(
      billing.getByRole("button", { name: /Pay and add tokens|Continue to payment/ }),
    ).toBeVisible();
  });
}
