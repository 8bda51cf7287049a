import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { revokeApiTokens } from "../identity/api-tokens.server";
import { auditTrail, recordAudit, type AuditActor } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { listProjects } from "../projects/projects.server";
import {
  apiTokens,
  profiles,
  projects,
  purchases,
  sessions,
  shopItems,
  subscriptionPlans,
  subscriptions,
  tokenLedger,
  tokenLots,
  users,
} from "../schema";
import { deleteUserSessions } from "../identity/sessions.server";
import { adjustTokens, getBalance } from "../billing/tokens.server";
import { TOKEN_ADJUST_MESSAGES, type TokenAdjustInput } from "./client-tokens";
import { containsPattern, type Page } from "../platform/pagination";
import { readPage } from "./paging.server";

// Clients as staff see them: who they are, their projects, where they are
// signed in, what they bought, their plan and their token ledger; staff grant
// or deduct tokens here (through the ledger, with the staff member's id).

export type ClientRow = {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  createdAt: Date;
  projectCount: number;
  activeSessions: number;
};

const projectCount = sql<number>`(select count(*)::int from ${projects} where ${projects.userId} = ${users.id})`;
const activeSessions = sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.expiresAt} > now())`;

function conditions(q: string): SQL | undefined {
  const isClient = eq(users.role, "client");
  if (!q) return isClient;
  const pattern = containsPattern(q);
  return and(
    isClient,
    or(
      ilike(users.username, pattern),
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(profiles.companyName, pattern),
      ilike(profiles.companyEmail, pattern),
    ),
  );
}

/** Newest accounts first; the search looks at names, emails and the company. */
export async function listClients(
  q: string,
  requestedPage = 1,
): Promise<{ clients: ClientRow[]; page: Page }> {
  const where = conditions(q);
  const { rows, page } = await readPage(
    requestedPage,
    db().select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
    (page) =>
      db()
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: profiles.companyName,
          createdAt: users.createdAt,
          projectCount,
          activeSessions,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset),
  );
  return {
    clients: rows.map((row) => ({
      ...row,
      projectCount: Number(row.projectCount),
      activeSessions: Number(row.activeSessions),
    })),
    page,
  };
}

async function findClient(clientId: string | undefined) {
  if (!isUuid(clientId)) return null;
  const [row] = await db()
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      profile: profiles,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, clientId), eq(users.role, "client")))
    .limit(1);
  return row ?? null;
}

/** A client's page: account, profile, projects, sessions, API keys and what staff did about them. */
export async function getClient(clientId: string | undefined) {
  const client = await findClient(clientId);
  if (!client) return null;
  const [clientProjects, clientSessions, tokens, audit] = await Promise.all([
    listProjects(client.id),
    db()
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        remember: sessions.remember,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, client.id), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.createdAt)),
    db()
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        createdAt: apiTokens.createdAt,
        lastUsedAt: apiTokens.lastUsedAt,
        revokedAt: apiTokens.revokedAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.userId, client.id))
      .orderBy(desc(apiTokens.createdAt))
      .limit(50),
    auditTrail("user", client.id),
  ]);
  return { client, projects: clientProjects, sessions: clientSessions, apiTokens: tokens, audit };
}

/**
 * The billing half of a client's page, read only (no renewal or expiry is
 * written by looking): the live balance, purchases, every subscription
 * (current first) and one page of the ledger with the staff member behind
 * each adjustment.
 */
export async function getClientBilling(clientId: string, ledgerPage = 1, now = new Date()) {
  const staff = alias(users, "staff");
  const [balance, clientPurchases, plans] = await Promise.all([
    getBalance(clientId, now),
    db()
      .select({
        id: purchases.id,
        itemId: shopItems.id,
        name: shopItems.name,
        itemActive: shopItems.isActive,
        quantity: purchases.quantity,
        tokensSpent: purchases.tokensSpent,
        downloadCount: purchases.downloadCount,
        maxDownloads: purchases.maxDownloads,
        createdAt: purchases.createdAt,
        lastDownloadedAt: purchases.lastDownloadedAt,
      })
      .from(purchases)
      .innerJoin(shopItems, eq(shopItems.id, purchases.shopItemId))
      .where(eq(purchases.userId, clientId))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(200),
    db()
      .select({
        id: subscriptions.id,
        planId: subscriptionPlans.id,
        planName: subscriptionPlans.name,
        planActive: subscriptionPlans.isActive,
        price: subscriptionPlans.price,
        status: subscriptions.status,
        startedAt: subscriptions.startedAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        endedAt: subscriptions.endedAt,
        endReason: subscriptions.endReason,
      })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, clientId))
      .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.startedAt)),
  ]);
  const { rows: ledger, page } = await readPage(
    ledgerPage,
    db().select({ n: count() }).from(tokenLedger).where(eq(tokenLedger.userId, clientId)),
    (page) =>
      db()
        .select({
          id: tokenLedger.id,
          kind: tokenLedger.kind,
          reason: tokenLedger.reason,
          delta: tokenLedger.delta,
          balanceAfter: tokenLedger.balanceAfter,
          description: tokenLedger.description,
          createdAt: tokenLedger.createdAt,
          expiresAt: tokenLots.expiresAt,
          staff: staff.username,
        })
        .from(tokenLedger)
        .leftJoin(tokenLots, eq(tokenLots.id, tokenLedger.id))
        .leftJoin(staff, eq(staff.id, tokenLedger.staffUserId))
        .where(eq(tokenLedger.userId, clientId))
        .orderBy(desc(tokenLedger.createdAt), desc(tokenLedger.id))
        .limit(page.limit)
        .offset(page.offset),
  );
  const current = plans.find((plan) => plan.status === "active") ?? null;
  return {
    balance,
    purchases: clientPurchases,
    subscription: current,
    subscriptions: plans,
    ledger,
    ledgerPage: page,
  };
}

export type AdjustResult =
  | { ok: true; message: string; balance: number }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string; balance: number };

/**
 * A manual grant or deduction: one ledger row with the staff member's id and
 * the reason, and its audit entry, in one transaction (adjustTokens). A
 * deduction larger than the balance writes nothing and says why.
 */
export async function adjustClientTokens(
  clientId: string | undefined,
  input: TokenAdjustInput,
  actor: AuditActor & { id: string },
): Promise<AdjustResult> {
  const client = await findClient(clientId);
  if (!client) return { ok: false, status: 404 };
  const amount = input.direction === "grant" ? input.amount : -input.amount;
  const outcome = await adjustTokens({
    userId: client.id,
    amount,
    staffUserId: actor.id,
    note: input.reason,
    actor,
  });
  if (!outcome.ok)
    return {
      ok: false,
      status: 409,
      message: TOKEN_ADJUST_MESSAGES.belowZero(input.amount, outcome.balance),
      balance: outcome.balance,
    };
  const message =
    input.direction === "grant"
      ? TOKEN_ADJUST_MESSAGES.granted(input.amount, outcome.balance)
      : TOKEN_ADJUST_MESSAGES.deducted(input.amount, outcome.balance);
  return { ok: true, message, balance: outcome.balance };
}

export type RevokeResult = { ok: true; count: number } | { ok: false };

/** Signs the client out of every browser; their next request goes to /login. */
export async function revokeClientSessions(
  clientId: string | undefined,
  actor: AuditActor,
): Promise<RevokeResult> {
  const client = await findClient(clientId);
  if (!client) return { ok: false };
  const removed = await db().transaction(async (tx) => {
    const n = await deleteUserSessions(client.id, {}, tx);
    await recordAudit(
      {
        actor,
        action: "client.revoke_sessions",
        target: { type: "user", id: client.id, label: client.email },
        before: { active_sessions: n },
        after: { active_sessions: 0 },
      },
      tx,
    );
    return n;
  });
  return { ok: true, count: removed };
}

/** Revokes every API key the client holds; API calls with them answer 401 from now on. */
export async function revokeClientApiTokens(
  clientId: string | undefined,
  actor: AuditActor,
): Promise<RevokeResult> {
  const client = await findClient(clientId);
  if (!client) return { ok: false };
  const revoked = await db().transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, client.id), isNull(apiTokens.revokedAt)));
    const n = await revokeApiTokens(client.id, tx);
    await recordAudit(
      {
        actor,
        action: "client.revoke_api_tokens",
        target: { type: "user", id: client.id, label: client.email },
        before: { active_api_keys: active?.n ?? 0 },
        after: { active_api_keys: 0 },
      },
      tx,
    );
    return n;
  });
  return { ok: true, count: revoked };
}
