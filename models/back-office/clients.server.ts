import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { clientOrganisationsSql, readClientOrganisations } from "./organisations.server";
import { CLIENT_SHORT_LIST } from "./clients";
import { revokeApiTokens } from "../identity/api-tokens.server";
import { auditTrail, recordAudit, type AuditActor } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import type { ProjectStatus } from "../projects/projects";
import {
  apiTokens,
  profiles,
  projects,
  purchases,
  sessions,
  shopItems,
  subscriptionPlans,
  subscriptions,
  tokenAccounts,
  tokenLots,
  users,
} from "../schema";
import { deleteUserSessions } from "../identity/sessions.server";
import { adjustTokens, listLedger } from "../billing/tokens.server";
import { TOKEN_ADJUST_MESSAGES, type TokenAdjustInput } from "./client-tokens";
import { containsPattern, paginate, type Page } from "../platform/pagination";
import { readPage } from "../platform/paging.server";

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

/** Who the client is, as the client page and the staff actions on a client read it (with `profiles` joined). */
const clientColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  profile: profiles,
};

async function findClient(clientId: string | undefined) {
  if (!isUuid(clientId)) return null;
  const [row] = await db()
    .select(clientColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, clientId), eq(users.role, "client")))
    .limit(1);
  return row ?? null;
}

/** Which page of each of a client's lists to show (?projects=, ?ledger=, ?purchases=; 1 is the newest). */
export type ClientPages = { projects?: number; ledger?: number; purchases?: number };

type Json<T> = T | string | null;
const fromJson = <T>(value: Json<T[]>): T[] =>
  value == null ? [] : typeof value === "string" ? (JSON.parse(value) as T[]) : value;
const toDate = (value: string | Date): Date => new Date(value);
const toDateOrNull = (value: string | Date | null): Date | null => (value == null ? null : new Date(value));

/**
 * Everything on a client's page in two round trips, the same number of
 * statements for a new client and for one with years of history:
 *
 * 1. the account and profile, the live token balance, the size of each paged
 *    list, and the short lists (active sessions, API keys, subscriptions) as
 *    JSON, in one statement;
 * 2. then, together, one page of the projects, of the ledger (billing's
 *    `listLedger`, with the staff member behind each adjustment) and of the
 *    purchases, and the newest entries of the audit trail.
 *
 * Read only: no renewal or expiry is written by looking.
 */
export async function getClientPage(clientId: string | undefined, pages: ClientPages = {}, now = new Date()) {
  if (!isUuid(clientId)) return null;
  const [row] = await db()
    .select({
      ...clientColumns,
      balance: sql<number>`(select coalesce(sum(${tokenLots.remaining}), 0)::int from ${tokenLots}
        where ${tokenLots.userId} = ${users.id} and ${tokenLots.remaining} > 0 and ${tokenLots.expiresAt} > ${now})`.mapWith(
        Number,
      ),
      projectCount:
        sql<number>`(select count(*)::int from ${projects} where ${projects.userId} = ${users.id})`.mapWith(
          Number,
        ),
      // Kept by the ledger trigger: the client's ledger is not counted row by row.
      ledgerCount: sql<number>`coalesce((select ${tokenAccounts.entries} from ${tokenAccounts}
        where ${tokenAccounts.userId} = ${users.id}), 0)`.mapWith(Number),
      purchaseCount:
        sql<number>`(select count(*)::int from ${purchases} where ${purchases.userId} = ${users.id})`.mapWith(
          Number,
        ),
      sessionCount: sql<number>`(select count(*)::int from ${sessions}
        where ${sessions.userId} = ${users.id} and ${sessions.expiresAt} > now())`.mapWith(Number),
      activeKeyCount: sql<number>`(select count(*)::int from ${apiTokens}
        where ${apiTokens.userId} = ${users.id} and ${apiTokens.revokedAt} is null)`.mapWith(Number),
      sessions: sql<Json<SessionJson[]>>`(select json_agg(json_build_object(
          'createdAt', s.created_at, 'expiresAt', s.expires_at, 'userAgent', s.user_agent, 'remember', s.remember)
          order by s.created_at desc)
        from (select created_at, expires_at, user_agent, remember from ${sessions}
          where ${sessions.userId} = ${users.id} and ${sessions.expiresAt} > now()
          order by ${sessions.createdAt} desc limit ${CLIENT_SHORT_LIST}) as s)`,
      apiTokens: sql<Json<ApiTokenJson[]>>`(select json_agg(json_build_object(
          'id', k.id, 'name', k.name, 'createdAt', k.created_at, 'lastUsedAt', k.last_used_at, 'revokedAt', k.revoked_at)
          order by k.created_at desc)
        from (select id, name, created_at, last_used_at, revoked_at from ${apiTokens}
          where ${apiTokens.userId} = ${users.id}
          order by ${apiTokens.revokedAt} is null desc, ${apiTokens.createdAt} desc limit ${CLIENT_SHORT_LIST}) as k)`,
      subscriptions: sql<Json<SubscriptionJson[]>>`(select json_agg(json_build_object(
          'id', x.id, 'planId', x.plan_id, 'planName', x.plan_name, 'planActive', x.plan_active, 'price', x.price,
          'status', x.status, 'startedAt', x.started_at, 'currentPeriodEnd', x.current_period_end,
          'cancelAtPeriodEnd', x.cancel_at_period_end, 'endedAt', x.ended_at, 'endReason', x.end_reason)
          order by x.status = 'active' desc, x.started_at desc)
        from (select ${subscriptions.id} as id, ${subscriptionPlans.id} as plan_id, ${subscriptionPlans.name} as plan_name,
            ${subscriptionPlans.isActive} as plan_active, ${subscriptionPlans.price} as price, ${subscriptions.status} as status,
            ${subscriptions.startedAt} as started_at, ${subscriptions.currentPeriodEnd} as current_period_end,
            ${subscriptions.cancelAtPeriodEnd} as cancel_at_period_end, ${subscriptions.endedAt} as ended_at,
            ${subscriptions.endReason} as end_reason
          from ${subscriptions} inner join ${subscriptionPlans} on ${subscriptionPlans.id} = ${subscriptions.planId}
          where ${subscriptions.userId} = ${users.id}
          order by ${subscriptions.status} = 'active' desc, ${subscriptions.startedAt} desc
          limit ${CLIENT_SHORT_LIST}) as x)`,
      organisations: clientOrganisationsSql(sql`${users.id}`),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, clientId), eq(users.role, "client")))
    .limit(1);
  if (!row) return null;

  const page = {
    projects: paginate(row.projectCount, pages.projects ?? 1),
    ledger: paginate(row.ledgerCount, pages.ledger ?? 1),
    purchases: paginate(row.purchaseCount, pages.purchases ?? 1),
  };
  const [clientProjects, ledger, clientPurchases, audit] = await Promise.all([
    db()
      .select({
        id: projects.id,
        title: projects.title,
        status: projects.status,
        createdAt: projects.createdAt,
      })
      .from(projects)
      .where(eq(projects.userId, row.id))
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(page.projects.limit)
      .offset(page.projects.offset),
    listLedger(row.id, page.ledger.limit, page.ledger.offset),
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
      .where(eq(purchases.userId, row.id))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(page.purchases.limit)
      .offset(page.purchases.offset),
    auditTrail("user", row.id, CLIENT_SHORT_LIST),
  ]);

  const plans = fromJson(row.subscriptions).map((sub) => ({
    ...sub,
    startedAt: toDate(sub.startedAt),
    currentPeriodEnd: toDate(sub.currentPeriodEnd),
    endedAt: toDateOrNull(sub.endedAt),
  }));
  const current = plans.find((plan) => plan.status === "active") ?? null;
  return {
    client: {
      id: row.id,
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      createdAt: row.createdAt,
      profile: row.profile,
    },
    projects: clientProjects as Array<{ id: string; title: string; status: ProjectStatus; createdAt: Date }>,
    sessions: fromJson(row.sessions).map((session) => ({
      ...session,
      createdAt: toDate(session.createdAt),
      expiresAt: toDate(session.expiresAt),
    })),
    apiTokens: fromJson(row.apiTokens).map((token) => ({
      ...token,
      createdAt: toDate(token.createdAt),
      lastUsedAt: toDateOrNull(token.lastUsedAt),
      revokedAt: toDateOrNull(token.revokedAt),
    })),
    counts: { sessions: row.sessionCount, activeKeys: row.activeKeyCount },
    organisations: readClientOrganisations(row.organisations),
    audit,
    billing: {
      balance: row.balance,
      purchases: clientPurchases,
      subscription: current,
      subscriptions: plans,
      ledger,
      ledgerPage: page.ledger,
    },
    pages: { projects: page.projects, purchases: page.purchases },
  };
}

type SessionJson = { createdAt: string; expiresAt: string; userAgent: string; remember: boolean };
type ApiTokenJson = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
type SubscriptionJson = {
  id: string;
  planId: string;
  planName: string;
  planActive: boolean;
  price: number;
  status: string;
  startedAt: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
  endReason: string | null;
};

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
    validDays: input.direction === "grant" ? input.validDays : undefined,
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
