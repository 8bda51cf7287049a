import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction } from "../platform/audit";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { tokenAccounts, tokenAllocations, tokenLedger, tokenLots, users } from "../schema";
import { currentActor } from "../platform/log.server";
import { capProblem, type CapRefusal } from "./spending-caps.server";
import {
  allocateSpend,
  dueForExpiry,
  GRANT_REASONS,
  REASON_LABELS,
  SPEND_REASONS,
  grantExpiry,
  tokenExpiry,
  type GrantReason,
  type LedgerKind,
  type LedgerReason,
  type Lot,
  type SpendReason,
} from "./tokens";

// The Creative Tokens ledger. Every change locks the client's balance row
// (SELECT … FOR UPDATE), settles grants that have expired, then writes one
// ledger row; the database trigger moves the balance and refuses to take it
// below zero, and at commit checks it against the unspent grants (decision
// 0012). This is the API other modules (shop, billing, back-office) use.

type Executor = Database | Transaction;
export type LedgerEntry = typeof tokenLedger.$inferSelect;

/** The audit log's action for a ledger row (docs/decisions/0026). */
function ledgerAuditAction(entry: Pick<LedgerEntry, "kind" | "reason">): AuditAction {
  if (entry.kind === "expire") return "tokens.expire";
  if (entry.kind === "grant") return entry.reason === "token_purchase" ? "tokens.purchase" : "tokens.grant";
  if (entry.reason === "refund") return "tokens.refund";
  return entry.reason === "staff_adjustment" ? "tokens.deduct" : "tokens.spend";
}

/**
 * Who moved the tokens, unless the caller says: the staff member behind an
 * adjustment; the client for what they did themselves (a purchase, a
 * redeemed gift card, a spend); the system for what happens by rule
 * (subscription tokens, referral rewards, expiry).
 */
function ledgerAuditActor(entry: Pick<LedgerEntry, "userId" | "reason" | "staffUserId">): AuditActor {
  if (entry.staffUserId) return { id: entry.staffUserId, role: "staff" };
  if (
    entry.reason === "token_purchase" ||
    entry.reason === "gift_card" ||
    entry.reason === "shop_checkout" ||
    entry.reason === "project"
  )
    return { id: entry.userId, role: "client" };
  return { id: null, role: "system", label: "System" };
}

/**
 * Every ledger row gets its audit entry in the same transaction: who, what,
 * the client, the balance before and after. Called right after each insert
 * into token_ledger (there are three, all in this file).
 */
async function auditLedgerEntry(tx: Transaction, entry: LedgerEntry, actor?: AuditActor): Promise<void> {
  const [client] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, entry.userId))
    .limit(1);
  await recordAudit(
    {
      actor: actor ?? ledgerAuditActor(entry),
      action: ledgerAuditAction(entry),
      target: { type: "user", id: entry.userId, label: client?.email ?? entry.userId },
      before: { balance: entry.balanceAfter - entry.delta },
      after: {
        balance: entry.balanceAfter,
        amount: entry.delta,
        kind: entry.kind,
        reason: entry.reason,
        ledger_entry_id: entry.id,
        source_key: entry.sourceKey,
      },
      reason: entry.description,
    },
    tx,
  );
}

/** Runs `work` in the given transaction, or in a new one. */
function inTransaction<T>(tx: Transaction | undefined, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db().transaction(work);
}

/** Locks the client's balance row (creating it at 0 the first time) and returns the stored balance. */
async function lockTokenAccount(tx: Transaction, userId: string): Promise<number> {
  await tx.insert(tokenAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: tokenAccounts.balance })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId))
    .for("update");
  return row!.balance;
}

const lotColumns = {
  id: tokenLots.id,
  remaining: tokenLots.remaining,
  issuedAt: tokenLots.issuedAt,
  expiresAt: tokenLots.expiresAt,
};

async function openLots(tx: Executor, userId: string): Promise<Lot[]> {
  return tx
    .select(lotColumns)
    .from(tokenLots)
    .where(and(eq(tokenLots.userId, userId), gt(tokenLots.remaining, 0)));
}

/**
 * Under the account lock: every grant whose 90 days are up and that still
 * holds tokens becomes an "expire" row. Returns the balance afterwards.
 */
export async function settleExpiredTokens(
  tx: Transaction,
  userId: string,
  now = new Date(),
): Promise<number> {
  let balance = await lockTokenAccount(tx, userId);
  for (const lot of dueForExpiry(await openLots(tx, userId), now)) {
    const [entry] = await tx
      .insert(tokenLedger)
      .values({
        userId,
        kind: "expire",
        reason: "expiry",
        delta: -lot.remaining,
        lotId: lot.id,
        description: `${lot.remaining} tokens reached their 90 days`,
        createdAt: now,
      })
      .returning();
    await auditLedgerEntry(tx, entry!);
    await tx.insert(tokenAllocations).values({ entryId: entry!.id, lotId: lot.id, amount: lot.remaining });
    await tx.update(tokenLots).set({ remaining: 0 }).where(eq(tokenLots.id, lot.id));
    balance = entry!.balanceAfter;
  }
  return balance;
}

async function findBySourceKey(tx: Transaction, sourceKey: string | undefined): Promise<LedgerEntry | null> {
  if (!sourceKey) return null;
  const [row] = await tx.select().from(tokenLedger).where(eq(tokenLedger.sourceKey, sourceKey)).limit(1);
  return row ?? null;
}

export type GrantInput = {
  userId: string;
  amount: number;
  reason: GrantReason;
  description?: string;
  /** Makes the grant happen once, e.g. "payment:<id>"; a repeat returns the first grant. */
  sourceKey?: string;
  staffUserId?: string | null;
  now?: Date;
  /** Who the audit log names; derived from the reason when left out (ledgerAuditActor). */
  actor?: AuditActor;
  /** Days the tokens stay valid: 90 (TOKEN_VALIDITY_DAYS) unless a staff grant says fewer. */
  validDays?: number;
};

export type GrantResult = { entry: LedgerEntry; balance: number; duplicate: boolean };

/** Adds tokens (valid 90 days). Runs in `tx` when given, else in its own transaction. */
export function grantTokens(input: GrantInput, tx?: Transaction): Promise<GrantResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new RangeError(`A grant must be a whole positive number of tokens, not ${input.amount}`);
  if (!GRANT_REASONS.includes(input.reason)) throw new RangeError(`Unknown grant reason: ${input.reason}`);
  const now = input.now ?? new Date();
  return inTransaction(tx, async (tx) => {
    await settleExpiredTokens(tx, input.userId, now);
    const values = {
      userId: input.userId,
      kind: "grant" as const,
      reason: input.reason,
      delta: input.amount,
      description: input.description ?? REASON_LABELS[input.reason],
      sourceKey: input.sourceKey ?? null,
      staffUserId: input.staffUserId ?? null,
      actorId: currentActor(),
      createdAt: now,
    };
    // Checked under the account lock (a source key always belongs to one
    // client), not with ON CONFLICT: the balance trigger runs before a
    // conflict would be noticed. The unique index stays as the backstop.
    const first = await findBySourceKey(tx, input.sourceKey);
    if (first) return { entry: first, balance: await lockTokenAccount(tx, input.userId), duplicate: true };
    const [inserted] = await tx.insert(tokenLedger).values(values).returning();
    const entry = inserted!;
    await auditLedgerEntry(tx, entry, input.actor);
    await tx.insert(tokenLots).values({
      id: entry.id,
      userId: input.userId,
      amount: input.amount,
      remaining: input.amount,
      issuedAt: now,
      expiresAt: input.validDays ? grantExpiry(now, input.validDays) : tokenExpiry(now),
    });
    return { entry, balance: entry.balanceAfter, duplicate: false };
  });
}

export type SpendInput = {
  userId: string;
  amount: number;
  reason: SpendReason;
  description?: string;
  sourceKey?: string;
  staffUserId?: string | null;
  now?: Date;
  actor?: AuditActor;
  /**
   * The person who spends for the organisation whose account is `userId`
   * (token_ledger.actor_id): the request's member (currentActor) unless given;
   * null for staff and the system. Their monthly cap applies (decision 0079).
   */
  actorId?: string | null;
};

export type SpendResult =
  | { ok: true; entry: LedgerEntry; balance: number }
  | { ok: false; reason: "insufficient"; balance: number; needed: number }
  | { ok: false; reason: "cap"; balance: number; needed: number; refusal: CapRefusal };

/**
 * Takes tokens from the oldest live grants, all or nothing. Short of tokens,
 * nothing is written and the answer says how many there are.
 */
export function spendTokens(input: SpendInput, tx?: Transaction): Promise<SpendResult> {
  if (!SPEND_REASONS.includes(input.reason)) throw new RangeError(`Unknown spend reason: ${input.reason}`);
  const now = input.now ?? new Date();
  return inTransaction(tx, async (tx) => {
    const balance = await settleExpiredTokens(tx, input.userId, now);
    const first = await findBySourceKey(tx, input.sourceKey);
    if (first) return { ok: true, entry: first, balance } as const;
    // The member's monthly cap, under the wallet's lock: two spends at once are counted one after the other.
    const actorId = input.actorId !== undefined ? input.actorId : currentActor();
    const refusal = actorId
      ? await capProblem(tx, { accountId: input.userId, personId: actorId, amount: input.amount, now })
      : null;
    if (refusal) return { ok: false, reason: "cap", balance, needed: input.amount, refusal } as const;
    const allocations = allocateSpend(await openLots(tx, input.userId), input.amount, now);
    if (!allocations) return { ok: false, reason: "insufficient", balance, needed: input.amount } as const;
    const [entry] = await tx
      .insert(tokenLedger)
      .values({
        userId: input.userId,
        kind: "spend",
        reason: input.reason,
        delta: -input.amount,
        actorId,
        description: input.description ?? REASON_LABELS[input.reason],
        sourceKey: input.sourceKey ?? null,
        staffUserId: input.staffUserId ?? null,
        createdAt: now,
      })
      .returning();
    await auditLedgerEntry(tx, entry!, input.actor);
    await tx
      .insert(tokenAllocations)
      .values(allocations.map((a) => ({ entryId: entry!.id, lotId: a.lotId, amount: a.amount })));
    for (const a of allocations) {
      await tx
        .update(tokenLots)
        .set({ remaining: sql`${tokenLots.remaining} - ${a.amount}` })
        .where(eq(tokenLots.id, a.lotId));
    }
    return { ok: true, entry: entry!, balance: entry!.balanceAfter } as const;
  });
}

/**
 * A refund takes back tokens of the grant it paid for, and only of that
 * grant: at most what is left of it (never below zero; what was spent stays
 * spent). One "spend" row with reason "refund", once per `sourceKey`
 * (docs/decisions/0036). Returns how many tokens were taken back.
 */
export function takeBackGrant(
  input: {
    grantSourceKey: string;
    amount: number;
    sourceKey: string;
    description: string;
    staffUserId?: string | null;
    actor?: AuditActor;
    now?: Date;
  },
  tx: Transaction,
): Promise<number> {
  const now = input.now ?? new Date();
  return (async () => {
    const [grant] = await tx
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.sourceKey, input.grantSourceKey));
    if (!grant || input.amount <= 0) return 0;
    await settleExpiredTokens(tx, grant.userId, now);
    if (await findBySourceKey(tx, input.sourceKey)) return 0;
    const [lot] = await tx.select().from(tokenLots).where(eq(tokenLots.id, grant.id));
    const taken = lot && lot.expiresAt > now ? Math.min(input.amount, lot.remaining) : 0;
    if (taken <= 0) return 0;
    const [entry] = await tx
      .insert(tokenLedger)
      .values({
        userId: grant.userId,
        kind: "spend",
        reason: "refund",
        delta: -taken,
        description: input.description,
        sourceKey: input.sourceKey,
        staffUserId: input.staffUserId ?? null,
        createdAt: now,
      })
      .returning();
    await auditLedgerEntry(tx, entry!, input.actor);
    await tx.insert(tokenAllocations).values({ entryId: entry!.id, lotId: lot!.id, amount: taken });
    await tx
      .update(tokenLots)
      .set({ remaining: sql`${tokenLots.remaining} - ${taken}` })
      .where(eq(tokenLots.id, lot!.id));
    return taken;
  })();
}

/**
 * For the back-office: a staff member adds (positive) or removes (negative)
 * tokens with a note, which is required. Removing more than the balance is
 * refused (nothing is written). The audit entry names the staff member.
 */
export function adjustTokens(
  input: {
    userId: string;
    amount: number;
    staffUserId: string;
    note: string;
    now?: Date;
    actor?: AuditActor;
    /** A grant only: days the tokens stay valid (1–90; 90 when left out). */
    validDays?: number;
  },
  tx?: Transaction,
) {
  const description = input.note.trim();
  if (!description) throw new RangeError("A token adjustment needs a reason");
  const actor = input.actor ?? { id: input.staffUserId, role: "staff" as const };
  const common = {
    userId: input.userId,
    reason: "staff_adjustment" as const,
    description,
    staffUserId: input.staffUserId,
    now: input.now,
    actor,
  };
  if (input.amount > 0)
    return grantTokens({ ...common, amount: input.amount, validDays: input.validDays }, tx).then((r) => ({
      ok: true as const,
      entry: r.entry,
      balance: r.balance,
    }));
  return spendTokens({ ...common, amount: -input.amount }, tx);
}

/** The tokens a client can spend now: what is left of grants that have not expired. Reads only. */
export async function getBalance(
  userId: string,
  now = new Date(),
  database: Executor = db(),
): Promise<number> {
  const [row] = await database
    .select({ balance: sql<number>`coalesce(sum(${tokenLots.remaining}), 0)::int` })
    .from(tokenLots)
    // Grants with tokens left (a literal predicate, so the partial index token_lots_user_id_unspent_idx applies).
    .where(and(eq(tokenLots.userId, userId), sql`${tokenLots.remaining} > 0`, gt(tokenLots.expiresAt, now)));
  return row?.balance ?? 0;
}

/** Writes the expiry rows that are due (a page that shows the ledger calls this first). */
export async function settleTokenAccount(userId: string, now = new Date()): Promise<void> {
  // Looked at without a lock first: a page view with nothing due writes nothing (and reads nothing more).
  if (dueForExpiry(await openLots(db(), userId), now).length === 0) return;
  await db().transaction((tx) => settleExpiredTokens(tx, userId, now));
}

export type LedgerView = {
  id: string;
  kind: LedgerKind;
  reason: LedgerReason;
  delta: number;
  balanceAfter: number;
  description: string;
  createdAt: Date;
  expiresAt: Date | null;
  staffUserId: string | null;
};

/** How many ledger rows the client has: the count the ledger trigger keeps, not a count of the rows. */
export async function countLedger(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: tokenAccounts.entries })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId));
  return row?.n ?? 0;
}

/** A ledger row as the lists show it: the staff member's username on a grant or deduction they made. */
/** `member`: the organisation's member who spent or bought (token_ledger.actor_id), by username. */
export type LedgerListRow = LedgerView & { staff: string | null; member: string | null };

/**
 * The client's ledger, newest first, from `offset`; grants say when they
 * expire, staff adjustments who made them, a member's spend or purchase who did it. One statement (the staff client
 * page reads its ledger page with it).
 */
export async function listLedger(userId: string, limit = 200, offset = 0): Promise<LedgerListRow[]> {
  const staff = alias(users, "staff");
  const member = alias(users, "member");
  const rows = await db()
    .select({
      id: tokenLedger.id,
      kind: tokenLedger.kind,
      reason: tokenLedger.reason,
      delta: tokenLedger.delta,
      balanceAfter: tokenLedger.balanceAfter,
      description: tokenLedger.description,
      createdAt: tokenLedger.createdAt,
      expiresAt: tokenLots.expiresAt,
      staffUserId: tokenLedger.staffUserId,
      staff: staff.username,
      member: member.username,
    })
    .from(tokenLedger)
    .leftJoin(tokenLots, eq(tokenLots.id, tokenLedger.id))
    .leftJoin(staff, eq(staff.id, tokenLedger.staffUserId))
    .leftJoin(member, eq(member.id, tokenLedger.actorId))
    .where(eq(tokenLedger.userId, userId))
    .orderBy(desc(tokenLedger.createdAt), desc(tokenLedger.id))
    .limit(limit)
    .offset(offset);
  return rows as LedgerListRow[];
}

/**
 * The usage bar's sums over ledger rows (SQL, shared with the account summary):
 * tokens granted less what refunds took back, and tokens spent on something.
 * A refund's take-back is neither used nor available (decision 0058), so it
 * leaves "spent" and comes off "granted" (never below zero).
 */
export const FLOW_SQL = {
  granted: `greatest(coalesce(sum(case when kind = 'grant' then delta when kind = 'spend' and reason = 'refund' then delta else 0 end), 0), 0)::int`,
  spent: `coalesce(sum(case when kind = 'spend' and reason <> 'refund' then -delta else 0 end), 0)::int`,
} as const;

/** Tokens granted (less refunds' take-backs) and spent between two instants (the dashboard's usage bar). */
export async function tokenFlow(
  userId: string,
  from: Date,
  to: Date,
): Promise<{ granted: number; spent: number }> {
  const [row] = await db()
    .select({
      granted: sql<number>`${sql.raw(FLOW_SQL.granted)}`,
      spent: sql<number>`${sql.raw(FLOW_SQL.spent)}`,
    })
    .from(tokenLedger)
    .where(
      and(
        eq(tokenLedger.userId, userId),
        sql`${tokenLedger.createdAt} >= ${from}`,
        sql`${tokenLedger.createdAt} < ${to}`,
      ),
    );
  return { granted: row?.granted ?? 0, spent: row?.spent ?? 0 };
}

/**
 * The ledger's invariants for one client (tests and the checkout benchmark):
 * the stored balance, the sum of every ledger row, and what is left of the
 * grants; the kept count of ledger rows and the rows counted.
 */
export async function ledgerTotals(userId: string, database: Executor = db()) {
  const [account] = await database
    .select({ balance: tokenAccounts.balance, entries: tokenAccounts.entries })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId));
  const [ledger] = await database
    .select({
      sum: sql<number>`coalesce(sum(${tokenLedger.delta}), 0)::int`,
      rows: sql<number>`count(*)::int`,
    })
    .from(tokenLedger)
    .where(eq(tokenLedger.userId, userId));
  const [lots] = await database
    .select({ sum: sql<number>`coalesce(sum(${tokenLots.remaining}), 0)::int` })
    .from(tokenLots)
    .where(eq(tokenLots.userId, userId));
  return {
    balance: account?.balance ?? 0,
    ledgerSum: ledger?.sum ?? 0,
    lotsRemaining: lots?.sum ?? 0,
    entries: account?.entries ?? 0,
    ledgerRows: ledger?.rows ?? 0,
  };
}

/** Grants that run out within `days` (for a reminder on the billing tab). */
export async function expiringSoon(
  userId: string,
  days: number,
  now = new Date(),
): Promise<{ amount: number; expiresAt: Date } | null> {
  const until = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const [lot] = await db()
    .select({ remaining: tokenLots.remaining, expiresAt: tokenLots.expiresAt })
    .from(tokenLots)
    .where(
      and(
        eq(tokenLots.userId, userId),
        gt(tokenLots.remaining, 0),
        gt(tokenLots.expiresAt, now),
        lte(tokenLots.expiresAt, until),
      ),
    )
    .orderBy(asc(tokenLots.expiresAt))
    .limit(1);
  return lot ? { amount: lot.remaining, expiresAt: lot.expiresAt } : null;
}
