import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { revokeApiTokens } from "../api-tokens.server";
import { auditTrail, recordAudit, type AuditActor } from "../audit.server";
import { db } from "../db.server";
import { isUuid } from "../ids";
import { listProjects } from "../projects.server";
import { apiTokens, profiles, projects, sessions, users } from "../schema";
import { deleteUserSessions } from "../sessions.server";
import { containsPattern, paginate, type Page } from "./pagination";

// Clients as staff see them: who they are, their projects, where they are
// signed in. Purchases, subscription and the token ledger join this page when
// billing lands (see the marked section in app/routes/admin/client.tsx).

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
    or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(profiles.companyName, pattern), ilike(profiles.companyEmail, pattern)),
  );
}

/** Newest accounts first; the search looks at names, emails and the company. */
export async function listClients(q: string, requestedPage = 1): Promise<{ clients: ClientRow[]; page: Page }> {
  const where = conditions(q);
  const [total] = await db().select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where);
  const page = paginate(total?.n ?? 0, requestedPage);
  const rows = await db()
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
    .offset(page.offset);
  return { clients: rows.map((row) => ({ ...row, projectCount: Number(row.projectCount), activeSessions: Number(row.activeSessions) })), page };
}

async function findClient(clientId: string | undefined) {
  if (!isUuid(clientId)) return null;
  const [row] = await db()
    .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt, profile: profiles })
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
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent, remember: sessions.remember })
      .from(sessions)
      .where(and(eq(sessions.userId, client.id), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.createdAt)),
    db()
      .select({ id: apiTokens.id, name: apiTokens.name, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(eq(apiTokens.userId, client.id))
      .orderBy(desc(apiTokens.createdAt))
      .limit(50),
    auditTrail("user", client.id),
  ]);
  return { client, projects: clientProjects, sessions: clientSessions, apiTokens: tokens, audit };
}

export type RevokeResult = { ok: true; count: number } | { ok: false };

/** Signs the client out of every browser; their next request goes to /login. */
export async function revokeClientSessions(clientId: string | undefined, actor: AuditActor): Promise<RevokeResult> {
  const client = await findClient(clientId);
  if (!client) return { ok: false };
  const removed = await db().transaction(async (tx) => {
    const n = await deleteUserSessions(client.id, {}, tx);
    await recordAudit({ actor, action: "client.revoke_sessions", target: { type: "user", id: client.id, label: client.email }, before: { active_sessions: n }, after: { active_sessions: 0 } }, tx);
    return n;
  });
  return { ok: true, count: removed };
}

/** Revokes every API key the client holds; API calls with them answer 401 from now on. */
export async function revokeClientApiTokens(clientId: string | undefined, actor: AuditActor): Promise<RevokeResult> {
  const client = await findClient(clientId);
  if (!client) return { ok: false };
  const revoked = await db().transaction(async (tx) => {
    const [active] = await tx.select({ n: count() }).from(apiTokens).where(and(eq(apiTokens.userId, client.id), isNull(apiTokens.revokedAt)));
    const n = await revokeApiTokens(client.id, tx);
    await recordAudit({ actor, action: "client.revoke_api_tokens", target: { type: "user", id: client.id, label: client.email }, before: { active_api_keys: active?.n ?? 0 }, after: { active_api_keys: 0 } }, tx);
    return n;
  });
  return { ok: true, count: revoked };
}
