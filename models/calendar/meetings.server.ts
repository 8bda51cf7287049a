import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getSiteShell } from "../content/site-content.server";
import { displayValue, labelledFields } from "../forms/submission-registry";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { addNotification } from "../platform/notifications.server";
import { readListPage } from "../platform/paging.server";
import { PAGE_SIZE, type Page } from "../platform/pagination";
import { investorMeetings, meetings, officeVisits, projectRequests, projects, users } from "../schema";
import { buildInvite, INVITE_CONTENT_TYPE, inviteFilename, type Organizer } from "./invite";
import {
  AGENCY_TIME_ZONE,
  formatMeetingTime,
  isMeetingSource,
  MEETING_MESSAGES,
  MEETING_SOURCES,
  meetingWhen,
  utcToZonedFields,
  type MeetingFields,
  type MeetingSource,
} from "./meetings";
import { displayNameOf } from "../identity/manage-account";

// Meetings staff confirm from a request (an office visit, an investor meeting,
// a "Schedule Online Meet" request), the invite emailed to the client with an
// .ics attachment, and the reads of the staff agenda and the client's list
// (docs/decisions/0050-calendar-invites.md).

export type MeetingRow = typeof meetings.$inferSelect;

/** A request staff can confirm a meeting from, as the staff page shows it. */
export type MeetingRequest = {
  source: MeetingSource;
  sourceLabel: string;
  id: string;
  attendee: { name: string; email: string };
  /** The client's account: the request's own, or the one whose email is the sender's. */
  userId: string | null;
  title: string;
  fields: Array<[label: string, value: string]>;
  /** The project an online meeting request is about (the staff page links back to it); null for a form's request. */
  projectId: string | null;
  /** The audit log entry's target: the submission, or the project of an online meeting request. */
  auditTarget: { type: string; id: string };
  /** The form's starting values when nothing is confirmed yet. */
  proposed: { date: string; time: string };
  /** The live meeting, if any, then earlier cancelled ones. */
  current: MeetingRow | null;
  past: MeetingRow[];
};

/**
 * A client account whose email is `email` (any case) and whose owner proved
 * it, or null. An address typed into a form proves nothing, and neither does
 * one signed up with: an unconfirmed account never gets someone else's
 * meeting (docs/decisions/0053-email-verification.md).
 */
const accountByEmail = (email: AnyPgColumn) =>
  sql<string | null>`(select ${users.id} from ${users}
    where lower(${users.email}) = lower(${email}) and ${users.role} = 'client'
    and ${users.deletedAt} is null and ${users.emailVerifiedAt} is not null)`;

/**
 * When a client proves their address: the meetings booked with it from the
 * public forms and confirmed while no proved account had it join that
 * account. Runs in the transaction that marks the address verified.
 */
export async function linkMeetingsToVerifiedEmail(tx: Transaction, userId: string, email: string) {
  await tx
    .update(meetings)
    .set({ userId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(meetings.userId),
        inArray(meetings.sourceType, ["office_visit", "investor_meeting"]),
        sql`lower(${meetings.attendeeEmail}) = lower(${email})`,
      ),
    );
}

type RequestCore = Omit<MeetingRequest, "current" | "past" | "sourceLabel">;

async function readRequest(source: MeetingSource, id: string, siteName: string): Promise<RequestCore | null> {
  if (source === "office_visit") {
    const [row] = await db()
      .select({ row: officeVisits, linked: accountByEmail(officeVisits.companyEmail) })
      .from(officeVisits)
      .where(eq(officeVisits.id, id))
      .limit(1);
    if (!row) return null;
    const visit = row.row;
    return {
      source,
      id,
      attendee: { name: visit.yourName, email: visit.companyEmail },
      userId: visit.userId ?? row.linked ?? null,
      title: `Office visit to ${siteName}`,
      fields: labelledFields("office_visits", visit, [
        "yourName",
        "companyName",
        "companyEmail",
        "phoneNumber",
        "visitDate",
        "city",
        "country",
      ]),
      projectId: null,
      auditTarget: { type: "submission", id: `office_visit:${id}` },
      proposed: { date: String(visit.visitDate), time: "11:00" },
    };
  }
  if (source === "investor_meeting") {
    const [row] = await db()
      .select({ row: investorMeetings, linked: accountByEmail(investorMeetings.companyEmail) })
      .from(investorMeetings)
      .where(eq(investorMeetings.id, id))
      .limit(1);
    if (!row) return null;
    const meeting = row.row;
    const type = displayValue("investor_meetings", "meetingType", meeting.meetingType);
    const tomorrow = utcToZonedFields(new Date(Date.now() + 86_400_000), AGENCY_TIME_ZONE);
    return {
      source,
      id,
      attendee: { name: meeting.yourName, email: meeting.companyEmail },
      userId: meeting.userId ?? row.linked ?? null,
      title: `${type} with ${siteName}`,
      fields: labelledFields("investor_meetings", meeting, [
        "yourName",
        "companyName",
        "companyEmail",
        "phoneNumber",
        "meetingType",
        "connectGoogleMeet",
        "meetingAgenda",
      ]),
      projectId: null,
      auditTarget: { type: "submission", id: `investor_meeting:${id}` },
      proposed: { date: tomorrow.date, time: "11:00" },
    };
  }
  const [row] = await db()
    .select({ request: projectRequests, project: { id: projects.id, title: projects.title }, user: users })
    .from(projectRequests)
    .innerJoin(projects, eq(projects.id, projectRequests.projectId))
    .innerJoin(users, eq(users.id, projectRequests.userId))
    .where(and(eq(projectRequests.id, id), eq(projectRequests.kind, "meeting")))
    .limit(1);
  if (!row) return null;
  const name = displayNameOf(row.user);
  const preferred = row.request.preferredTime;
  const proposed = utcToZonedFields(preferred ?? new Date(Date.now() + 86_400_000), AGENCY_TIME_ZONE);
  return {
    source,
    id,
    attendee: { name, email: row.user.email },
    userId: row.user.id,
    title: `Online meeting about “${row.project.title}”`,
    fields: [
      ["Client", `${name} (${row.user.email})`],
      ["Project", row.project.title],
      ["Preferred time", preferred ? formatMeetingTime(preferred, AGENCY_TIME_ZONE) : "Any"],
      ["Note", row.request.note],
    ],
    projectId: row.project.id,
    auditTarget: { type: "project", id: row.project.id },
    proposed: preferred ? proposed : { date: proposed.date, time: "11:00" },
  };
}

/** The request and its meetings for the staff page, or null for an unknown kind or id. */
export async function getMeetingRequest(
  source: string | undefined,
  id: string | undefined,
): Promise<MeetingRequest | null> {
  if (!isMeetingSource(source) || !isUuid(id)) return null;
  const { site } = await getSiteShell();
  const [request, rows] = await Promise.all([
    readRequest(source, id, site.name),
    db()
      .select()
      .from(meetings)
      .where(and(eq(meetings.sourceType, source), eq(meetings.sourceId, id)))
      .orderBy(desc(meetings.createdAt))
      .limit(20),
  ]);
  if (!request) return null;
  const current = rows.find((m) => m.status === "confirmed") ?? null;
  return {
    ...request,
    sourceLabel: MEETING_SOURCES[source].label,
    current,
    past: rows.filter((m) => m !== current),
  };
}

const organizerOf = (site: { name: string; emails: { hello: string } }): Organizer => ({
  name: site.name,
  email: site.emails.hello,
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "updated": a change that kept the time (the place, the link or staff's note). */
type Change = "confirmed" | "rescheduled" | "updated" | "cancelled";

const SUBJECT_PREFIX: Record<Change, string> = {
  confirmed: "Confirmed",
  rescheduled: "Updated",
  updated: "Updated",
  cancelled: "Cancelled",
};

/** The invite email: plain text and HTML, with the .ics attached; staff's note (the row's) in both parts. */
function inviteEmail(meeting: MeetingRow, change: Change, site: { name: string; emails: { hello: string } }) {
  const { note } = meeting;
  const when = formatMeetingTime(meeting.startsAt, meeting.timeZone);
  const opening =
    change === "confirmed"
      ? `Your meeting with ${site.name} is confirmed.`
      : change === "rescheduled"
        ? `Your meeting with ${site.name} has moved. The invite attached replaces the earlier one.`
        : change === "updated"
          ? `The details of your meeting with ${site.name} have changed; the time has not. The invite attached replaces the earlier one.`
          : `Your meeting with ${site.name} is cancelled. Open the attachment to take it off your calendar.`;
  const lines: Array<[string, string]> = [
    ["What", meeting.title],
    ["When", `${when}, ${meeting.durationMinutes} minutes`],
  ];
  if (meeting.location) lines.push(["Where", meeting.location]);
  if (meeting.meetingUrl) lines.push(["Join", meeting.meetingUrl]);
  const closing =
    change === "cancelled"
      ? `Questions? Reply to ${site.emails.hello}.`
      : "Add it to your calendar with the attached invite (meeting.ics). " +
        "It is also on your dashboard if you have an account with us. " +
        `To change it, write to ${site.emails.hello}.`;
  const text = [
    `Hello ${meeting.attendeeName},`,
    "",
    opening,
    "",
    ...lines.map(([label, value]) => `${label}: ${value}`),
    ...(note ? ["", `${MEETING_MESSAGES.noteHeading}:`, note] : []),
    "",
    closing,
    "",
    `— ${site.name}`,
    "",
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(meeting.attendeeName)},</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<table role="presentation">${lines
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${
            label === "Join" ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value)
          }</td></tr>`,
      )
      .join("")}</table>`,
    note
      ? `<p><strong>${escapeHtml(MEETING_MESSAGES.noteHeading)}</strong><br>${escapeHtml(note).replace(/\n/g, "<br>")}</p>`
      : "",
    `<p>${escapeHtml(closing)}</p>`,
    `<p>— ${escapeHtml(site.name)}</p>`,
  ].join("\n");
  const subject = `${SUBJECT_PREFIX[change]}: ${meeting.title}, ${when}`;
  const ics = buildInvite(meeting, organizerOf(site));
  const method = change === "cancelled" ? "CANCEL" : "REQUEST";
  return {
    to: meeting.attendeeEmail,
    subject,
    text,
    html,
    kind: `meeting_${change}`,
    attachments: [
      {
        filename: inviteFilename(meeting),
        contentType: `${INVITE_CONTENT_TYPE}; method=${method}`,
        content: ics,
      },
    ],
  };
}

type Site = Parameters<typeof inviteEmail>[2];

/**
 * Records the invite email and a linked client's notification in the change's
 * own transaction, so neither is lost to a crash after the commit; the caller
 * sends the email once it has committed (the outbox retries it otherwise).
 */
async function queueAnnouncement(tx: Transaction, meeting: MeetingRow, change: Change, site: Site) {
  const email = await queueEmail(inviteEmail(meeting, change, site), tx);
  if (meeting.userId)
    await addNotification(
      {
        userId: meeting.userId,
        type: change === "cancelled" ? "warning" : "info",
        title: `Meeting ${change}`,
        message: `${meeting.title}: ${formatMeetingTime(meeting.startsAt, meeting.timeZone)}.`,
        link: "/dashboard2/meetings",
      },
      tx,
    );
  return email;
}

const auditTarget = (request: MeetingRequest) => ({ ...request.auditTarget, label: request.title });

const auditRecord = (m: MeetingRow) => ({
  meeting_id: m.id,
  uid: m.uid,
  sequence: m.sequence,
  status: m.status,
  starts_at: m.startsAt,
  duration_minutes: m.durationMinutes,
  time_zone: m.timeZone,
  location: m.location,
  meeting_url: m.meetingUrl,
  note: m.note,
});

/** Marks the request handled, in the meeting's transaction. */
async function markRequestHandled(tx: Transaction, source: MeetingSource, id: string) {
  const now = new Date();
  if (source === "office_visit")
    await tx.update(officeVisits).set({ handled: true, handledAt: now }).where(eq(officeVisits.id, id));
  else if (source === "investor_meeting")
    await tx
      .update(investorMeetings)
      .set({ handled: true, handledAt: now })
      .where(eq(investorMeetings.id, id));
  else
    await tx
      .update(projectRequests)
      .set({ handledAt: now })
      .where(and(eq(projectRequests.id, id), isNull(projectRequests.handledAt)));
}

export type MeetingOutcome =
  | { ok: true; meeting: MeetingRow; emailId: string; change: Change }
  | { ok: false; reason: "not_found" | "already_confirmed" | "not_confirmed" };

/** A stable UID: random, never derived from anything that changes. */
const newUid = (host: string) => `${crypto.randomUUID()}@${host}`;

/**
 * Confirms a meeting for a request: one row with a new UID (one live meeting
 * per request, so two staff confirming at once make one), the request marked
 * handled and the change audited in one transaction; then the invite.
 */
export async function confirmMeeting(
  source: string | undefined,
  id: string | undefined,
  fields: MeetingFields,
  actor: AuditActor & { id: string },
): Promise<MeetingOutcome> {
  const request = await getMeetingRequest(source, id);
  if (!request) return { ok: false, reason: "not_found" };
  if (request.current) return { ok: false, reason: "already_confirmed" };
  const { site } = await getSiteShell();
  const { startsAt, durationMinutes } = meetingWhen(fields);
  const done = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(meetings)
      .values({
        uid: newUid(site.emails.hello.split("@")[1] ?? "ascendra.studio"),
        sourceType: request.source,
        sourceId: request.id,
        userId: request.userId,
        attendeeName: request.attendee.name,
        attendeeEmail: request.attendee.email,
        title: request.title,
        startsAt,
        durationMinutes,
        timeZone: fields.time_zone,
        location: fields.location,
        meetingUrl: fields.meeting_url,
        note: fields.note,
        confirmedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await markRequestHandled(tx, request.source, request.id);
    await recordAudit(
      { actor, action: "meeting.confirm", target: auditTarget(request), after: auditRecord(row) },
      tx,
    );
    return { meeting: row, email: await queueAnnouncement(tx, row, "confirmed", site) };
  });
  if (!done) return { ok: false, reason: "already_confirmed" };
  await sendQueuedEmail(done.email);
  return { ok: true, meeting: done.meeting, emailId: done.email.id, change: "confirmed" };
}

/** Whether a change moved the meeting in time (else the client is told its details changed). */
const moved = (before: MeetingRow, after: MeetingRow) =>
  before.startsAt.getTime() !== after.startsAt.getTime() ||
  before.durationMinutes !== after.durationMinutes ||
  before.timeZone !== after.timeZone;

/**
 * Changes the request's live meeting in place (same row and UID, SEQUENCE + 1)
 * with the audit entry and the invite in one transaction; then sends it.
 */
async function changeLiveMeeting(
  source: string | undefined,
  id: string | undefined,
  change: "rescheduled" | "cancelled",
  set: PgUpdateSetSource<typeof meetings>,
  note: string,
  actor: AuditActor,
): Promise<MeetingOutcome> {
  const request = await getMeetingRequest(source, id);
  if (!request) return { ok: false, reason: "not_found" };
  if (!request.current) return { ok: false, reason: "not_confirmed" };
  const before = request.current;
  const { site } = await getSiteShell();
  const done = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(meetings)
      .set({ ...set, sequence: sql`${meetings.sequence} + 1`, updatedAt: sql`now()` })
      .where(and(eq(meetings.id, before.id), eq(meetings.status, "confirmed")))
      .returning();
    if (!row) return null;
    await recordAudit(
      {
        actor,
        action: change === "cancelled" ? "meeting.cancel" : "meeting.reschedule",
        target: auditTarget(request),
        before: auditRecord(before),
        after: auditRecord(row),
        ...(change === "cancelled" ? { reason: note } : {}),
      },
      tx,
    );
    const told: Change = change === "rescheduled" && !moved(before, row) ? "updated" : change;
    return { meeting: row, told, email: await queueAnnouncement(tx, row, told, site) };
  });
  if (!done) return { ok: false, reason: "not_confirmed" };
  await sendQueuedEmail(done.email);
  return { ok: true, meeting: done.meeting, emailId: done.email.id, change: done.told };
}

/** Moves the request's live meeting: same row and UID, SEQUENCE + 1, an updated invite. */
export function rescheduleMeeting(
  source: string | undefined,
  id: string | undefined,
  fields: MeetingFields,
  actor: AuditActor,
): Promise<MeetingOutcome> {
  const { startsAt, durationMinutes } = meetingWhen(fields);
  return changeLiveMeeting(
    source,
    id,
    "rescheduled",
    {
      startsAt,
      durationMinutes,
      timeZone: fields.time_zone,
      location: fields.location,
      meetingUrl: fields.meeting_url,
      // The form starts from the standing note, so what staff leave in it is the note.
      note: fields.note,
    },
    fields.note,
    actor,
  );
}

/** Cancels the request's live meeting: SEQUENCE + 1 and a METHOD:CANCEL with the same UID. */
export function cancelMeeting(
  source: string | undefined,
  id: string | undefined,
  note: string,
  actor: AuditActor,
): Promise<MeetingOutcome> {
  return changeLiveMeeting(
    source,
    id,
    "cancelled",
    // A reason replaces the standing note (the client reads why); none keeps it.
    { status: "cancelled", cancelledAt: sql`now()`, ...(note ? { note } : {}) },
    note,
    actor,
  );
}

/** What a list shows of a meeting (no attendee details beyond the name). */
const listColumns = {
  id: meetings.id,
  sourceType: meetings.sourceType,
  sourceId: meetings.sourceId,
  title: meetings.title,
  attendeeName: meetings.attendeeName,
  attendeeEmail: meetings.attendeeEmail,
  startsAt: meetings.startsAt,
  durationMinutes: meetings.durationMinutes,
  timeZone: meetings.timeZone,
  location: meetings.location,
  meetingUrl: meetings.meetingUrl,
  note: meetings.note,
  status: meetings.status,
  sequence: meetings.sequence,
};

export type MeetingListItem = { [K in keyof typeof listColumns]: MeetingRow[K] };

/** Upcoming first (soonest first), then past ones (latest first). */
const upcomingFirst = [
  sql`(${meetings.startsAt} + ${meetings.durationMinutes} * interval '1 minute' < now())`,
  sql`case when ${meetings.startsAt} + ${meetings.durationMinutes} * interval '1 minute' >= now() then ${meetings.startsAt} end asc`,
  desc(meetings.startsAt),
  asc(meetings.id),
];

/** The client's meetings, a page at a time: only their own. */
export async function listClientMeetings(
  userId: string,
  requested = 1,
  size = PAGE_SIZE,
): Promise<{ rows: MeetingListItem[]; page: Page }> {
  const mine = eq(meetings.userId, userId);
  return readListPage(
    requested,
    size,
    async () => (await db().select({ n: count() }).from(meetings).where(mine))[0]?.n ?? 0,
    (limit, offset) =>
      db()
        .select(listColumns)
        .from(meetings)
        .where(mine)
        .orderBy(...upcomingFirst)
        .limit(limit)
        .offset(offset),
  );
}

/** The staff agenda: confirmed meetings, upcoming first, a page at a time. */
export function listAgenda(requested = 1): Promise<{ rows: MeetingListItem[]; page: Page }> {
  const confirmed = eq(meetings.status, "confirmed");
  return readListPage(
    requested,
    PAGE_SIZE,
    async () => (await db().select({ n: count() }).from(meetings).where(confirmed))[0]?.n ?? 0,
    (limit, offset) =>
      db()
        .select(listColumns)
        .from(meetings)
        .where(confirmed)
        .orderBy(...upcomingFirst)
        .limit(limit)
        .offset(offset),
  );
}

/** How many online meeting requests the agenda lists as waiting. */
const WAITING_REQUESTS_SHOWN = 20;

/** "Schedule Online Meet" requests nobody has confirmed yet, oldest first. */
export function listWaitingOnlineMeetRequests() {
  return db()
    .select({
      id: projectRequests.id,
      createdAt: projectRequests.createdAt,
      preferredTime: projectRequests.preferredTime,
      projectTitle: projects.title,
      client: users.username,
    })
    .from(projectRequests)
    .innerJoin(projects, eq(projects.id, projectRequests.projectId))
    .innerJoin(users, eq(users.id, projectRequests.userId))
    .where(and(eq(projectRequests.kind, "meeting"), isNull(projectRequests.handledAt)))
    .orderBy(asc(projectRequests.createdAt))
    .limit(WAITING_REQUESTS_SHOWN);
}

/**
 * The .ics of one of the client's own meetings, as it stands (an invite, or
 * the cancellation), or null when it is not theirs: the same text the email
 * carried for the current SEQUENCE.
 */
export async function getClientInvite(
  userId: string,
  meetingId: string | undefined,
): Promise<{ filename: string; contentType: string; text: string } | null> {
  if (!isUuid(meetingId)) return null;
  const [[meeting], { site }] = await Promise.all([
    db()
      .select()
      .from(meetings)
      .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)))
      .limit(1),
    getSiteShell(),
  ]);
  if (!meeting) return null;
  return {
    filename: inviteFilename(meeting),
    contentType: INVITE_CONTENT_TYPE,
    text: buildInvite(meeting, organizerOf(site)),
  };
}
