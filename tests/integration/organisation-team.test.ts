// Organisations through their pages and calls (issue #40): the Team page's
// forms as a browser without JavaScript posts them, the invitation link
// (expiry, resend, withdraw, wrong address, sign up, sign in), memberOf's
// resolution and the REST calls.
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grantTokens } from "~models/billing/tokens.server";
import { findMembership } from "~models/identity/organisations.server";
import { ORGANISATION_MESSAGES } from "~models/identity/organisations";
import { db, queryRows } from "~models/platform/db.server";
import { withLogContext } from "~models/platform/log.server";
import { addNotification } from "~models/platform/notifications.server";
import { auditLog, emailOutbox, organisationInvitations, tokenLedger, users } from "~models/schema";
import { getUserWithSummary } from "~/lib/auth.server";
import { apiMemberOf, memberOf } from "~/lib/membership.server";
import * as team from "~/routes/dashboard/team";
import * as login from "~/routes/auth/login";
import { createApiToken } from "~models/identity/api-tokens.server";
import * as clientPage from "~/routes/admin/client";
import * as organisationsPage from "~/routes/admin/organisations";
import * as invitation from "~/routes/organisations/invitation";
import * as newOrganisation from "~/routes/organisations/new";
import * as switchRoute from "~/routes/organisations/switch";
import * as apiOrganisation from "~/routes/api/organisation/index";
import * as apiInvitations from "~/routes/api/organisation/invitations";
import * as apiMember from "~/routes/api/organisation/member";
import { seedSite } from "./admin-helpers";
import { api, body } from "./billing-helpers";
import { call, cookieFrom, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

beforeAll(async () => {
  await seedSite();
});

const post =
  (client: Client | null, path: string, fields: Record<string, string>, params = {}) =>
  (handler: (args: never) => unknown) =>
    call(handler, formRequest(path, fields, client ? { cookie: client.cookie } : {}), params);

/** The token in the newest invitation email to `to`. */
async function invitationLink(to: string): Promise<string> {
  const [email] = await db()
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, "organisation_invitation")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(email?.text ?? "");
  if (!match) throw new Error(`No invitation email to ${to}`);
  return match[1]!;
}

async function invite(owner: Client, email: string, role = "approver") {
  const outcome = await post(owner, "/dashboard2/team", { intent: "invite", email, role })(team.action);
  expect(outcome.status).toBe(200);
  return invitationLink(email);
}

const accept = (client: Client, token: string) =>
  post(client, `/invitations/${token}`, {}, { token })(invitation.action);

describe("the Team page and invitations", () => {
  it("an owner invites (verified only, field errors kept), the invitee signs up with the link and joins", async () => {
    const unverified = await signedInClient("client", { emailVerified: false });
    const refused = await post(unverified, "/dashboard2/team", {
      intent: "invite",
      email: "someone@example.com",
      role: "member",
    })(team.action);
    expect(refused.status).toBe(403);
    expect(body(refused).message).toBe(ORGANISATION_MESSAGES.unverified);

    const owner = await signedInClient();
    const bad = await post(owner, "/dashboard2/team", {
      intent: "invite",
      email: "not an address",
      role: "boss",
    })(team.action);
    expect(bad.status).toBe(400);
    expect(body(bad)).toMatchObject({
      errors: { email: ORGANISATION_MESSAGES.invalidEmail, role: ORGANISATION_MESSAGES.invalidRole },
      values: { email: "not an address", role: "boss" },
    });

    const address = `new-${Date.now().toString(36)}@example.com`;
    const token = await invite(owner, address.toUpperCase(), "approver");
    const [row] = await db()
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.email, address));
    // Good for 7 days.
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const page = await call(invitation.loader, getRequest(`/invitations/${token}`), { token });
    expect(body(page)).toMatchObject({ ok: true, email: address, role: "Approver", signedIn: null });

    const weak = await call(
      invitation.action,
      formRequest(`/invitations/${token}`, { username: "x", password: "secret12" }),
      { token },
    );
    expect(weak.status).toBe(400);
    expect(body(weak)).toMatchObject({ username: "x", errors: { username: expect.any(String) } });

    const username = `joined${Date.now().toString(36)}`;
    const signedUp = await call(
      invitation.action,
      formRequest(`/invitations/${token}`, { username, password: "a-long-passphrase-2026" }),
      { token },
    );
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("Location")).toBe("/dashboard2/team");
    const cookie = cookieFrom(signedUp);
    // Their session works in the owner's organisation, as approver; the link proved the address.
    const member = await memberOf(getRequest("/dashboard2/team", { cookie }));
    expect(member).toMatchObject({
      accountId: owner.id,
      role: "approver",
      person: { username, emailVerified: true },
    });

    // The link works once.
    const again = await call(invitation.loader, getRequest(`/invitations/${token}`), { token });
    expect(again.status).toBe(410);
    expect(body(again)).toEqual({ ok: false, message: ORGANISATION_MESSAGES.invitationAccepted });

    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, member.organisation.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "organisation.invite",
      "organisation.invite_accepted",
    ]);
  });

  it("a link expires after 7 days, is replaced when resent and dead when withdrawn; a wrong address is refused", async () => {
    const owner = await signedInClient();
    const invitee = await signedInClient();
    const stranger = await signedInClient();
    const first = await invite(owner, invitee.email, "member");

    expect(body(await accept(stranger, first))).toEqual({
      message: ORGANISATION_MESSAGES.wrongAddress(invitee.email),
    });

    await db()
      .update(organisationInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(organisationInvitations.email, invitee.email));
    expect(body(await accept(invitee, first))).toEqual({ message: ORGANISATION_MESSAGES.invitationExpired });

    // Resending brings a new link with 7 more days; the old link stays dead.
    const [pending] = await db()
      .select({ id: organisationInvitations.id })
      .from(organisationInvitations)
      .where(eq(organisationInvitations.email, invitee.email));
    const resent = await post(owner, "/dashboard2/team", { intent: "resend", id: pending!.id })(team.action);
    expect(body(resent)).toMatchObject({ message: ORGANISATION_MESSAGES.resent, tone: "success" });
    const second = await invitationLink(invitee.email);
    expect(second).not.toBe(first);
    expect(body(await accept(invitee, first))).toEqual({ message: ORGANISATION_MESSAGES.invitationUnknown });

    const revoked = await post(owner, "/dashboard2/team", { intent: "revoke", id: pending!.id })(team.action);
    expect(body(revoked)).toMatchObject({ message: ORGANISATION_MESSAGES.revoked });
    expect(body(await accept(invitee, second))).toEqual({ message: ORGANISATION_MESSAGES.invitationRevoked });

    // A fresh invitation, accepted signed in: the session switches to the organisation.
    const third = await invite(owner, invitee.email, "billing");
    const joined = await accept(invitee, third);
    expect(joined.status).toBe(302);
    expect(await memberOf(getRequest("/dashboard2", { cookie: invitee.cookie }))).toMatchObject({
      accountId: owner.id,
      role: "billing",
    });
    // A new sign-in (and a new API key) comes back to the organisation they last worked in.
    const again = cookieFrom(
      await call(login.action, formRequest("/login", { username: invitee.username, password: "secret12" })),
    );
    expect((await memberOf(getRequest("/dashboard2", { cookie: again }))).accountId).toBe(owner.id);
    const key = await createApiToken(invitee.id);
    const viaKey = getRequest("/api/organisation/", { headers: { Authorization: `Token ${key}` } });
    expect((await apiMemberOf(viaKey)).accountId).toBe(owner.id);
  });

  it("only an owner manages the team; the last owner cannot leave; a removed member is refused at the next request", async () => {
    const owner = await signedInClient();
    const approver = await signedInClient();
    await accept(approver, await invite(owner, approver.email, "approver"));

    const notOwner = await post(approver, "/dashboard2/team", {
      intent: "role",
      username: owner.username,
      role: "member",
    })(team.action);
    expect(notOwner.status).toBe(403);
    expect(body(notOwner).message).toBe(ORGANISATION_MESSAGES.notAllowed);

    const lastOwner = await post(owner, "/dashboard2/team", { intent: "leave" })(team.action);
    expect(lastOwner.status).toBe(400);
    expect(body(lastOwner).message).toBe(ORGANISATION_MESSAGES.lastOwnerLeave);
    const demote = await post(owner, "/dashboard2/team", {
      intent: "role",
      username: owner.username,
      role: "member",
    })(team.action);
    expect(body(demote)).toMatchObject({ message: ORGANISATION_MESSAGES.lastOwner, tone: "error" });

    const badCap = await post(owner, "/dashboard2/team", {
      intent: "cap",
      username: approver.username,
      cap: "-5",
    })(team.action);
    expect(body(badCap).message).toBe(ORGANISATION_MESSAGES.invalidCap);
    await post(owner, "/dashboard2/team", { intent: "cap", username: approver.username, cap: "120" })(
      team.action,
    );
    expect((await memberOf(getRequest("/dashboard2", { cookie: approver.cookie }))).monthlyTokenCap).toBe(
      120,
    );

    // The confirm step has its own address without JavaScript.
    const confirming = await call(
      team.loader,
      getRequest(`/dashboard2/team?remove=${approver.username}`, { cookie: owner.cookie }),
    );
    expect(body(confirming).confirming).toEqual({ remove: approver.username, leave: false, delete: false });

    const removed = await post(owner, "/dashboard2/team", { intent: "remove", username: approver.username })(
      team.action,
    );
    expect(body(removed).message).toBe(ORGANISATION_MESSAGES.removed(approver.username));
    const next = await call(team.loader, getRequest("/dashboard2/team", { cookie: approver.cookie }));
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toMatch(/^\/login\?/);
  });

  it("a person in no organisation is sent to create one; switching goes only to one's own organisations", async () => {
    const person = await signedInClient();
    const owner = await signedInClient();
    const own = (await findMembership(person.id))!;
    // Their only organisation is now someone else's to own; they leave it.
    await accept(person, await invite(owner, person.email, "member"));
    await post(person, "/dashboard2/team", { intent: "leave" })(team.action); // leaves the owner's (current)
    expect((await memberOf(getRequest("/dashboard2", { cookie: person.cookie }))).organisation.id).toBe(
      own.organisationId,
    );
    await db().execute(sql`insert into organisation_members (organisation_id, user_id, role)
      select ${own.organisationId}, ${owner.id}, 'owner'`);
    await post(person, "/dashboard2/team", { intent: "leave" })(team.action);
    const sent = await call(team.loader, getRequest("/dashboard2/team", { cookie: person.cookie }));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/organisations/new");

    const empty = await post(person, "/organisations/new", { name: "  " })(newOrganisation.action);
    expect(body(empty)).toEqual({ error: ORGANISATION_MESSAGES.nameRequired, name: "  " });
    const created = await post(person, "/organisations/new", { name: "Kite & Co" })(newOrganisation.action);
    expect(created.headers.get("Location")).toBe("/dashboard2/team");
    const member = await memberOf(getRequest("/dashboard2", { cookie: person.cookie }));
    expect(member).toMatchObject({ organisation: { name: "Kite & Co" }, role: "owner" });
    expect(member.accountId).not.toBe(person.id);

    const elsewhere = await post(person, "/organisations/switch", { organisationId: own.organisationId })(
      switchRoute.action,
    );
    expect(elsewhere.status).toBe(403);
    const back = await post(owner, "/organisations/switch", {
      organisationId: own.organisationId,
      redirectTo: "/dashboard2/billing",
    })(switchRoute.action);
    expect(back.headers.get("Location")).toBe("/dashboard2/billing");
    expect((await memberOf(getRequest("/dashboard2", { cookie: owner.cookie }))).accountId).toBe(person.id);
  });

  it("the shell shows the organisation's wallet and the person's own notifications, in the one session read", async () => {
    const owner = await signedInClient();
    const billing = await signedInClient();
    await accept(billing, await invite(owner, billing.email, "billing"));
    await grantTokens({
      userId: owner.id,
      amount: 120,
      reason: "staff_adjustment",
      description: "Team tokens",
    });
    await addNotification({ userId: owner.id, type: "info", title: "For the owner", message: "Only theirs" });
    const account = await getUserWithSummary(getRequest("/dashboard2", { cookie: billing.cookie }));
    expect(account?.user.id).toBe(billing.id);
    expect(account?.summary.balance).toBe(120);
    expect(account?.summary.latestNotifications.map((n) => n.title)).not.toContain("For the owner");
    expect(account?.summary.organisations.map((o) => o.role).sort()).toEqual(["billing", "owner"]);
  });

  it("records who spent: the member acting in the request", async () => {
    const owner = await signedInClient();
    const request = getRequest("/dashboard2", { cookie: owner.cookie });
    await withLogContext({}, async () => {
      await memberOf(request);
      await grantTokens({ userId: owner.id, amount: 5, reason: "staff_adjustment", description: "Acted" });
    });
    await grantTokens({ userId: owner.id, amount: 5, reason: "staff_adjustment", description: "System" });
    const rows = await db()
      .select({ description: tokenLedger.description, actorId: tokenLedger.actorId })
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, owner.id));
    expect(Object.fromEntries(rows.map((r) => [r.description, r.actorId]))).toEqual({
      Acted: owner.id,
      System: null,
    });
  });
});

describe("the back-office", () => {
  it("shows a client's organisations and every organisation with its members and roles", async () => {
    const staff = await signedInClient("staff");
    const owner = await signedInClient();
    const billing = await signedInClient();
    await accept(billing, await invite(owner, billing.email, "billing"));
    const page = await call(
      clientPage.loader,
      getRequest(`/admin/clients/${billing.id}`, { cookie: staff.cookie }),
      {
        id: billing.id,
      },
    );
    const organisations = body<{
      organisations: { name: string; members: { username: string; role: string }[] }[];
    }>(page).organisations;
    // Oldest first: the owner's organisation, then the billing member's own.
    expect(organisations.map((o) => o.name)).toEqual([owner.username, billing.username]);
    expect(organisations[0]!.members).toEqual([
      expect.objectContaining({ username: owner.username, role: "owner" }),
      expect.objectContaining({ username: billing.username, role: "billing" }),
    ]);
    const list = await call(
      organisationsPage.loader,
      getRequest(`/admin/organisations?q=${billing.username}`, { cookie: staff.cookie }),
    );
    expect(
      body<{ organisations: { name: string }[] }>(list)
        .organisations.map((o) => o.name)
        .sort(),
    ).toEqual([billing.username, owner.username].sort());
    // The staff gate: anyone else gets the back-office's 404.
    const refused = await call(
      organisationsPage.loader,
      getRequest("/admin/organisations", { cookie: owner.cookie }),
    );
    expect(refused.status).toBe(404);
  });
});

describe("the organisation's REST calls", () => {
  it("GET /api/organisation/ answers for the key's organisation; owners invite, re-role and remove; others get 403", async () => {
    const owner = await signedInClient();
    const approver = await signedInClient();
    await accept(approver, await invite(owner, approver.email, "approver"));
    // The approver's key acts in the owner's organisation.
    await queryRows(sql`update api_tokens set organisation_id = ${(await findMembership(owner.id))!.organisationId}
      where user_id = ${approver.id}`);

    const read = await api.get(apiOrganisation.loader, approver, "/api/organisation/");
    expect(read.status).toBe(200);
    expect(body(read)).toMatchObject({ role: "approver", name: owner.username });
    expect(body<{ members: unknown[] }>(read).members).toEqual([
      { username: owner.username, email: owner.email, role: "owner" },
      { username: approver.username, email: approver.email, role: "approver" },
    ]);
    expect((await api.get(apiOrganisation.loader, null, "/api/organisation/")).status).toBe(401);

    const forbidden = await api.send(
      apiInvitations.action,
      approver,
      "POST",
      "/api/organisation/invitations/",
      {
        email: "x@example.com",
        role: "member",
      },
    );
    expect(forbidden).toMatchObject({ status: 403, body: { error: ORGANISATION_MESSAGES.notAllowed } });
    const invalid = await api.send(apiInvitations.action, owner, "POST", "/api/organisation/invitations/", {
      email: "nope",
      role: "chief",
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { email: [ORGANISATION_MESSAGES.invalidEmail], role: [ORGANISATION_MESSAGES.invalidRole] },
    });
    const created = await api.send(apiInvitations.action, owner, "POST", "/api/organisation/invitations/", {
      email: "designer@example.com",
      role: "member",
    });
    expect(created).toMatchObject({ status: 201, body: { email: "designer@example.com", role: "member" } });

    const path = (username: string) => `/api/organisation/members/${username}/`;
    const lastOwner = await api.send(
      apiMember.action,
      owner,
      "PATCH",
      path(owner.username),
      { role: "member" },
      {
        username: owner.username,
      },
    );
    expect(lastOwner).toMatchObject({ status: 400, body: { error: ORGANISATION_MESSAGES.lastOwner } });
    const badRole = await api.send(
      apiMember.action,
      owner,
      "PATCH",
      path(approver.username),
      { role: "x" },
      {
        username: approver.username,
      },
    );
    expect(badRole.status).toBe(400);
    const rerole = await api.send(
      apiMember.action,
      owner,
      "PATCH",
      path(approver.username),
      { role: "billing" },
      {
        username: approver.username,
      },
    );
    expect(rerole).toMatchObject({ status: 200, body: { username: approver.username, role: "billing" } });
    const byApprover = await api.send(apiMember.action, approver, "DELETE", path(owner.username), undefined, {
      username: owner.username,
    });
    expect(byApprover.status).toBe(403);
    const unknown = await api.send(apiMember.action, owner, "DELETE", path("nobody-here"), undefined, {
      username: "nobody-here",
    });
    expect(unknown.status).toBe(404);
    const removed = await api.send(apiMember.action, owner, "DELETE", path(approver.username), undefined, {
      username: approver.username,
    });
    expect(removed.status).toBe(204);
    // Their key for that organisation stopped working at once.
    expect((await api.get(apiOrganisation.loader, approver, "/api/organisation/")).status).toBe(401);
  });

  it("a caller in no organisation gets a 403 in the API's shape", async () => {
    const person = await signedInClient();
    await db().execute(sql`delete from organisation_members where user_id = ${person.id}`);
    const request = getRequest("/api/organisation/", { headers: { Authorization: `Token ${person.token}` } });
    const refused = await apiMemberOf(request).catch((thrown: Response) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, person.id))).toHaveLength(1);
  });
});
