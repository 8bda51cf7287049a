import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { QueryBuilder, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Database, type Transaction } from "../platform/db.server";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { apiTokens, organisationMembers, organisations, profiles, sessions, users } from "../schema";
import { createSecret, sha256 } from "./passwords.server";
import {
  defaultOrganisationName,
  ORGANISATION_MESSAGES,
  type EmailPreferences,
  type Membership,
} from "./organisations";
import type { OrganisationRole } from "./roles";

// Organisations and their members (issue #40, docs/decisions/0077-organisations.md).
// The organisation's data is keyed by its account row (`accountId`); who acts is
// the person. Membership is read with every request (membershipSql, joined into
// the session read), so a change here takes effect on the next request.

type Executor = Database | Transaction;

/**
 * The person's current membership as a subquery to join laterally (`on
 * true`) into the statement that reads the session or API key: the
 * organisation `preferred` names when the person still belongs to it, else
 * their first by joining. Its columns are null when the person belongs to none
 * (read them with membershipFrom). One statement, no extra round trip.
 */
export function currentMembership(person: AnyPgColumn | SQL, preferred: AnyPgColumn | SQL) {
  return new QueryBuilder()
    .select({
      organisationId: sql<string>`${organisationMembers.organisationId}`.as("membership_organisation_id"),
      name: sql<string>`${organisations.name}`.as("membership_name"),
      accountId: sql<string>`${organisations.accountId}`.as("membership_account_id"),
      role: sql<OrganisationRole>`${organisationMembers.role}`.as("membership_role"),
      monthlyTokenCap: sql<number | null>`${organisationMembers.monthlyTokenCap}`.as("membership_cap"),
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, person))
    .orderBy(
      sql`(${organisationMembers.organisationId} = ${preferred}) is true desc`,
      asc(organisationMembers.createdAt),
      asc(organisationMembers.organisationId),
    )
    .limit(1)
    .as("current_membership");
}

/**
 * The same membership as one JSON value a statement can select where a
 * lateral join cannot go (an UPDATE's RETURNING); null when there is none.
 */
export const membershipJson = (person: AnyPgColumn | SQL, preferred: AnyPgColumn | SQL) =>
  sql<Membership | null>`(select json_build_object('organisationId', m.organisation_id, 'name', o.name,
      'accountId', o.account_id, 'role', m.role, 'monthlyTokenCap', m.monthly_token_cap)
    from organisation_members m join organisations o on o.id = m.organisation_id
    where m.user_id = ${person}
    order by (m.organisation_id = ${preferred}) is true desc, m.created_at, m.organisation_id limit 1)`;

/** The columns of a currentMembership join, to select (nested) next to the person's. */
export const membershipColumns = (current: ReturnType<typeof currentMembership>) => ({
  organisationId: current.organisationId,
  name: current.name,
  accountId: current.accountId,
  role: current.role,
  monthlyTokenCap: current.monthlyTokenCap,
});

type MembershipColumns = { [K in keyof Membership]: Membership[K] | null };

/** The membership a currentMembership join found, or null. */
export const membershipFrom = (row: MembershipColumns | null | undefined): Membership | null =>
  row?.organisationId && row.accountId && row.role
    ? {
        organisationId: row.organisationId,
        name: row.name ?? "",
        accountId: row.accountId,
        role: row.role,
        monthlyTokenCap: row.monthlyTokenCap ?? null,
      }
    : null;

/** The person's current membership (see currentMembership), in its own statement. */
export async function findMembership(
  personId: string,
  preferredOrganisationId: string | null = null,
  database: Executor = db(),
): Promise<Membership | null> {
  const current = currentMembership(
    sql`${personId}::uuid`,
    preferredOrganisationId ? sql`${preferredOrganisationId}::uuid` : sql`null::uuid`,
  );
  const [row] = await database.select().from(current);
  return membershipFrom(row);
}

/**
 * A client's first organisation at signup: the account's own row holds its
 * data, and the client is its owner. Inside the signup's transaction.
 */
export async function createPersonalOrganisation(
  person: { id: string; username: string },
  tx: Executor,
): Promise<string> {
  const [organisation] = await tx
    .insert(organisations)
    .values({ name: defaultOrganisationName(person), accountId: person.id })
    .returning({ id: organisations.id });
  await tx.insert(organisationMembers).values({
    organisationId: organisation!.id,
    userId: person.id,
    role: "owner",
  });
  return organisation!.id;
}

export type CreateOrganisationResult = { ok: true; id: string } | { ok: false; message: string };

/**
 * A new organisation (a person who belongs to none, or one more): its own
 * account row, which holds its data and can never sign in (role
 * `organisation`, no usable password), with the person as its owner.
 */
export async function createOrganisation(
  person: { id: string; username: string },
  name: string,
  database: Database = db(),
): Promise<CreateOrganisationResult> {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, message: ORGANISATION_MESSAGES.nameRequired };
  if (trimmed.length > 120) return { ok: false, message: ORGANISATION_MESSAGES.nameTooLong };
  const id = await database.transaction(async (tx) => {
    const handle = `org-${createSecret(8)}`;
    const [account] = await tx
      .insert(users)
      .values({
        username: handle,
        email: `${handle}@organisation.invalid`,
        // Not an Argon2 hash: no password verifies against it (and sign-in skips the role anyway).
        passwordHash: "!organisation",
        role: "organisation",
        firstName: trimmed.slice(0, 120),
      })
      .returning({ id: users.id });
    await tx.insert(profiles).values({ userId: account!.id, companyName: trimmed });
    const [organisation] = await tx
      .insert(organisations)
      .values({ name: trimmed, accountId: account!.id })
      .returning({ id: organisations.id });
    await tx
      .insert(organisationMembers)
      .values({ organisationId: organisation!.id, userId: person.id, role: "owner" });
    await recordAudit(
      {
        actor: clientActor(person),
        action: "organisation.create",
        target: { type: "organisation", id: organisation!.id, label: trimmed },
        after: { name: trimmed, owner: person.username },
      },
      tx,
    );
    return organisation!.id;
  });
  return { ok: true, id };
}

/**
 * A client made staff: the one-person organisation their own row holds goes
 * (its data stays on the row), and so do their memberships elsewhere.
 */
export async function leaveAllOrganisations(personId: string, database: Executor = db()): Promise<void> {
  await database.delete(organisations).where(
    and(
      eq(organisations.accountId, personId),
      sql`not exists (select 1 from ${organisationMembers} where ${organisationMembers.organisationId} = ${organisations.id}
          and ${organisationMembers.userId} <> ${personId})`,
    ),
  );
  await database.delete(organisationMembers).where(eq(organisationMembers.userId, personId));
}

/** A member acting on their organisation, for the audit log. */
export const clientActor = (person: { id: string; username: string }, ip = ""): AuditActor => ({
  id: person.id,
  role: "client",
  label: person.username,
  ip,
});

/**
 * Makes `organisationId` the session's current organisation, when the person
 * belongs to it; false (nothing changed) otherwise.
 */
export async function switchOrganisation(
  sessionId: string,
  personId: string,
  organisationId: string,
): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(organisationId)) return false;
  const updated = await db()
    .update(sessions)
    .set({ organisationId })
    .where(
      and(
        eq(sessions.idHash, sha256(sessionId)),
        eq(sessions.userId, personId),
        sql`exists (select 1 from ${organisationMembers} where ${organisationMembers.userId} = ${personId}
          and ${organisationMembers.organisationId} = ${organisationId})`,
      ),
    )
    .returning({ idHash: sessions.idHash });
  return updated.length > 0;
}

export type OrganisationMember = {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganisationRole;
  monthlyTokenCap: number | null;
  joinedAt: Date;
};

/** The organisation's members, owners first, then by joining. */
export async function listMembers(
  organisationId: string,
  database: Executor = db(),
): Promise<OrganisationMember[]> {
  return database
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: organisationMembers.role,
      monthlyTokenCap: organisationMembers.monthlyTokenCap,
      joinedAt: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(
      sql`${organisationMembers.role} = 'owner' desc`,
      asc(organisationMembers.createdAt),
      asc(users.username),
    );
}

export type MemberChangeResult = { ok: true } | { ok: false; status: 400 | 404; message: string };

type Target = { organisationId: string; organisationName: string; username: string };

/**
 * Locks the organisation's memberships (so two owners demoting each other at
 * once cannot leave none) and finds the member by username.
 */
async function lockedMember(tx: Transaction, organisationId: string, username: string) {
  const rows = await tx
    .select({
      userId: organisationMembers.userId,
      role: organisationMembers.role,
      monthlyTokenCap: organisationMembers.monthlyTokenCap,
      username: users.username,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .for("update", { of: organisationMembers });
  const member = rows.find((row) => row.username.toLowerCase() === username.toLowerCase());
  const owners = rows.filter((row) => row.role === "owner").length;
  return { member, owners };
}

const notMember = { ok: false, status: 404, message: ORGANISATION_MESSAGES.notMember } as const;

/** Gives a member another role; the last owner cannot be demoted. */
export async function changeMemberRole(
  target: Target,
  role: OrganisationRole,
  actor: AuditActor,
): Promise<MemberChangeResult> {
  return db().transaction(async (tx) => {
    const { member, owners } = await lockedMember(tx, target.organisationId, target.username);
    if (!member) return notMember;
    if (member.role === role) return { ok: true } as const;
    if (member.role === "owner" && owners <= 1)
      return { ok: false, status: 400, message: ORGANISATION_MESSAGES.lastOwner } as const;
    await tx
      .update(organisationMembers)
      .set({ role })
      .where(
        and(
          eq(organisationMembers.organisationId, target.organisationId),
          eq(organisationMembers.userId, member.userId),
        ),
      );
    await recordAudit(
      {
        actor,
        action: "organisation.role",
        target: { type: "organisation", id: target.organisationId, label: target.organisationName },
        before: { member: member.username, role: member.role },
        after: { member: member.username, role },
      },
      tx,
    );
    return { ok: true } as const;
  });
}

/**
 * Takes a member out of the organisation (`leave`: they asked). The last owner
 * cannot go. Their API keys working in this organisation are revoked and,
 * when they are removed, their sessions in it end at once (and those that
 * would fall back to it when it was their only one).
 */
export async function removeMember(
  target: Target,
  actor: AuditActor,
  options: { leave?: boolean } = {},
): Promise<MemberChangeResult> {
  return db().transaction(async (tx) => {
    const { member, owners } = await lockedMember(tx, target.organisationId, target.username);
    if (!member) return notMember;
    if (member.role === "owner" && owners <= 1)
      return {
        ok: false,
        status: 400,
        message: options.leave ? ORGANISATION_MESSAGES.lastOwnerLeave : ORGANISATION_MESSAGES.lastOwner,
      } as const;
    await tx
      .delete(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, target.organisationId),
          eq(organisationMembers.userId, member.userId),
        ),
      );
    const noneLeft = sql`not exists (select 1 from ${organisationMembers} where ${organisationMembers.userId} = ${member.userId})`;
    // Leaving keeps the person signed in (their sessions fall back to another organisation, or to creating one).
    if (options.leave)
      await tx
        .update(sessions)
        .set({ organisationId: null })
        .where(and(eq(sessions.userId, member.userId), eq(sessions.organisationId, target.organisationId)));
    const signedOut = options.leave
      ? []
      : await tx
          .delete(sessions)
          .where(
            and(
              eq(sessions.userId, member.userId),
              or(
                eq(sessions.organisationId, target.organisationId),
                and(isNull(sessions.organisationId), noneLeft),
              ),
            ),
          )
          .returning({ idHash: sessions.idHash });
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.userId, member.userId),
          isNull(apiTokens.revokedAt),
          or(
            eq(apiTokens.organisationId, target.organisationId),
            and(isNull(apiTokens.organisationId), noneLeft),
          ),
        ),
      )
      .returning({ id: apiTokens.id });
    await recordAudit(
      {
        actor,
        action: options.leave ? "organisation.leave" : "organisation.remove",
        target: { type: "organisation", id: target.organisationId, label: target.organisationName },
        before: { member: member.username, role: member.role },
        after: { sessions_ended: signedOut.length, api_keys_revoked: revoked.length },
      },
      tx,
    );
    return { ok: true } as const;
  });
}

/** Sets (or, with null, lifts) a member's monthly token cap. */
export async function setMonthlyTokenCap(
  target: Target,
  cap: number | null,
  actor: AuditActor,
): Promise<MemberChangeResult> {
  return db().transaction(async (tx) => {
    const { member } = await lockedMember(tx, target.organisationId, target.username);
    if (!member) return notMember;
    if (member.monthlyTokenCap === cap) return { ok: true } as const;
    await tx
      .update(organisationMembers)
      .set({ monthlyTokenCap: cap })
      .where(
        and(
          eq(organisationMembers.organisationId, target.organisationId),
          eq(organisationMembers.userId, member.userId),
        ),
      );
    await recordAudit(
      {
        actor,
        action: "organisation.cap",
        target: { type: "organisation", id: target.organisationId, label: target.organisationName },
        before: { member: member.username, monthly_token_cap: member.monthlyTokenCap },
        after: { member: member.username, monthly_token_cap: cap },
      },
      tx,
    );
    return { ok: true } as const;
  });
}

/** Which emails the person gets about this organisation. */
export async function getEmailPreferences(
  organisationId: string,
  personId: string,
): Promise<EmailPreferences | null> {
  const [row] = await db()
    .select({
      emailProofs: organisationMembers.emailProofs,
      emailPayments: organisationMembers.emailPayments,
      emailStatus: organisationMembers.emailStatus,
      emailDigest: organisationMembers.emailDigest,
    })
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, personId)),
    )
    .limit(1);
  return row ?? null;
}

export async function setEmailPreferences(
  organisationId: string,
  personId: string,
  preferences: EmailPreferences,
): Promise<boolean> {
  const updated = await db()
    .update(organisationMembers)
    .set(preferences)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, personId)),
    )
    .returning({ userId: organisationMembers.userId });
  return updated.length > 0;
}
