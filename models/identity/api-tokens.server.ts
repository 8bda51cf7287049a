import { and, eq, isNull, sql } from "drizzle-orm";
import type { AccountUser } from "./accounts.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { sha256 } from "./passwords.server";
import { apiTokens, users } from "../schema";
import { randomBytes } from "node:crypto";
import { accountColumns } from "./account-columns.server";
import { lastOrganisationOf } from "./sessions.server";
import { membershipFrom, membershipJson } from "./organisations.server";
import type { Membership } from "./organisations";

/** A new API key (40 hex characters, like the original API's). Only its hash is stored. */
export async function createApiToken(userId: string, name = "API login"): Promise<string> {
  const key = randomBytes(20).toString("hex");
  await db()
    .insert(apiTokens)
    // The key acts in the organisation the person last worked in (their first when none).
    .values({ userId, keyHash: sha256(key), name, organisationId: lastOrganisationOf(userId) });
  return key;
}

/** The account behind a key that has not been revoked, or null. */
export async function getApiTokenUser(key: string): Promise<AccountUser | null> {
  return (await getApiTokenPerson(key))?.user ?? null;
}

/**
 * The person behind a key that has not been revoked and their membership in
 * the key's organisation (null: their first), in one statement; or null. A key
 * acts for one person in one organisation.
 */
export async function getApiTokenPerson(
  key: string,
): Promise<{ user: AccountUser; membership: Membership | null } | null> {
  const [row] = await db()
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .from(users)
    .where(
      and(eq(apiTokens.keyHash, sha256(key)), isNull(apiTokens.revokedAt), eq(users.id, apiTokens.userId)),
    )
    .returning({ ...accountColumns, membership: membershipJson(users.id, apiTokens.organisationId) });
  if (!row) return null;
  const { membership, ...user } = row;
  return { user, membership: membershipFrom(membership) };
}

export async function revokeApiTokens(
  userId: string,
  database: Database | Transaction = db(),
): Promise<number> {
  const revoked = await database
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}
