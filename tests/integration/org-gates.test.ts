// Organisations' gates (issue #40, decision 0079): role rights on the pages and
// the API, the monthly spending cap per member (under concurrency too),
// notifications per person, the thread's authors and the assistant speaking
// for the asker's organisation and role. Members of a real organisation are
// stored (organisation_members), and each request is signed in as one of them
// (their session or API key resolves to that organisation through memberOf).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { roleRefusal } from "~models/identity/role-messages";
import type { OrganisationRole } from "~models/identity/roles";
import { findMembership } from "~models/identity/organisations.server";
import { checkout, addToCart } from "~models/billing/shop.server";
import { getBalance, spendTokens } from "~models/billing/tokens.server";
import { answerAccountQuestion } from "~models/chat/account.server";
import { addComment } from "~models/projects/project-conversation.server";
import { readThread } from "~models/projects/thread.server";
import { db } from "~models/platform/db.server";
import { organisationRecipients } from "~models/platform/organisation-recipients.server";
import {
  checkouts,
  emailOutbox,
  notifications,
  organisationMembers,
  projects,
  tokenLedger,
} from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { revisionRoundPayment } from "~models/billing/revision-rounds.server";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as apiCheckout from "~/routes/api/billing/checkout";
import * as apiCancel from "~/routes/api/billing/cancel-subscription";
import * as apiProjects from "~/routes/api/projects";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import * as billingTab from "~/routes/dashboard/billing";
import * as projectPage from "~/routes/projects/detail";
import * as paymentMethods from "~/routes/account/payment-methods";
import * as receipt from "~/routes/account/receipt";
import { api, body, give, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, validProject, type Client } from "./project-helpers";

type Team = { owner: Client; organisationId: string; name: string };

/** An owner's one-person organisation, to which others are added. */
async function team(): Promise<Team> {
  const owner = await signedInClient();
  const membership = (await findMembership(owner.id))!;
  return { owner, organisationId: membership.organisationId, name: membership.name };
}

/** A new person in `t`'s organisation with `role`; it is their only one, so their session and key act in it. */
async function join(t: Team, role: OrganisationRole, cap: number | null = null): Promise<Client> {
  const person = await signedInClient();
  await db().delete(organisationMembers).where(eq(organisationMembers.userId, person.id));
  await db()
    .insert(organisationMembers)
    .values({ organisationId: t.organisationId, userId: person.id, role, monthlyTokenCap: cap });
  return person;
}

// The pages' requests are signed in as `current` (its session cookie).
let current: Client;
const actAs = (person: Client) => (current = person);
const pageGet = (path: string) => getRequest(path, { cookie: current.cookie });
const post = (path: string, fields: Record<string, string>) =>
  formRequest(path, fields, { cookie: current.cookie });

beforeAll(async () => {
  await runSeed();
});

describe("role rights on the REST API", () => {
  it("refuses a member's token purchase with 403 and the role's words, charging nothing", async () => {
    const t = await team();
    const member = await join(t, "member");
    actAs(member);
    const refused = await api.send(apiPurchaseTokens.action, member, "POST", "/api/purchase-tokens/", {
      package_id: "starter",
      payment_method: "credit_card",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: roleRefusal("member", "buy") });
    expect(body<{ error: string }>(refused).error).toBe(
      "Your role (Member) can't buy tokens, plans or gift cards. Ask an owner or billing member.",
    );
    expect(await getBalance(t.owner.id)).toBe(0);
  });

  it("a checkout needs the buy right (approver refused), a cancellation the billing right", async () => {
    const t = await team();
    const approver = await join(t, "approver");
    await give(t.owner, 50);
    actAs(approver);
    const checkedOut = await api.send(apiCheckout.action, approver, "POST", "/api/checkout/", {});
    expect(checkedOut.status).toBe(403);
    expect(checkedOut.body).toEqual({ error: roleRefusal("approver", "buy") });
    const cancelled = await api.send(apiCancel.action, approver, "POST", "/api/cancel-subscription/", {});
    expect(cancelled.status).toBe(403);
    expect(cancelled.body).toEqual({ error: roleRefusal("approver", "billing") });
    expect(await getBalance(t.owner.id)).toBe(50);
  });

  it("a member briefs a project for the organisation: its account owns it, the member is its author", async () => {
    const t = await team();
    const member = await join(t, "member");
    actAs(member);
    const created = await api.send(apiProjects.action, member, "POST", "/api/projects/", validProject);
    expect(created.status).toBe(201);
    const id = body<{ id: string }>(created).id;
    const [row] = await db().select().from(projects).where(eq(projects.id, id));
    expect(row!.userId).toBe(t.owner.id);
  });
});

describe("role rights on the pages", () => {
  it("Buy tokens tells a member why and takes no payment, with or without JavaScript", async () => {
    const t = await team();
    const member = await join(t, "member");
    actAs(member);
    const page = await call(buyTokensPage.loader, pageGet("/dashboard2/billing/tokens"));
    expect(body<{ refusal: string }>(page).refusal).toBe(
      "Your role (Member) can't buy tokens. Ask an owner or billing member.",
    );
    const posted = await call(
      buyTokensPage.action,
      post("/dashboard2/billing/tokens", { package_id: "starter", payment_method: "credit_card" }),
    );
    expect(posted.status).toBe(403);
    expect(await getBalance(t.owner.id)).toBe(0);

    actAs(t.owner);
    const owners = await call(buyTokensPage.loader, pageGet("/dashboard2/billing/tokens"));
    expect(body<{ refusal: string | null }>(owners).refusal).toBeNull();
  });

  it("Billing & Tokens hides receipts and the plan's controls from a role without billing", async () => {
    const t = await team();
    const approver = await join(t, "approver");
    actAs(approver);
    const tab = body<{ refusals: { billing: string | null; buy: string | null }; receipts: unknown[] }>(
      await call(billingTab.loader, pageGet("/dashboard2/billing")),
    );
    expect(tab.refusals.billing).toContain("Your role (Approver) can't");
    expect(tab.receipts).toEqual([]);
    const cancel = await call(billingTab.action, post("/dashboard2/billing", { intent: "cancel" }));
    expect(cancel.status).toBe(403);
  });

  it("payment methods and receipts are the billing right's", async () => {
    const t = await team();
    const member = await join(t, "member");
    actAs(member);
    const cards = await call(
      paymentMethods.action,
      post("/manageaccount/billing/payment-methods", { intent: "remove", id: "x" }),
    );
    expect(cards.status).toBe(403);
    const file = await call(receipt.loader, pageGet("/manageaccount/receipts/x"), { id: "x" });
    expect(file.status).toBe(403);
    expect(file.body).toBe(roleRefusal("member", "billing", "see receipts"));
  });

  it("a member cannot approve a proof: the page says why, the action is refused and nothing moves", async () => {
    const t = await team();
    const member = await join(t, "member");
    actAs(t.owner);
    const created = await api.send(apiProjects.action, t.owner, "POST", "/api/projects/", validProject);
    const id = body<{ id: string }>(created).id;
    actAs(member);
    const posted = await call(projectPage.action, post(`/project/${id}`, { intent: "cancel" }), {
      id,
    });
    expect(posted.status).toBe(403);
    expect(body<{ message: string }>(posted).message).toBe(
      "Your role (Member) can't cancel projects. Ask an owner or approver.",
    );
    const [row] = await db().select().from(projects).where(eq(projects.id, id));
    expect(row!.status).toBe("in_review");
    const page = body<{ actions: string[]; refusal: string | null }>(
      await call(projectPage.loader, pageGet(`/project/${id}`), { id }),
    );
    expect(page.actions).toEqual([]);
    expect(page.refusal).toContain("Your role (Member) can't");

    // The approver may: the same step goes through.
    const approver = await join(t, "approver");
    actAs(approver);
    const allowed = await call(projectPage.action, post(`/project/${id}`, { intent: "cancel" }), {
      id,
    });
    expect(allowed.status).toBe(200);
    const [after] = await db().select().from(projects).where(eq(projects.id, id));
    expect(after!.status).toBe("cancelled");
  });
});

describe("the monthly spending cap", () => {
  it("refuses a spend over the cap with a clear message, records who spent, and tells the owners", async () => {
    const t = await team();
    const buyer = await join(t, "billing", 50);
    await give(t.owner, 200);
    const spent = await spendTokens({ userId: t.owner.id, amount: 45, reason: "project", actorId: buyer.id });
    expect(spent.ok).toBe(true);
    const [row] = await db()
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.id, spent.ok ? spent.entry.id : ""));
    expect(row!.actorId).toBe(buyer.id);

    // The shop's checkout, through the cart: 45 + the item's 8 tokens > 50.
    await addToCart(t.owner.id, { shop_item_id: "social-post-grid", quantity: 1 });
    const refused = await checkout(t.owner.id, { actorId: buyer.id });
    expect(refused).toMatchObject({ ok: false, status: 403, reason: "cap" });
    expect(refused.ok ? "" : refused.message).toBe(
      "This would take your spending this month over your limit of 50 tokens (5 left). Ask an owner to raise it.",
    );
    expect(await ledgerIsConsistent(t.owner)).toBe(155);
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, t.owner.id),
          eq(notifications.title, "A spend was refused by a monthly limit"),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain("over their monthly limit of 50");
    const mailed = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, t.owner.email), eq(emailOutbox.kind, "spending_cap")));
    expect(mailed).toHaveLength(1);

    // The owner has no cap: the same checkout goes through, recorded as theirs.
    const done = await checkout(t.owner.id, { actorId: t.owner.id });
    expect(done.ok).toBe(true);
    const [order] = await db().select().from(checkouts).where(eq(checkouts.userId, t.owner.id));
    expect(order!.actorId).toBe(t.owner.id);
  });

  it("two spends at once that together exceed the cap: exactly one goes through", async () => {
    const t = await team();
    const approver = await join(t, "approver", 50);
    await give(t.owner, 200);
    const spend = () =>
      spendTokens({ userId: t.owner.id, amount: 30, reason: "project", actorId: approver.id });
    const results = await Promise.all([spend(), spend()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "cap")).toHaveLength(1);
    expect(await ledgerIsConsistent(t.owner)).toBe(170);
  });

  it("a revision round over the approver's cap is refused with the cap's words, and nothing is spent", async () => {
    const t = await team();
    const approver = await join(t, "approver", 5);
    await give(t.owner, 100);
    const project = { id: crypto.randomUUID(), userId: t.owner.id, title: "Brand refresh" };
    const offer = {
      number: 1,
      tier: "Starter",
      cost: 10,
      applies: true,
      draftPins: 0,
      balance: 100,
    } as const;
    const paid = await db().transaction((tx) =>
      revisionRoundPayment.pay(tx, {
        project,
        offer: offer as never,
        viewerId: approver.id,
        now: new Date(),
      }),
    );
    expect(paid).toMatchObject({
      ok: false,
      message:
        "This would take your spending this month over your limit of 5 tokens (5 left). Ask an owner to raise it.",
    });
    expect(await ledgerIsConsistent(t.owner)).toBe(100);
  });
});

describe("notifications per person", () => {
  it("an organisation's receipt reaches every member in the app, and emails those whose preference allows", async () => {
    const t = await team();
    const buyer = await join(t, "billing");
    const quiet = await join(t, "member");
    await db()
      .update(organisationMembers)
      .set({ emailPayments: false })
      .where(eq(organisationMembers.userId, quiet.id));
    const recipients = await organisationRecipients(t.owner.id, "payments");
    expect(recipients.map((r) => [r.id, r.wantsEmail])).toEqual([
      [t.owner.id, true],
      [buyer.id, true],
      [quiet.id, false],
    ]);
    await give(t.owner, 20);
    await addToCart(t.owner.id, { shop_item_id: "social-post-grid", quantity: 1 });
    const done = await checkout(t.owner.id, { actorId: buyer.id });
    expect(done.ok).toBe(true);
    for (const person of [t.owner, buyer, quiet]) {
      const inApp = await db().select().from(notifications).where(eq(notifications.userId, person.id));
      expect(inApp.length, person.username).toBeGreaterThan(0);
      const mailed = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, person.email), eq(emailOutbox.kind, "receipt")));
      expect(mailed.length, person.username).toBe(person === quiet ? 0 : 1);
    }
  });

  it("an account that is no organisation's hears of its own events, as before", async () => {
    const lone = await signedInClient();
    await db().delete(organisationMembers).where(eq(organisationMembers.userId, lone.id));
    expect((await organisationRecipients(lone.id, "status")).map((r) => r.id)).toEqual([lone.id]);
  });

  it("the project thread names who said what: the reader's own words are 'You', a colleague's carry their name", async () => {
    const t = await team();
    const colleague = await join(t, "approver");
    const created = await api.send(apiProjects.action, t.owner, "POST", "/api/projects/", validProject);
    const id = body<{ id: string }>(created).id;
    const project = { id, userId: t.owner.id };
    await addComment(
      id,
      { id: t.owner.id, role: "client", personId: colleague.id },
      "Please warm the palette",
    );
    await addComment(id, { id: t.owner.id, role: "client" }, "Agreed");
    const whoFor = async (personId: string) =>
      (await readThread(project, 20, "client", personId)).entries
        .filter((e) => e.kind === "message")
        .map((e) => e.who);
    const name = `${colleague.firstName} ${colleague.lastName}`.trim() || colleague.username;
    expect(await whoFor(t.owner.id)).toEqual([name, "You"]);
    expect(await whoFor(colleague.id)).toEqual([
      "You",
      `${t.owner.firstName} ${t.owner.lastName}`.trim() || t.owner.username,
    ]);
    const staffSees = (await readThread(project, 20, "staff")).entries.filter((e) => e.kind === "message");
    expect(staffSees.map((e) => e.who)).toEqual([`${name}, Client`, "Client"]);
  });
});

describe("the assistant speaks for the organisation and the role", () => {
  it("a member hears the team's balance and that their role cannot spend it", async () => {
    const t = await team();
    const member = await join(t, "member");
    await give(t.owner, 120);
    const answer = await answerAccountQuestion("how many tokens do I have", {
      id: member.id,
      role: "client",
      organisation: { accountId: t.owner.id, name: t.name, role: "member" },
    });
    expect(answer?.response).toContain("Your team has 120 Creative Tokens.");
    expect(answer?.response).toContain(
      "Your role (Member) can't spend them. Ask an owner, approver or billing member.",
    );
    // The owner of a one-person organisation hears it as before.
    const own = await answerAccountQuestion("how many tokens do I have", {
      id: t.owner.id,
      role: "client",
      organisation: { accountId: t.owner.id, name: t.name, role: "owner" },
    });
    expect(own?.response).toMatch(/^You have 120 Creative Tokens\./);
  });
});
