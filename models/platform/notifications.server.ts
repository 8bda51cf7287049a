import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "./ids";
import { NOTIFICATION_LIST_LIMIT } from "./notifications";
export { NOTIFICATION_MESSAGES } from "./notifications";
import { db, type Database, type Transaction } from "./db.server";
import { readListPage } from "./paging.server";
import { type QueuedEmail } from "./mail.server";
import { queueOrganisationEmail } from "./organisation-recipients.server";
import { notificationPreferences, notifications, users } from "../schema";

// In-app notifications (docs/product.md, "Accounts": id, type, title, message, is_read,
// created_at) and the emails that go with them, sent only when the user's
// preferences allow.

export type NotificationType = "success" | "warning" | "info";
export type NotificationInput = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
};
export type NotificationRow = typeof notifications.$inferSelect;

type Executor = Database | Transaction;

/** Writes the in-app notification (inside the caller's transaction when given one). */
export async function addNotification(
  input: NotificationInput,
  database: Executor = db(),
): Promise<NotificationRow> {
  const [row] = await database
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
    })
    .returning();
  return row!;
}

/** In-app notifications for every staff member (project requests, client actions). */
export async function notifyStaff(
  input: Omit<NotificationInput, "userId">,
  database: Executor = db(),
): Promise<number> {
  const staff = await database
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "staff"), isNull(users.deletedAt)));
  if (!staff.length) return 0;
  await database.insert(notifications).values(
    staff.map((s) => ({
      userId: s.id,
      type: input.type,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
    })),
  );
  return staff.length;
}

const DEFAULT_PREFERENCES = {
  email: true,
  sms: false,
  projectUpdates: true,
  marketing: false,
} as const;
export type NotificationPreferences = {
  email: boolean;
  sms: boolean;
  projectUpdates: boolean;
  marketing: boolean;
};

export async function getNotificationPreferences(
  userId: string,
  database: Executor = db(),
): Promise<NotificationPreferences> {
  const [row] = await database
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row
    ? { email: row.email, sms: row.sms, projectUpdates: row.projectUpdates, marketing: row.marketing }
    : { ...DEFAULT_PREFERENCES };
}

export async function setNotificationPreferences(
  userId: string,
  preferences: Partial<NotificationPreferences>,
  database: Executor = db(),
): Promise<void> {
  const next = { ...(await getNotificationPreferences(userId, database)), ...preferences };
  await database
    .insert(notificationPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...next, updatedAt: new Date() } });
}

/**
 * Records a project-update email to the project's organisation inside the
 * change's own transaction: one to each member whose organisation preference
 * (status) and own toggles allow it (never to a deleted account; decision
 * 0079), so the emails exist exactly when the change they tell of commits;
 * empty when nobody wants it. Send them with `sendQueuedEmail` after the
 * commit: the outbox retries whatever a crash or a failed send left behind.
 */
export async function queueProjectUpdate(
  userId: string,
  email: { subject: string; text: string; html?: string; kind?: string },
  tx: Executor,
): Promise<QueuedEmail[]> {
  return queueOrganisationEmail(userId, "status", { kind: "project_update", ...email }, tx);
}

/**
 * Everyone a marketing email may go to: accounts (not deleted) with email and
 * marketing switched on. Accounts without a preferences row have the
 * defaults, in which marketing is off.
 */
export async function listMarketingRecipients(): Promise<{ userId: string; email: string }[]> {
  return db()
    .select({ userId: users.id, email: users.email })
    .from(users)
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        eq(notificationPreferences.email, true),
        eq(notificationPreferences.marketing, true),
      ),
    );
}

const visible = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

export async function listNotifications(
  userId: string,
  limit = NOTIFICATION_LIST_LIMIT,
): Promise<NotificationRow[]> {
  return db()
    .select()
    .from(notifications)
    .where(visible(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** The user's notifications from `offset`, newest first, and how many there are in all (two statements at once). */
export async function listNotificationsAt(userId: string, limit: number, offset: number) {
  const [counted, rows] = await Promise.all([
    db().select({ n: count() }).from(notifications).where(visible(userId)),
    db()
      .select()
      .from(notifications)
      .where(visible(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** One page of the user's notifications, newest first, and how many there are (two statements at once). */
export function listNotificationsPage(userId: string, requestedPage: number, size: number) {
  return readListPage(
    requestedPage,
    size,
    async () => {
      const [row] = await db().select({ n: count() }).from(notifications).where(visible(userId));
      return row?.n ?? 0;
    },
    (limit, offset) =>
      db()
        .select()
        .from(notifications)
        .where(visible(userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset),
  );
}

export async function countUnread(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(notifications)
    // A literal predicate, so the partial index notifications_user_id_unread_idx applies.
    .where(and(visible(userId), sql`not ${notifications.isRead}`));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
export async function markNotificationRead(userId: string, id: string): Promise<NotificationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), visible(userId)))
    .returning();
  return row ?? null;
}

export async function markAllNotificationsRead(userId: string): Promise<number> {
  const rows = await db()
    .update(notifications)
    .set({ isRead: true })
    .where(and(visible(userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Hides the notification for good (kept, with the time, for the record). */
export async function dismissNotification(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db()
    .update(notifications)
    .set({ dismissedAt: new Date(), isRead: true })
    .where(and(eq(notifications.id, id), visible(userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The API's shape (docs/product.md, "Accounts"), plus the link. */
export function apiNotification(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    link: row.link,
  };
}
