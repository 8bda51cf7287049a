import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { describeUserAgent } from "../identity/manage-account";
import {
  closeBillingForDeletedAccount,
  exportBillingData,
  finishBillingForDeletedAccount,
} from "./account-billing.server";
import {
  checkCurrentPassword,
  getPrivacyPreferences,
  recordAccountEvent,
} from "../identity/account-settings.server";
import { db } from "../platform/db.server";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { getNotificationPreferences, notifyStaff } from "../platform/notifications.server";
import { ACTIVE_STATUSES } from "../projects/projects";
import { AUTHOR_LABELS } from "../projects/project-conversation.server";
import {
  accountEvents,
  apiTokens,
  collaborationRequests,
  emailChanges,
  emailOutbox,
  investmentInquiries,
  investorMeetings,
  jobApplications,
  newsletterSubscribers,
  notificationPreferences,
  notifications,
  officeVisits,
  passwordResets,
  privacyPreferences,
  profiles,
  projectComments,
  projectFiles,
  projectRatings,
  projectRequests,
  projects,
  projectStatusHistory,
  referrals,
  serviceQuotes,
  sessions,
  supportTickets,
  users,
} from "../schema";
import { meetings } from "../schema/calendar";

// Data rights (Manage account): a JSON export of everything the client's
// account holds, and account deletion. See docs/decisions/0020.

/** Public forms a signed-in client may have sent; each row records the sender's user id. */
const FORM_TABLES = {
  office_visits: officeVisits,
  investor_meetings: investorMeetings,
  service_quotes: serviceQuotes,
  investment_inquiries: investmentInquiries,
  support_tickets: supportTickets,
  referrals,
  job_applications: jobApplications,
  collaboration_requests: collaborationRequests,
} as const;

/** Internal bookkeeping never leaves the database: hashes, file locations, ids of other people. */
const INTERNAL = /Hash$|StorageKey$|^userId$|^handled/;

/** camelCase column names → the API's snake_case, without the internal ones. */
function publicRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !INTERNAL.test(key))
      .map(([key, value]) => [
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value instanceof Date ? value.toISOString() : value,
      ]),
  );
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Everything the account holds, as one JSON document: the account and its
 * settings, projects with their files, conversation and history, notifications,
 * sessions, form submissions, emails sent to it and the billing records. Only
 * this client's rows; no password, session or key hashes.
 */
export async function exportAccountData(userId: string) {
  const [user] = await db()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  const [
    [profile],
    notificationSettings,
    privacy,
    sessionRows,
    tokenRows,
    projectRows,
    noteRows,
    eventRows,
    changeRows,
    emailRows,
    newsletterRows,
    billing,
  ] = await Promise.all([
    db().select().from(profiles).where(eq(profiles.userId, userId)).limit(1),
    getNotificationPreferences(userId),
    getPrivacyPreferences(userId),
    db().select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)),
    db().select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt)),
    db().select().from(projects).where(eq(projects.userId, userId)).orderBy(asc(projects.createdAt)),
    db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt)),
    db()
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.userId, userId))
      .orderBy(asc(accountEvents.createdAt)),
    db()
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .orderBy(asc(emailChanges.createdAt)),
    // What was sent to the address belongs to whoever proved it is theirs (decision 0053):
    // an unconfirmed account may have been opened with someone else's.
    user.emailVerifiedAt
      ? db()
          .select({
            subject: emailOutbox.subject,
            kind: emailOutbox.kind,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(sql`lower(${emailOutbox.to}) = lower(${user.email})`)
          .orderBy(asc(emailOutbox.createdAt))
      : [],
    db()
      .select()
      .from(newsletterSubscribers)
      .where(
        or(
          eq(newsletterSubscribers.userId, userId),
          user.emailVerifiedAt
            ? sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`
            : undefined,
        ),
      ),
    exportBillingData(userId),
  ]);

  const projectIds = projectRows.map((p) => p.id);
  const some = <T>(query: () => Promise<T[]>) => (projectIds.length ? query() : Promise.resolve([] as T[]));
  const [files, comments, history, requests, ratings] = await Promise.all([
    some(() =>
      db()
        .select()
        .from(projectFiles)
        .where(inArray(projectFiles.projectId, projectIds))
        .orderBy(asc(projectFiles.createdAt)),
    ),
    some(() =>
      db()
        .select()
        .from(projectComments)
        .where(inArray(projectComments.projectId, projectIds))
        .orderBy(asc(projectComments.createdAt)),
    ),
    some(() =>
      db()
        .select()
        .from(projectStatusHistory)
        .where(inArray(projectStatusHistory.projectId, projectIds))
        .orderBy(asc(projectStatusHistory.createdAt)),
    ),
    some(() =>
      db()
        .select()
        .from(projectRequests)
        .where(inArray(projectRequests.projectId, projectIds))
        .orderBy(asc(projectRequests.createdAt)),
    ),
    some(() => db().select().from(projectRatings).where(inArray(projectRatings.projectId, projectIds))),
  ]);

  // Meetings confirmed with the client (decision 0050).
  const meetingRows = await db()
    .select()
    .from(meetings)
    .where(eq(meetings.userId, userId))
    .orderBy(asc(meetings.startsAt));

  const submissions: Record<string, Record<string, unknown>[]> = {};
  for (const [name, table] of Object.entries(FORM_TABLES)) {
    const rows = (await db().select().from(table).where(eq(table.userId, userId))) as Record<
      string,
      unknown
    >[];
    submissions[name] = rows.map(publicRow);
  }

  const data = {
    format: "ascendra-account-export",
    version: 1,
    exported_at: new Date().toISOString(),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      email_verified_at: iso(user.emailVerifiedAt),
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    profile: profile
      ? {
          contact: profile.contact,
          country_code: profile.countryCode,
          company_name: profile.companyName,
          company_email: profile.companyEmail,
          company_website: profile.companyWebsite,
          address: profile.address,
          avatar: profile.avatar,
        }
      : null,
    notification_preferences: {
      email: notificationSettings.email,
      sms: notificationSettings.sms,
      project_updates: notificationSettings.projectUpdates,
      marketing: notificationSettings.marketing,
    },
    privacy_preferences: { showcase_work: privacy.showcaseWork, list_as_client: privacy.listAsClient },
    sessions: sessionRows.map((s) => ({
      device: describeUserAgent(s.userAgent),
      user_agent: s.userAgent,
      remember: s.remember,
      created_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
    })),
    api_tokens: tokenRows.map((t) => ({
      name: t.name,
      created_at: iso(t.createdAt),
      last_used_at: iso(t.lastUsedAt),
      revoked_at: iso(t.revokedAt),
    })),
    projects: projectRows.map((p) => {
      const rating = ratings.find((r) => r.projectId === p.id);
      return {
        id: p.id,
        title: p.title,
        description: p.description,
        category: p.category,
        budget: p.budget,
        timeline: p.timeline,
        use_tokens: p.useTokens,
        tokens_used: p.tokensUsed,
        status: p.status,
        step: p.step,
        created_at: iso(p.createdAt),
        updated_at: iso(p.updatedAt),
        files: files
          .filter((f) => f.projectId === p.id)
          .map((f) => ({
            id: f.id,
            name: f.name,
            size: f.size,
            content_type: f.contentType,
            uploaded_by_you: f.uploadedBy === userId,
            created_at: iso(f.createdAt),
          })),
        conversation: comments
          .filter((c) => c.projectId === p.id)
          .map((c) => ({
            author: c.authorId === userId ? "You" : AUTHOR_LABELS[c.authorRole as "client" | "staff"],
            text: c.body,
            created_at: iso(c.createdAt),
          })),
        status_history: history
          .filter((h) => h.projectId === p.id)
          .map((h) => ({
            from_status: h.fromStatus,
            to_status: h.toStatus,
            action: h.action,
            reason: h.reason,
            created_at: iso(h.createdAt),
          })),
        requests: requests
          .filter((r) => r.projectId === p.id)
          .map((r) => ({
            kind: r.kind,
            preferred_time: iso(r.preferredTime),
            note: r.note,
            created_at: iso(r.createdAt),
            handled_at: iso(r.handledAt),
          })),
        rating: rating
          ? {
              rating: rating.rating,
              comment: rating.comment,
              created_at: iso(rating.createdAt),
              updated_at: iso(rating.updatedAt),
            }
          : null,
      };
    }),
    notifications: noteRows.map((n) => ({
      type: n.type,
      title: n.title,
      message: n.message,
      link: n.link,
      is_read: n.isRead,
      created_at: iso(n.createdAt),
      dismissed_at: iso(n.dismissedAt),
    })),
    account_history: eventRows.map((e) => ({
      kind: e.kind,
      message: e.message,
      created_at: iso(e.createdAt),
    })),
    email_changes: changeRows.map((c) => ({
      new_email: c.newEmail,
      created_at: iso(c.createdAt),
      expires_at: iso(c.expiresAt),
      used_at: iso(c.usedAt),
    })),
    emails_sent_to_you: emailRows.map((e) => ({
      subject: e.subject,
      kind: e.kind,
      created_at: iso(e.createdAt),
      sent_at: iso(e.sentAt),
    })),
    newsletter: newsletterRows.map(publicRow),
    form_submissions: submissions,
    meetings: meetingRows.map((m) => ({
      title: m.title,
      starts_at: iso(m.startsAt),
      duration_minutes: m.durationMinutes,
      time_zone: m.timeZone,
      location: m.location,
      meeting_url: m.meetingUrl,
      status: m.status,
      attendee_name: m.attendeeName,
      attendee_email: m.attendeeEmail,
    })),
    billing,
  };
  await recordAccountEvent(userId, "data_exported", "You downloaded a copy of your data.");
  return data;
}

/** The file name of the export: ascendra-data-<username>-<date>.json */
export const exportFileName = (username: string, now = new Date()) =>
  `ascendra-data-${username.replace(/[^A-Za-z0-9._-]/g, "_")}-${now.toISOString().slice(0, 10)}.json`;

/** Not an argon2 hash, so no password ever verifies against it. */
const DELETED_PASSWORD_HASH = "!account-deleted";

/** Names no signup can produce (usernames are at most 30 characters) and an address nobody receives. */
export function anonymisedIdentity(userId: string) {
  const hex = userId.replace(/-/g, "");
  return { username: `deleted-${hex}`, email: `deleted-${hex}@deleted.invalid` };
}

export type DeleteAccountResult = { ok: true } | { ok: false; message: string };

/**
 * Deletes the account once the password is confirmed. The user row stays,
 * because projects, conversations, ratings and financial records point to it,
 * but everything that identifies the person is erased: names, email,
 * username, profile, consents, notifications and history. Sessions end, API
 * keys and links are revoked, and no password can sign in again. Form
 * submissions are detached from the account; staff hear about open projects.
 */
export async function deleteAccount(
  userId: string,
  password: string,
  options: { siteName: string },
): Promise<DeleteAccountResult> {
  const check = await checkCurrentPassword(userId, password);
  if (!check.ok) return check;
  const anonymous = anonymisedIdentity(userId);
  const outcome = await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ email: users.email, username: users.username, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!before) return null;
    const detachedCards = await closeBillingForDeletedAccount(userId, tx);
    await tx
      .update(users)
      .set({
        ...anonymous,
        firstName: "",
        lastName: "",
        passwordHash: DELETED_PASSWORD_HASH,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({
        contact: "",
        companyName: "",
        companyEmail: "",
        companyWebsite: "",
        address: "",
        avatar: null,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.userId, userId));
    const off = { email: false, sms: false, projectUpdates: false, marketing: false };
    await tx
      .insert(notificationPreferences)
      .values({ userId, ...off })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...off, updatedAt: sql`now()` } });
    await tx.delete(privacyPreferences).where(eq(privacyPreferences.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(accountEvents).where(eq(accountEvents.userId, userId));
    for (const table of Object.values(FORM_TABLES))
      await tx.update(table).set({ userId: null }).where(eq(table.userId, userId));
    // Meetings leave the account as the requests they came from do. A visit or an investor
    // meeting keeps the name and address typed into its public form, as the submission does;
    // an online meet took them from the account, so they go with it.
    await tx
      .update(meetings)
      .set({ attendeeName: "Deleted client", attendeeEmail: anonymous.email, updatedAt: sql`now()` })
      .where(and(eq(meetings.userId, userId), eq(meetings.sourceType, "online_meet")));
    await tx.update(meetings).set({ userId: null }).where(eq(meetings.userId, userId));
    await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, confirmTokenHash: null, userId: null })
      .where(
        or(
          eq(newsletterSubscribers.userId, userId),
          // Someone else's subscription stays when an unconfirmed account with their address goes.
          before.verifiedAt ? sql`lower(${newsletterSubscribers.email}) = lower(${before.email})` : undefined,
        ),
      );
    await recordAccountEvent(userId, "account_deleted", "The account was deleted by its owner.", tx);
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(and(eq(projects.userId, userId), inArray(projects.status, [...ACTIVE_STATUSES])));
    await notifyStaff(
      {
        type: "warning",
        title: "A client deleted their account",
        message: open?.n
          ? `They had ${open.n} open project${open.n === 1 ? "" : "s"}; the projects stay, under a deleted client.`
          : "They had no open projects.",
      },
      tx,
    );
    // The farewell goes to the address the account had, recorded with the deletion.
    const farewell = await queueEmail(
      {
        kind: "account_security",
        to: before.email,
        subject: `Your ${options.siteName} account was deleted`,
        text: [
          `Hi ${before.username},`,
          "",
          `Your ${options.siteName} account has been deleted, as you asked. Your personal details are erased and you can no longer sign in.`,
          "We keep financial records (payments, receipts, tokens) as the law requires, and the projects we worked on together, without your name.",
          "",
          "Thank you for working with us.",
        ].join("\n"),
      },
      tx,
    );
    return { detachedCards, farewell };
  });
  if (!outcome) return { ok: false, message: "This account no longer exists." };
  await finishBillingForDeletedAccount(outcome.detachedCards);
  await sendQueuedEmail(outcome.farewell);
  return { ok: true };
}
