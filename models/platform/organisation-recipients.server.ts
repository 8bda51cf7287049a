import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { db, type Database, type Transaction } from "./db.server";
import { queueEmail, type OutgoingEmail, type QueuedEmail } from "./mail.server";
import { notificationPreferences, notifications, organisationMembers, organisations, users } from "../schema";
import type { NotificationInput } from "./notifications.server";

// Notifications per person (issue #40, decision 0079): an organisation's event
// (a proof to review, a payment or receipt, a project's status) reaches every
// member, in the app; its email goes to each member whose preference for the
// topic allows it (organisation_members.email_*). An account that is no
// organisation's (a staff account, or a row made before organisations) is its
// own one recipient, as before.

type Executor = Database | Transaction;

/** The email preference each topic follows. */
export type OrganisationTopic = "proofs" | "payments" | "status" | "digest";
const TOPIC_PREFERENCE = {
  proofs: organisationMembers.emailProofs,
  payments: organisationMembers.emailPayments,
  status: organisationMembers.emailStatus,
  digest: organisationMembers.emailDigest,
} as const;

export type OrganisationRecipient = {
  id: string;
  email: string;
  /** The organisation's preference for the topic (true for an account of its own). */
  wantsEmail: boolean;
  /**
   * The person's own switches (Manage account → Profile Settings): "email" is the
   * master switch and "project updates" its own toggle. Security notices are not
   * a topic: they always go out.
   */
  wantsProjectUpdates: boolean;
};

/**
 * Who hears of an event of the organisation whose account is `accountId`: its
 * members (not deleted, not staff), oldest first; or the account itself when it
 * belongs to no organisation. One statement.
 */
export async function organisationRecipients(
  accountId: string,
  topic: OrganisationTopic,
  database: Executor = db(),
): Promise<OrganisationRecipient[]> {
  const members = await database
    .select({
      id: users.id,
      email: users.email,
      wantsEmail: TOPIC_PREFERENCE[topic],
      email_on: notificationPreferences.email,
      updates_on: notificationPreferences.projectUpdates,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(organisations.accountId, accountId), isNull(users.deletedAt), ne(users.role, "staff")))
    .orderBy(asc(organisationMembers.createdAt), asc(organisationMembers.userId));
  if (members.length)
    return members.map((m) => ({
      id: m.id,
      email: m.email,
      wantsEmail: m.wantsEmail,
      wantsProjectUpdates: (m.email_on ?? true) && (m.updates_on ?? true),
    }));
  const [own] = await database
    .select({
      id: users.id,
      email: users.email,
      email_on: notificationPreferences.email,
      updates_on: notificationPreferences.projectUpdates,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.id, accountId), isNull(users.deletedAt)))
    .limit(1);
  return own
    ? [
        {
          id: own.id,
          email: own.email,
          wantsEmail: true,
          wantsProjectUpdates: (own.email_on ?? true) && (own.updates_on ?? true),
        },
      ]
    : [];
}

/**
 * The in-app notification of an organisation's event, one for each member (or each of `only`, when the
 * caller chose them, e.g. the members with the billing right). Returns the recipients.
 */
export async function notifyOrganisation(
  accountId: string,
  topic: OrganisationTopic,
  input: Omit<NotificationInput, "userId">,
  database: Executor = db(),
  only?: OrganisationRecipient[],
): Promise<OrganisationRecipient[]> {
  const recipients = only ?? (await organisationRecipients(accountId, topic, database));
  if (recipients.length)
    await database.insert(notifications).values(
      recipients.map((r) => ({
        userId: r.id,
        type: input.type,
        title: input.title,
        message: input.message,
        link: input.link ?? null,
      })),
    );
  return recipients;
}

/**
 * The event's email to each member who wants it, recorded in the caller's
 * transaction (send them with `sendQueuedEmail` after the commit). A project
 * update also follows each person's own project-update switch; a receipt
 * (`payments`) only the organisation's preference.
 */
export async function queueOrganisationEmail(
  accountId: string,
  topic: OrganisationTopic,
  email: Omit<OutgoingEmail, "to">,
  tx: Executor,
  recipients?: OrganisationRecipient[],
): Promise<QueuedEmail[]> {
  const list = recipients ?? (await organisationRecipients(accountId, topic, tx));
  const queued: QueuedEmail[] = [];
  for (const r of list) {
    if (!r.wantsEmail || (topic !== "payments" && !r.wantsProjectUpdates)) continue;
    queued.push(await queueEmail({ ...email, to: r.email }, tx));
  }
  return queued;
}
