// The account questions' client (tests/chat-eval/account/questions.json): one
// client with a known balance, token expiry, two projects, a plan and two
// shop purchases, on a fixed clock so the facts are the same on every run.
// A second client exists only so the evaluation can check that none of their
// data ever reaches the first client's answers.
import { subscribe } from "../../../models/billing/subscriptions.server";
import { startDownload } from "../../../models/billing/downloads.server";
import { addToCart, checkout, listPurchases } from "../../../models/billing/shop.server";
import { grantTokens } from "../../../models/billing/tokens.server";
import { createAccount } from "../../../models/identity/accounts.server";
import { addNotification, markAllNotificationsRead } from "../../../models/platform/notifications.server";
import { createProject, UNLIMITED } from "../../../models/projects/projects.server";
import { transitionProject } from "../../../models/views/revision-rounds.server";

/** "Now" for the account answers: 1 December 2026, 10:00 UTC. */
export const ACCOUNT_EVAL_NOW = new Date("2026-12-01T10:00:00Z");

/**
 * What the fixture makes (the questions' facts come from here):
 * - 25 tokens granted 14 Oct 2026 (expire 12 January 2027), 60 from the
 *   Starter plan on 20 Nov 2026 (expire 18 February 2027); 15 + 8 spent in
 *   the shop, oldest grant first: balance 62, of which 2 expire on 12 January 2027;
 * - the Starter plan from 20 Nov 2026, renewing on 20 December 2026;
 * - "Logo refresh for Saffron Row" (In Progress) and "Website redesign" (Submitted);
 * - Brand Guidelines Starter (5 downloads, 1 used: 4 left) and Social Post Grid (3 left);
 * - 2 unread notifications.
 * The other client: 300 tokens, the Pro plan, "Podcast cover art" (Submitted).
 */
/** The other client's figures and titles: no answer to the first client may contain any of them. */
export const OTHER_CLIENT_FACTS = [
  "900",
  "Podcast cover art",
  "8 February 2027",
  "10 December 2026",
  "Pro plan",
];

export async function createAccountFixture(): Promise<{ clientId: string; otherId: string }> {
  const staff = await account("evalstaff", "staff");
  const client = await account("saffronrow");
  const other = await account("quillandfern");

  await grantTokens({
    userId: client,
    amount: 25,
    reason: "staff_adjustment",
    now: new Date("2026-10-14T10:00:00Z"),
  });
  const plan = await subscribe(
    client,
    { plan_id: "starter", payment_method: "credit_card" } as never,
    new Date("2026-11-20T10:00:00Z"),
  );
  if (!plan.ok) throw new Error(`Fixture plan: ${plan.message}`);

  const bought = new Date("2026-11-22T10:00:00Z");
  for (const item of ["brand-guidelines-starter", "social-post-grid"]) {
    const added = await addToCart(client, { shop_item_id: item, quantity: 1 }, bought);
    if (!added.ok) throw new Error(`Fixture cart: ${added.message}`);
  }
  const paid = await checkout(client, { now: bought });
  if (!paid.ok) throw new Error(`Fixture checkout: ${paid.message}`);
  // The guidelines are downloaded once; the grid not yet.
  const guidelines = (await listPurchases(client)).find((p) => p.shop_item.id === "brand-guidelines-starter");
  await startDownload(client, guidelines?.id, bought);

  const logo = await project(client, "Logo refresh for Saffron Row", "graphic");
  await project(client, "Website redesign", "website");
  const moved = await transitionProject(logo, { id: staff, role: "staff" }, "accept");
  if (!moved.ok) throw new Error("Fixture transition failed");

  await markAllNotificationsRead(client);
  for (const title of ["Your invoice is ready", "A designer replied"])
    await addNotification({ userId: client, type: "info", title, message: title });

  await grantTokens({
    userId: other,
    amount: 300,
    reason: "staff_adjustment",
    now: new Date("2026-11-25T10:00:00Z"),
  });
  const otherPlan = await subscribe(
    other,
    { plan_id: "pro", payment_method: "credit_card" } as never,
    new Date("2026-11-10T10:00:00Z"),
  );
  if (!otherPlan.ok) throw new Error(`Fixture plan: ${otherPlan.message}`);
  await project(other, "Podcast cover art", "graphic");

  return { clientId: client, otherId: other };
}

async function account(username: string, role: "client" | "staff" = "client"): Promise<string> {
  const created = await createAccount({
    username,
    email: `${username}@example.com`,
    password: "fixture-password-1",
    role,
  });
  if (!created.ok) throw new Error(created.message);
  return created.user.id;
}

async function project(userId: string, title: string, category: string): Promise<string> {
  const created = await createProject(
    { id: userId },
    {
      title,
      description: `${title}: the brief.`,
      category,
      budget: "5k_10k",
      timeline: "1_month",
      use_tokens: false,
    } as never,
    { projectLimit: UNLIMITED },
  );
  if (!created.ok) throw new Error(created.message);
  return created.project.id;
}
