import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { AccountUser } from "./accounts.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { createSecret, sha256 } from "./passwords.server";
import { sessions, users } from "../schema";
import { accountColumns } from "./account-columns.server";
import { currentMembership, membershipColumns, membershipFrom } from "./organisations.server";
import type { Membership } from "./organisations";

/** A session without "remember me" ends after a day (its cookie ends with the browser). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** "Remember me": a 30-day session and a cookie that lasts as long. */
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The organisation the person last worked in (their newest session that had
 * one), as a value for an insert: a new sign-in, or a new API key, comes back
 * to it rather than to their first organisation. Null: none.
 */
export const lastOrganisationOf = (userId: string) =>
  sql<string | null>`(select s.organisation_id from sessions s
    where s.user_id = ${userId} and s.organisation_id is not null order by s.created_at desc limit 1)`;

export async function createSession(input: {
  userId: string;
  remember: boolean;
  userAgent?: string;
  /** The organisation the session starts in (an accepted invitation's); null: the person's first. */
  organisationId?: string | null;
}) {
  const id = createSecret();
  const expiresAt = new Date(Date.now() + (input.remember ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
  await db()
    .insert(sessions)
    .values({
      idHash: sha256(id),
      userId: input.userId,
      remember: input.remember,
      userAgent: (input.userAgent ?? "").slice(0, 300),
      organisationId: input.organisationId ?? lastOrganisationOf(input.userId),
      expiresAt,
    });
  return { id, expiresAt };
}

/** The signed-in account for a session id, or null when it is unknown or expired. */
export async function getSessionUser(sessionId: string): Promise<AccountUser | null> {
  return (await getSessionPerson(sessionId))?.user ?? null;
}

/**
 * The signed-in person for a session id and their membership in the session's
 * organisation (or their first), in one statement; null when the session is
 * unknown or expired. Membership is read afresh each time: a removed member
 * finds none at their next request.
 */
export async function getSessionPerson(
  sessionId: string,
): Promise<{ user: AccountUser; membership: Membership | null } | null> {
  const current = currentMembership(sessions.userId, sessions.organisationId);
  const [row] = await db()
    .select({ user: accountColumns, membership: membershipColumns(current) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(current, sql`true`)
    .where(and(eq(sessions.idHash, sha256(sessionId)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ? { user: row.user, membership: membershipFrom(row.membership) } : null;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db()
    .delete(sessions)
    .where(eq(sessions.idHash, sha256(sessionId)));
}

/** Signs a user out everywhere, or everywhere but the session `except`. */
export async function deleteUserSessions(
  userId: string,
  options: { except?: string } = {},
  database: Database | Transaction = db(),
): Promise<number> {
  const where = options.except
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, sha256(options.except)))
    : eq(sessions.userId, userId);
  const deleted = await database.delete(sessions).where(where).returning({ idHash: sessions.idHash });
  return deleted.length;
}

export async function deleteExpiredSessions(): Promise<number> {
  const deleted = await db()
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}
