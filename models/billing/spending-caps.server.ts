import { and, eq, sql } from "drizzle-orm";
import { capNotice, capRefusal } from "../identity/role-messages";
import { db, type Database, type Transaction } from "../platform/db.server";
import { queueEmail, sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { currentPeriod } from "../projects/dashboard";
import { notifications, organisationMembers, organisations, tokenLedger, users } from "../schema";

// A member's monthly spending cap on the shared wallet (issue #40, decision
// 0079): organisation_members.monthly_token_cap, null for none. A spend that
// would take what the person spent this calendar month (UTC) over the cap is
// refused; the check runs under the wallet's lock (spendTokens), so two spends
// at once cannot both slip under it. The owners hear of each refusal.

type Executor = Database | Transaction;

/** What a cap refusal carries: who, how much, and the cap. */
export type CapRefusal = { accountId: string; personId: string; amount: number; cap: number; spent: number };

/**
 * The person's cap in the organisation whose account is `accountId` and what
 * they spent from it this calendar month, in one statement; null when they have
 * no cap (or are not a member: staff, the system).
 */
async function memberTokenCap(
  accountId: string,
  personId: string,
  now = new Date(),
  database: Executor = db(),
): Promise<{ cap: number; spent: number } | null> {
  const month = currentPeriod(now);
  const [row] = await database
    .select({
      cap: organisationMembers.monthlyTokenCap,
      spent: sql<number>`(select coalesce(sum(-${tokenLedger.delta}), 0)::int from ${tokenLedger}
        where ${tokenLedger.userId} = ${accountId} and ${tokenLedger.actorId} = ${personId}
        and ${tokenLedger.kind} = 'spend'
        and ${tokenLedger.createdAt} >= ${month.start.toISOString()}
        and ${tokenLedger.createdAt} < ${month.end.toISOString()})`,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisations.accountId, accountId), eq(organisationMembers.userId, personId)))
    .limit(1);
  if (!row || row.cap === null) return null;
  return { cap: row.cap, spent: row.spent };
}

/**
 * Under the wallet's lock: the refusal when spending `amount` now would take
 * the person over their monthly cap, else null.
 */
export async function capProblem(
  tx: Executor,
  input: { accountId: string; personId: string; amount: number; now: Date },
): Promise<CapRefusal | null> {
  const found = await memberTokenCap(input.accountId, input.personId, input.now, tx);
  if (!found || found.spent + input.amount <= found.cap) return null;
  return { accountId: input.accountId, personId: input.personId, amount: input.amount, ...found };
}

/** The member's words for a refused spend (models/identity/role-messages.ts). */
export const capMessage = (refusal: CapRefusal) => capRefusal(refusal);

/**
 * Tells the organisation's owners that a member's spend was refused by their
 * cap: an in-app notification and an email each (through the outbox). Called
 * after the refused spend's transaction, which may roll back.
 */
export async function notifyCapRefusal(refusal: CapRefusal): Promise<number> {
  const emails: QueuedEmail[] = await db().transaction(async (tx) => {
    const [person] = await tx
      .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, refusal.personId))
      .limit(1);
    const name = person ? `${person.firstName} ${person.lastName}`.trim() || person.username : "A member";
    const notice = capNotice({ person: name, cap: refusal.cap, amount: refusal.amount });
    const owners = await tx
      .select({ id: users.id, email: users.email })
      .from(organisationMembers)
      .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(
        and(
          eq(organisations.accountId, refusal.accountId),
          eq(organisationMembers.role, "owner"),
          sql`${users.deletedAt} is null`,
        ),
      );
    if (!owners.length) return [];
    await tx.insert(notifications).values(
      owners.map((o) => ({
        userId: o.id,
        type: "warning" as const,
        title: notice.title,
        message: notice.message,
        link: "/dashboard2/team",
      })),
    );
    const queued: QueuedEmail[] = [];
    for (const owner of owners)
      queued.push(
        await queueEmail(
          { kind: "spending_cap", to: owner.email, subject: notice.title, text: notice.message },
          tx,
        ),
      );
    return queued;
  });
  await sendQueuedEmail(emails);
  return emails.length;
}
