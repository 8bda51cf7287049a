import { and, desc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MEETING_MESSAGES } from "~models/calendar/meetings";
import { submitOfficeVisit } from "~models/forms/submissions.server";
import { exportAccountData } from "~models/views/account-data.server";
import { db } from "~models/platform/db.server";
import { createProjectRequest } from "~models/projects/project-requests.server";
import {
  auditLog,
  emailOutbox,
  meetings,
  notifications,
  officeVisits,
  projectRequests,
} from "~models/schema";
import * as agendaPage from "~/routes/admin/agenda";
import * as emailAttachment from "~/routes/admin/email-attachment";
import * as emailPage from "~/routes/admin/email";
import * as meetingPage from "~/routes/admin/meeting";
import * as inviteRoute from "~/routes/dashboard/meeting-invite";
import * as meetingsTab from "~/routes/dashboard/meetings";
import { seedSite, sendMeeting } from "./admin-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { projectOf, signedInClient, type Client } from "./project-helpers";

// Calendar invites (docs/decisions/0050): staff confirm, move and cancel a
// meeting from a request; each change writes an outbox email with the .ics;
// the client downloads their own meeting's .ics and nobody else's.

let staff: Client;
let asha: Client;
let other: Client;
let visitId: string;

/** The unfolded content lines' values of one iCalendar property. */
const prop = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(":") + 1));

/** A date a week ahead, as the form takes it. */
const nextWeek = (days = 7) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const post = (who: Client | null, source: string, id: string, fields: Record<string, string>) =>
  call(
    meetingPage.action,
    formRequest(`/admin/meetings/${source}/${id}`, fields, who ? { cookie: who.cookie } : {}),
    { source, id },
  );

/** The outbox emails of a meeting kind to an address, newest first, with their attachment decoded. */
async function invitesTo(to: string) {
  const rows = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), like(emailOutbox.kind, "meeting_%")))
    .orderBy(desc(emailOutbox.createdAt));
  return rows.map((row) => ({
    ...row,
    ics: row.attachments[0] ? Buffer.from(row.attachments[0].content, "base64").toString() : "",
  }));
}

const download = (who: Client, id: string) =>
  call(inviteRoute.loader, getRequest(`/dashboard2/meetings/${id}/invite.ics`, { cookie: who.cookie }), {
    id,
  });

beforeAll(async () => {
  await seedSite();
  staff = await signedInClient("staff");
  asha = await signedInClient();
  other = await signedInClient();
  // Sent signed out, with the address of Asha's account (in another case): linked to her by email.
  const outcome = await submitOfficeVisit(
    {
      company_name: "Rao Foods",
      your_name: "Asha Rao",
      company_designation: "Founder",
      company_email: asha.email.toUpperCase(),
      phone_country: "IN",
      phone_number: "98200 12345",
      company_address: "Sector 17, Vashi",
      visit_date: nextWeek(),
      city: "Navi Mumbai",
      country: "India",
    } as never,
    { clientAddress: "198.51.100.77" },
  );
  if (outcome.status !== "ok") throw new Error(JSON.stringify(outcome));
  visitId = outcome.id;
});

describe("an office visit: confirm, reschedule, cancel", () => {
  const slot = { date: nextWeek(), time: "10:00", duration: "45", time_zone: "Asia/Kolkata" };
  let meetingId = "";
  let uid = "";

  it("is for staff only: a client or a visitor gets 404 and nothing is written", async () => {
    for (const who of [asha, null]) {
      const outcome = await post(who, "office_visit", visitId, {
        intent: "confirm",
        ...slot,
        location: "Vashi",
      });
      expect(outcome.status).toBe(404);
    }
    const page = await call(
      meetingPage.loader,
      getRequest(`/admin/meetings/office_visit/${visitId}`, { cookie: asha.cookie }),
      { source: "office_visit", id: visitId },
    );
    expect(page.status).toBe(404);
    expect(await db().select().from(meetings).where(eq(meetings.sourceId, visitId))).toEqual([]);
  });

  it("asks for the address and a future time", async () => {
    const missing = await post(staff, "office_visit", visitId, { intent: "confirm", ...slot });
    expect(missing.status).toBe(400);
    expect(formErrors(missing)).toEqual({ location: [MEETING_MESSAGES.locationRequired] });
    const past = await post(staff, "office_visit", visitId, {
      intent: "confirm",
      ...slot,
      date: "2020-01-01",
      location: "Vashi",
    });
    expect(formErrors(past)).toEqual({ date: [MEETING_MESSAGES.inThePast] });
  });

  it("confirms: one meeting linked to the client's account, the request handled, an invite in the outbox", async () => {
    const outcome = await post(staff, "office_visit", visitId, {
      intent: "confirm",
      ...slot,
      location: "Plot 12, Sector 17, Vashi",
      note: "Ask for Priya at the front desk.",
    });
    expect(outcome.status).toBe(200);
    const [meeting] = await db().select().from(meetings).where(eq(meetings.sourceId, visitId));
    expect(meeting).toMatchObject({
      sourceType: "office_visit",
      userId: asha.id,
      status: "confirmed",
      sequence: 0,
      durationMinutes: 45,
      timeZone: "Asia/Kolkata",
      confirmedBy: staff.id,
      note: "Ask for Priya at the front desk.",
    });
    // 10:00 in Kolkata is 04:30 UTC.
    expect(meeting!.startsAt.toISOString()).toBe(`${slot.date}T04:30:00.000Z`);
    meetingId = meeting!.id;
    uid = meeting!.uid;

    const [email] = await invitesTo(asha.email.toUpperCase());
    expect(email!.kind).toBe("meeting_confirmed");
    expect(email!.subject).toMatch(/^Confirmed: Office visit to Ascendra, .* 10:00 \(Asia\/Kolkata\)$/);
    expect(email!.text).toContain("Ask for Priya at the front desk.");
    // Under the heading the Meetings page gives it.
    expect(email!.text).toContain(`${MEETING_MESSAGES.noteHeading}:\nAsk for Priya at the front desk.`);
    expect(email!.html).toContain(
      "<p><strong>A note from us</strong><br>Ask for Priya at the front desk.</p>",
    );
    expect(email!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["meeting.ics", "text/calendar; charset=utf-8; method=REQUEST"],
    ]);
    expect(prop(email!.ics, "METHOD")).toEqual(["REQUEST"]);
    expect(prop(email!.ics, "UID")).toEqual([uid]);
    expect(prop(email!.ics, "SEQUENCE")).toEqual(["0"]);
    expect(prop(email!.ics, "DTSTART")).toEqual([`${slot.date.replace(/-/g, "")}T043000Z`]);
    expect(prop(email!.ics, "LOCATION")).toEqual(["Plot 12\\, Sector 17\\, Vashi"]);
    expect(prop(email!.ics, "ORGANIZER")[0]).toMatch(/^mailto:hello@/i);
    // Staff's note is in the invite too, not only the email's text (issue 35).
    expect(prop(email!.ics, "DESCRIPTION")[0]).toMatch(
      /\\n\\nA note from us:\\nAsk for Priya at the front desk\.$/,
    );

    const [visit] = await db().select().from(officeVisits).where(eq(officeVisits.id, visitId));
    expect(visit!.handled).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, `office_visit:${visitId}`))
      .orderBy(desc(auditLog.createdAt));
    expect(audit!.action).toBe("meeting.confirm");
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, asha.id))
      .orderBy(desc(notifications.createdAt));
    expect(notification).toMatchObject({ title: "Meeting confirmed", link: "/dashboard2/meetings" });
  });

  it("refuses a second confirmation of the same request", async () => {
    const again = await post(staff, "office_visit", visitId, {
      intent: "confirm",
      ...slot,
      location: "Vashi",
    });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(MEETING_MESSAGES.alreadyConfirmed);
    expect(await db().select().from(meetings).where(eq(meetings.sourceId, visitId))).toHaveLength(1);
  });

  it("reschedules the same row: same UID, SEQUENCE 1, an updated invite", async () => {
    const outcome = await post(staff, "office_visit", visitId, {
      intent: "reschedule",
      ...slot,
      date: nextWeek(8),
      time: "15:30",
      location: "Plot 12, Sector 17, Vashi",
      // The form starts from the standing note; staff add the parking.
      note: "Ask for Priya at the front desk.\nParking: basement, bay 14.",
    });
    expect(outcome.status).toBe(200);
    const rows = await db().select().from(meetings).where(eq(meetings.sourceId, visitId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: meetingId,
      uid,
      sequence: 1,
      status: "confirmed",
      note: "Ask for Priya at the front desk.\nParking: basement, bay 14.",
    });
    const [email] = await invitesTo(asha.email.toUpperCase());
    expect(email!.kind).toBe("meeting_rescheduled");
    expect(email!.subject).toMatch(/^Updated: /);
    expect(prop(email!.ics, "UID")).toEqual([uid]);
    expect(prop(email!.ics, "SEQUENCE")).toEqual(["1"]);
    expect(prop(email!.ics, "METHOD")).toEqual(["REQUEST"]);
    expect(prop(email!.ics, "DTSTART")).toEqual([`${nextWeek(8).replace(/-/g, "")}T100000Z`]);
    expect(email!.text).toContain("Parking: basement, bay 14.");
    expect(prop(email!.ics, "DESCRIPTION")[0]).toContain(
      "Ask for Priya at the front desk.\\nParking: basement\\, bay 14.",
    );
  });

  it("lets the client download their own meeting's .ics, the same as the last email's, and nobody else", async () => {
    const mine = await download(asha, meetingId);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(mine.headers.get("content-disposition")).toBe('attachment; filename="meeting.ics"');
    const [email] = await invitesTo(asha.email.toUpperCase());
    expect(mine.body).toBe(email!.ics);

    expect((await download(other, meetingId)).status).toBe(404);
    expect((await download(staff, meetingId)).status).toBe(404);
    const anonymous = await call(
      inviteRoute.loader,
      getRequest(`/dashboard2/meetings/${meetingId}/invite.ics`),
      {
        id: meetingId,
      },
    );
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("lists the meeting on the client's Meetings tab only", async () => {
    type Tab = { meetings: Array<{ id: string; title: string; status: string; note: string }> };
    const tab = (who: Client) =>
      call(meetingsTab.loader, getRequest("/dashboard2/meetings", { cookie: who.cookie })).then(
        (o) => o.body as Tab,
      );
    expect((await tab(asha)).meetings.map((m) => [m.id, m.note])).toEqual([
      [meetingId, "Ask for Priya at the front desk.\nParking: basement, bay 14."],
    ]);
    expect((await tab(other)).meetings).toEqual([]);
  });

  it("is in the client's data export, and in nobody else's", async () => {
    const mine = (await exportAccountData(asha.id))!;
    expect(mine.meetings.map((m) => [m.title, m.status, m.time_zone])).toEqual([
      ["Office visit to Ascendra", "confirmed", "Asia/Kolkata"],
    ]);
    expect((await exportAccountData(other.id))!.meetings).toEqual([]);
  });

  it("shows confirmed meetings in the staff agenda, upcoming first", async () => {
    const agenda = await call(agendaPage.loader, getRequest("/admin/agenda", { cookie: staff.cookie }));
    const rows = (agenda.body as { meetings: Array<{ id: string }> }).meetings;
    expect(rows.map((m) => m.id)).toContain(meetingId);
    expect((await call(agendaPage.loader, getRequest("/admin/agenda", { cookie: asha.cookie }))).status).toBe(
      404,
    );
  });

  it("shows the invite on the staff email page and downloads it there, for staff only", async () => {
    const [email] = await invitesTo(asha.email.toUpperCase());
    const page = await call(
      emailPage.loader,
      getRequest(`/admin/outbox/${email!.id}`, { cookie: staff.cookie }),
      {
        id: email!.id,
      },
    );
    const shown = (page.body as { email: { attachments: unknown[] } }).email.attachments;
    expect(shown).toEqual([
      {
        index: 0,
        filename: "meeting.ics",
        contentType: "text/calendar; charset=utf-8; method=REQUEST",
        size: Buffer.byteLength(email!.ics),
      },
    ]);
    const file = await call(
      emailAttachment.loader,
      getRequest(`/admin/outbox/${email!.id}/attachments/0`, { cookie: staff.cookie }),
      { id: email!.id, index: "0" },
    );
    expect(file.status).toBe(200);
    expect(file.body).toBe(email!.ics);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="meeting.ics"/);
    for (const index of ["1", "x", "-1"]) {
      const missing = await call(
        emailAttachment.loader,
        getRequest(`/admin/outbox/${email!.id}/attachments/${index}`, { cookie: staff.cookie }),
        { id: email!.id, index },
      );
      expect(missing.status).toBe(404);
    }
    const client = await call(
      emailAttachment.loader,
      getRequest(`/admin/outbox/${email!.id}/attachments/0`, { cookie: asha.cookie }),
      { id: email!.id, index: "0" },
    );
    expect(client.status).toBe(404);
  });

  it("cancels with METHOD:CANCEL and the same UID; the download then cancels too", async () => {
    const outcome = await post(staff, "office_visit", visitId, {
      intent: "cancel",
      note: "Our office is closed.",
    });
    expect(outcome.status).toBe(200);
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meetingId));
    // The reason replaces the standing note: the client reads why on the Meetings page.
    expect(row).toMatchObject({ uid, sequence: 2, status: "cancelled", note: "Our office is closed." });
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    const [email] = await invitesTo(asha.email.toUpperCase());
    expect(email!.kind).toBe("meeting_cancelled");
    expect(email!.attachments[0]!.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(prop(email!.ics, "METHOD")).toEqual(["CANCEL"]);
    expect(prop(email!.ics, "STATUS")).toEqual(["CANCELLED"]);
    expect(prop(email!.ics, "UID")).toEqual([uid]);
    expect(prop(email!.ics, "SEQUENCE")).toEqual(["2"]);
    const mine = await download(asha, meetingId);
    expect(prop(mine.body as string, "METHOD")).toEqual(["CANCEL"]);
    // Cancelled meetings leave the agenda; cancelling twice changes nothing.
    const agenda = await call(agendaPage.loader, getRequest("/admin/agenda", { cookie: staff.cookie }));
    expect((agenda.body as { meetings: Array<{ id: string }> }).meetings.map((m) => m.id)).not.toContain(
      meetingId,
    );
    const again = await post(staff, "office_visit", visitId, { intent: "cancel" });
    expect(again.status).toBe(409);
  });

  it("may be confirmed again after a cancellation, as a new event with a new UID", async () => {
    const outcome = await post(staff, "office_visit", visitId, {
      intent: "confirm",
      ...slot,
      location: "Vashi",
    });
    expect(outcome.status).toBe(200);
    const rows = await db().select().from(meetings).where(eq(meetings.sourceId, visitId));
    expect(rows).toHaveLength(2);
    const fresh = rows.find((m) => m.status === "confirmed")!;
    expect(fresh.uid).not.toBe(uid);
    expect(fresh.sequence).toBe(0);
  });

  it("a note added at the same time reaches the client as changed details, not as a move", async () => {
    const note = "Reception is on the 4th floor.\nParking: basement, bay 14.";
    const outcome = await post(staff, "office_visit", visitId, {
      intent: "reschedule",
      ...slot,
      location: "Vashi",
      note,
    });
    expect(outcome.status).toBe(200);
    expect((outcome.body as { message: string }).message).toBe(
      MEETING_MESSAGES.updated(asha.email.toUpperCase()),
    );
    const [row] = await db()
      .select()
      .from(meetings)
      .where(and(eq(meetings.sourceId, visitId), eq(meetings.status, "confirmed")));
    expect(row).toMatchObject({ sequence: 1, note });

    // The email: changed details, the time kept, the note under its heading; the .ics carries it.
    const [email] = await invitesTo(asha.email.toUpperCase());
    expect(email!.kind).toBe("meeting_updated");
    expect(email!.subject).toMatch(/^Updated: Office visit to Ascendra, /);
    expect(email!.text).toContain(
      "The details of your meeting with Ascendra have changed; the time has not.",
    );
    expect(email!.text).not.toContain("has moved");
    expect(email!.text).toContain(`${MEETING_MESSAGES.noteHeading}:\n${note}`);
    expect(prop(email!.ics, "SEQUENCE")).toEqual(["1"]);
    expect(prop(email!.ics, "DESCRIPTION")[0]).toContain(
      "A note from us:\\nReception is on the 4th floor.\\nParking: basement\\, bay 14.",
    );
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, asha.id))
      .orderBy(desc(notifications.createdAt));
    expect(notification).toMatchObject({ title: "Meeting updated", link: "/dashboard2/meetings" });

    // On the client's Meetings page, and in the .ics they download.
    const tab = (await call(meetingsTab.loader, getRequest("/dashboard2/meetings", { cookie: asha.cookie })))
      .body as { meetings: Array<{ id: string; note: string }> };
    expect(tab.meetings.find((m) => m.id === row!.id)?.note).toBe(note);
    expect((await download(asha, row!.id)).body).toBe(email!.ics);
  });
});

describe("an investor meeting from an address with no account", () => {
  it("confirms with a meeting link, linked to no account", async () => {
    const id = await sendMeeting();
    const link = "https://meet.example.com/abc-defg-hij";
    const outcome = await post(staff, "investor_meeting", id, {
      intent: "confirm",
      date: nextWeek(3),
      time: "09:00",
      duration: "30",
      time_zone: "Europe/London",
      meeting_url: link,
    });
    expect(outcome.status).toBe(200);
    const [meeting] = await db().select().from(meetings).where(eq(meetings.sourceId, id));
    expect(meeting).toMatchObject({
      userId: null,
      meetingUrl: link,
      location: "",
      timeZone: "Europe/London",
    });
    const [email] = await invitesTo("maya@acme.example");
    expect(prop(email!.ics, "URL")).toEqual([link]);
    expect(prop(email!.ics, "LOCATION")).toEqual([link]);
    expect(email!.html).toContain(`<a href="${link}">`);
  });
});

describe("a Schedule Online Meet request", () => {
  it("is listed as waiting in the agenda, needs a link, and once confirmed is on the client's dashboard", async () => {
    const project = await projectOf(asha, { title: "Spice packaging" });
    await createProjectRequest(project, asha.id, {
      kind: "meeting",
      preferredTime: new Date(Date.now() + 5 * 86_400_000),
      note: "Afternoons suit us.",
    });
    const [request] = await db()
      .select()
      .from(projectRequests)
      .where(eq(projectRequests.projectId, project.id));
    // Staff are told in the app, with a link to the page where they confirm it.
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), eq(notifications.title, "Online meeting requested")))
      .orderBy(desc(notifications.createdAt));
    expect(told!.link).toBe(`/admin/meetings/online_meet/${request!.id}`);
    const agenda = await call(agendaPage.loader, getRequest("/admin/agenda", { cookie: staff.cookie }));
    const waiting = (agenda.body as { waiting: Array<{ id: string }> }).waiting;
    expect(waiting.map((w) => w.id)).toContain(request!.id);

    const slot = {
      intent: "confirm",
      date: nextWeek(5),
      time: "16:00",
      duration: "60",
      time_zone: "Asia/Kolkata",
    };
    const missing = await post(staff, "online_meet", request!.id, slot);
    expect(formErrors(missing)).toEqual({ meeting_url: [MEETING_MESSAGES.linkRequired] });
    const outcome = await post(staff, "online_meet", request!.id, {
      ...slot,
      meeting_url: "https://meet.example.com/spice",
    });
    expect(outcome.status).toBe(200);
    const [meeting] = await db().select().from(meetings).where(eq(meetings.sourceId, request!.id));
    expect(meeting).toMatchObject({
      userId: asha.id,
      attendeeEmail: asha.email,
      title: "Online meeting about “Spice packaging”",
    });
    const [handled] = await db().select().from(projectRequests).where(eq(projectRequests.id, request!.id));
    expect(handled!.handledAt).toBeInstanceOf(Date);
    const after = await call(agendaPage.loader, getRequest("/admin/agenda", { cookie: staff.cookie }));
    expect((after.body as { waiting: Array<{ id: string }> }).waiting.map((w) => w.id)).not.toContain(
      request!.id,
    );
    expect((await download(asha, meeting!.id)).status).toBe(200);
    expect((await download(other, meeting!.id)).status).toBe(404);
  });

  it("refuses a project request of another kind and an unknown source", async () => {
    const project = await projectOf(other, { title: "Update please" });
    await createProjectRequest(project, other.id, { kind: "update" });
    const [request] = await db()
      .select()
      .from(projectRequests)
      .where(eq(projectRequests.projectId, project.id));
    const slot = { intent: "confirm", date: nextWeek(), time: "10:00", duration: "30", time_zone: "UTC" };
    expect(
      (await post(staff, "online_meet", request!.id, { ...slot, meeting_url: "https://x.example" })).status,
    ).toBe(404);
    expect((await post(staff, "service_quote", visitId, slot)).status).toBe(404);
  });
});

describe("odd input from staff", () => {
  it("is refused with 400, never a crash, and writes nothing", async () => {
    const id = await sendMeeting();
    const odd: Array<Record<string, string>> = [
      { intent: "__proto__" },
      {
        intent: "confirm",
        date: "2027-02-31",
        time: "10:00",
        duration: "30",
        time_zone: "UTC",
        location: "x",
      },
      {
        intent: "confirm",
        date: nextWeek(),
        time: "25:00",
        duration: "1e20",
        time_zone: "constructor",
        location: "x",
      },
      {
        intent: "confirm",
        date: nextWeek(),
        time: "10:00",
        duration: "30",
        time_zone: "UTC",
        meeting_url: "ftp://x",
      },
      {
        intent: "confirm",
        date: nextWeek(),
        time: "10:00",
        duration: "30",
        time_zone: "UTC",
        location: "x".repeat(301),
      },
    ];
    for (const fields of odd)
      expect((await post(staff, "investor_meeting", id, fields)).status, JSON.stringify(fields)).toBe(400);
    expect(await db().select().from(meetings).where(eq(meetings.sourceId, id))).toEqual([]);
  });
});

describe("two staff confirming at once", () => {
  it("make one meeting and one invite", async () => {
    const id = await sendMeeting();
    const fields = {
      intent: "confirm",
      date: nextWeek(4),
      time: "11:00",
      duration: "30",
      time_zone: "Asia/Kolkata",
      location: "Vashi office",
    };
    const outcomes = await Promise.all([
      post(staff, "investor_meeting", id, fields),
      post(staff, "investor_meeting", id, fields),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(await db().select().from(meetings).where(eq(meetings.sourceId, id))).toHaveLength(1);
  });
});
