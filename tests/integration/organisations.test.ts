import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccount, setRole } from "~models/identity/accounts.server";
import { createApiToken, getApiTokenPerson } from "~models/identity/api-tokens.server";
import {
  changeMemberRole,
  clientActor,
  createOrganisation,
  findMembership,
  listMembers,
  removeMember,
  setMonthlyTokenCap,
  switchOrganisation,
} from "~models/identity/organisations.server";
import { ORGANISATION_MESSAGES } from "~models/identity/organisations";
import { createSession, getSessionPerson } from "~models/identity/sessions.server";
import { db, queryRows } from "~models/platform/db.server";
import { apiTokens, auditLog, organisationMembers, organisations, profiles, users } from "~models/schema";

async function person(options: { verified?: boolean } = {}) {
  const username = `o${Math.random().toString(36).slice(2, 9)}`;
  const created = await createAccount({
    username,
    email: `${username}@example.com`,
    password: "secret12",
    emailVerified: options.verified ?? true,
  });
  if (!created.ok) throw new Error(created.message);
  return created.user;
}

async function join(
  organisationId: string,
  userId: string,
  role: "owner" | "approver" | "billing" | "member",
) {
  await db().insert(organisationMembers).values({ organisationId, userId, role });
}

const targetOf = (organisation: { organisationId: string; name: string }, username: string) => ({
  organisationId: organisation.organisationId,
  organisationName: organisation.name,
  username,
});

/** Migration 0028's data statements: one organisation per client, owned by the client. */
const migrationData = readFileSync(path.join(process.cwd(), "drizzle/0028_organisations.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter((statement) => /^(--.*\n)*INSERT INTO "organisation/.test(statement));

describe("migration 0028", () => {
  it("makes every client (not staff) the owner of one organisation named by company, name or username, once", async () => {
    expect(migrationData).toHaveLength(2);
    const [company, named, plain] = [await person(), await person(), await person()];
    const staff = await person();
    await setRole(staff.id, "staff");
    // As before the migration: no organisations for these clients.
    const ids = [company.id, named.id, plain.id];
    await db().delete(organisations).where(inArray(organisations.accountId, ids));
    await db().update(profiles).set({ companyName: "Acme Spices" }).where(eq(profiles.userId, company.id));
    await db().update(users).set({ firstName: "Maya", lastName: "Rao" }).where(eq(users.id, named.id));

    const run = async () => {
      for (const statement of migrationData) await db().execute(sql.raw(statement));
    };
    await run();
    await run(); // Safe to run again.
    const rows = await db()
      .select({
        accountId: organisations.accountId,
        name: organisations.name,
        role: organisationMembers.role,
        userId: organisationMembers.userId,
      })
      .from(organisations)
      .innerJoin(organisationMembers, eq(organisationMembers.organisationId, organisations.id))
      .where(inArray(organisations.accountId, [...ids, staff.id]));
    expect(rows.sort((a, b) => ids.indexOf(a.accountId) - ids.indexOf(b.accountId))).toEqual([
      { accountId: company.id, name: "Acme Spices", role: "owner", userId: company.id },
      { accountId: named.id, name: "Maya Rao", role: "owner", userId: named.id },
      { accountId: plain.id, name: plain.username, role: "owner", userId: plain.id },
    ]);
  });
});

describe("organisations", () => {
  it("a signup owns a one-person organisation whose account row is their own", async () => {
    const user = await person();
    const membership = await findMembership(user.id);
    expect(membership).toMatchObject({
      accountId: user.id,
      role: "owner",
      name: user.username,
      monthlyTokenCap: null,
    });
    const [row] = await db().select().from(organisations).where(eq(organisations.accountId, user.id));
    expect(row?.id).toBe(membership?.organisationId);
  });

  it("the session read finds the person and the session's organisation, else their first", async () => {
    const owner = await person();
    const other = await person();
    const first = (await findMembership(owner.id))!;
    const created = await createOrganisation(owner, "Second Studio");
    if (!created.ok) throw new Error(created.message);
    const session = await createSession({ userId: owner.id, remember: false });
    expect((await getSessionPerson(session.id))?.membership?.organisationId).toBe(first.organisationId);

    // Only to an organisation the person belongs to.
    const otherOrganisation = (await findMembership(other.id))!;
    expect(await switchOrganisation(session.id, owner.id, otherOrganisation.organisationId)).toBe(false);
    expect(await switchOrganisation(session.id, owner.id, created.id)).toBe(true);
    const switched = await getSessionPerson(session.id);
    expect(switched?.user.id).toBe(owner.id);
    expect(switched?.membership).toMatchObject({
      organisationId: created.id,
      name: "Second Studio",
      role: "owner",
    });
    // The new organisation's data lives on its own account row, which cannot sign in.
    expect(switched?.membership?.accountId).not.toBe(owner.id);
    const [account] = await queryRows<{ role: string; password_hash: string }>(
      sql`select role, password_hash from users where id = ${switched!.membership!.accountId}`,
    );
    expect(account).toEqual({ role: "organisation", password_hash: "!organisation" });
  });

  it("the last owner can be neither demoted nor removed; removal ends the member's sessions and API keys at once", async () => {
    const owner = await person();
    const approver = await person();
    const organisation = (await findMembership(owner.id))!;
    await join(organisation.organisationId, approver.id, "approver");
    const actor = clientActor(owner);

    expect(await changeMemberRole(targetOf(organisation, owner.username), "member", actor)).toEqual({
      ok: false,
      status: 400,
      message: ORGANISATION_MESSAGES.lastOwner,
    });
    expect(await removeMember(targetOf(organisation, owner.username), actor, { leave: true })).toEqual({
      ok: false,
      status: 400,
      message: ORGANISATION_MESSAGES.lastOwnerLeave,
    });

    // The approver works in the owner's organisation (by session and by API key).
    const session = await createSession({ userId: approver.id, remember: false });
    expect(await switchOrganisation(session.id, approver.id, organisation.organisationId)).toBe(true);
    const key = await createApiToken(approver.id);
    await db()
      .update(apiTokens)
      .set({ organisationId: organisation.organisationId })
      .where(eq(apiTokens.userId, approver.id));
    const ownSession = await createSession({
      userId: approver.id,
      remember: false,
      organisationId: (await findMembership(approver.id))!.organisationId,
    });
    expect((await getSessionPerson(session.id))?.membership?.accountId).toBe(owner.id);
    expect((await getApiTokenPerson(key))?.membership?.accountId).toBe(owner.id);

    expect(await changeMemberRole(targetOf(organisation, approver.username), "billing", actor)).toEqual({
      ok: true,
    });
    expect((await getSessionPerson(session.id))?.membership?.role).toBe("billing");
    expect(await setMonthlyTokenCap(targetOf(organisation, approver.username), 50, actor)).toEqual({
      ok: true,
    });
    expect((await getSessionPerson(session.id))?.membership?.monthlyTokenCap).toBe(50);

    expect(await removeMember(targetOf(organisation, approver.username.toUpperCase()), actor)).toEqual({
      ok: true,
    });
    expect(await getSessionPerson(session.id)).toBeNull();
    expect(await getApiTokenPerson(key)).toBeNull();
    // Their session in their own organisation goes on.
    expect((await getSessionPerson(ownSession.id))?.membership?.accountId).toBe(approver.id);
    expect((await listMembers(organisation.organisationId)).map((m) => m.username)).toEqual([owner.username]);

    const actions = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, organisation.organisationId));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "organisation.cap",
      "organisation.remove",
      "organisation.role",
    ]);
    expect(actions.find((a) => a.action === "organisation.remove")?.after).toEqual({
      sessions_ended: 1,
      api_keys_revoked: 1,
    });
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const a = await person();
    const b = await person();
    const organisation = (await findMembership(a.id))!;
    await join(organisation.organisationId, b.id, "owner");
    const results = await Promise.all([
      changeMemberRole(targetOf(organisation, a.username), "member", clientActor(b)),
      changeMemberRole(targetOf(organisation, b.username), "member", clientActor(a)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const members = await listMembers(organisation.organisationId);
    expect(members.filter((m) => m.role === "owner")).toHaveLength(1);
  });
});
