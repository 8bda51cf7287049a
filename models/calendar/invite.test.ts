import { describe, expect, it } from "vitest";
import { buildInvite, inviteMethod, type InviteMeeting } from "./invite";
import { formatMeetingTime, meetingFormSchema, utcToZonedFields, zonedTimeToUtc } from "./meetings";

const organizer = { name: "Ascendra", email: "hello@ascendra.studio" };

const meeting: InviteMeeting = {
  uid: "0f6c1d1e-5b7a-4c55-9d1c-3f7e2a9b8c01@ascendra.studio",
  sequence: 0,
  status: "confirmed",
  title: "Office visit to Ascendra",
  // 10:00 in Kolkata (UTC+05:30).
  startsAt: new Date("2026-12-03T04:30:00Z"),
  durationMinutes: 45,
  timeZone: "Asia/Kolkata",
  location: "Plot 12, Sector 17, Vashi, Navi Mumbai",
  meetingUrl: "",
  note: "",
  attendeeName: "Asha Rao",
  attendeeEmail: "asha@example.com",
  updatedAt: new Date("2026-11-26T06:00:00Z"),
};

/** The unfolded content lines of an .ics (RFC 5545 §3.1: CRLF, continuation lines start with a space or tab). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");
const prop = (ics: string, name: string) =>
  lines(ics)
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(":") + 1));

/**
 * A content line read as RFC 5545 §3.1 reads it: NAME, then ;PARAM=value
 * pairs whose quoted values end at the next double quote (there is no
 * escape), then ":" and the value. Throws on a line that is not well formed.
 */
function contentLine(line: string) {
  let at = line.search(/[;:]/);
  const name = line.slice(0, at);
  const params: [string, string][] = [];
  while (line[at] === ";") {
    const equals = line.indexOf("=", at);
    const param = line.slice(at + 1, equals);
    if (!/^[A-Za-z0-9-]+$/.test(param))
      throw new Error(`bad parameter name ${JSON.stringify(param)} in ${line}`);
    at = equals + 1;
    if (line[at] === '"') {
      const end = line.indexOf('"', at + 1);
      params.push([param, line.slice(at + 1, end)]);
      at = end + 1;
    } else {
      const text = /^[^";:,]*/.exec(line.slice(at))![0];
      params.push([param, text]);
      at += text.length;
    }
  }
  if (line[at] !== ":") throw new Error(`no ":" after the parameters of ${line}`);
  return { name, params: Object.fromEntries(params), value: line.slice(at + 1) };
}

describe("buildInvite", () => {
  it("writes a REQUEST with the UID, SEQUENCE 0, the UTC start, the duration, organizer and location", () => {
    const ics = buildInvite(meeting, organizer);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(prop(ics, "METHOD")).toEqual(["REQUEST"]);
    expect(prop(ics, "UID")).toEqual([meeting.uid]);
    expect(prop(ics, "SEQUENCE")).toEqual(["0"]);
    expect(prop(ics, "STATUS")).toEqual(["CONFIRMED"]);
    expect(prop(ics, "DTSTART")).toEqual(["20261203T043000Z"]);
    expect(prop(ics, "DURATION")).toEqual(["PT45M"]);
    expect(prop(ics, "DTSTAMP")).toEqual(["20261126T060000Z"]);
    expect(prop(ics, "ORGANIZER")[0]).toMatch(/^mailto:hello@ascendra\.studio$/i);
    expect(lines(ics).find((l) => l.startsWith("ORGANIZER"))).toContain('CN="Ascendra"');
    expect(prop(ics, "ATTENDEE")[0]).toMatch(/^mailto:asha@example\.com$/i);
    // Commas are escaped in text values (RFC 5545 §3.3.11).
    expect(prop(ics, "LOCATION")).toEqual(["Plot 12\\, Sector 17\\, Vashi\\, Navi Mumbai"]);
    // The zone staff chose is named with the local time.
    expect(prop(ics, "DESCRIPTION")[0]).toContain("10:00 (Asia/Kolkata)");
    // Every physical line is at most 75 octets.
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("keeps a requester's name inside its CN: one address, whatever the name holds", () => {
    const attendeeName = 'Bob":MAILTO:attacker@evil.example;X="';
    const ics = buildInvite(
      { ...meeting, attendeeName },
      { ...organizer, name: 'Ascendra "Studio"\r\nX-EVIL:1' },
    );
    const attendees = lines(ics).filter((line) => /^ATTENDEE[;:]/.test(line));
    expect(attendees).toHaveLength(1);
    const attendee = contentLine(attendees[0]!);
    expect(attendee.value).toBe("mailto:asha@example.com");
    expect(Object.keys(attendee.params).sort()).toEqual(["CN", "PARTSTAT", "ROLE", "RSVP"]);
    // No double quote (a quoted value cannot hold one), ; or : survives in the name.
    expect(attendee.params.CN).toBe("Bob' MAILTO attacker@evil.example X='");
    // The line names exactly one address, read with or without regard to quotes.
    expect(attendees[0]!.match(/mailto:/gi)).toHaveLength(1);

    const organizers = lines(ics).filter((line) => /^ORGANIZER[;:]/.test(line));
    expect(organizers.map((line) => contentLine(line))).toEqual([
      {
        name: "ORGANIZER",
        params: { CN: "Ascendra 'Studio' X-EVIL 1" },
        value: "MAILTO:hello@ascendra.studio",
      },
    ]);
    expect(lines(ics).filter((line) => line.startsWith("X-EVIL"))).toEqual([]);
  });

  it("keeps the UID and raises SEQUENCE for a reschedule", () => {
    const first = buildInvite(meeting, organizer);
    const moved = buildInvite(
      { ...meeting, sequence: 1, startsAt: new Date("2026-12-04T09:30:00Z"), updatedAt: new Date() },
      organizer,
    );
    expect(prop(moved, "UID")).toEqual(prop(first, "UID"));
    expect(prop(moved, "SEQUENCE")).toEqual(["1"]);
    expect(prop(moved, "METHOD")).toEqual(["REQUEST"]);
    expect(prop(moved, "DTSTART")).toEqual(["20261204T093000Z"]);
  });

  it("writes a CANCEL with STATUS:CANCELLED and the same UID for a cancellation", () => {
    const cancelled = { ...meeting, sequence: 2, status: "cancelled" };
    const ics = buildInvite(cancelled, organizer);
    expect(inviteMethod(cancelled)).toBe("CANCEL");
    expect(prop(ics, "METHOD")).toEqual(["CANCEL"]);
    expect(prop(ics, "STATUS")).toEqual(["CANCELLED"]);
    expect(prop(ics, "UID")).toEqual([meeting.uid]);
    expect(prop(ics, "SEQUENCE")).toEqual(["2"]);
  });

  it("puts an online meeting's link in LOCATION and URL", () => {
    const ics = buildInvite(
      { ...meeting, location: "", meetingUrl: "https://meet.example.com/abc-defg" },
      organizer,
    );
    expect(prop(ics, "LOCATION")).toEqual(["https://meet.example.com/abc-defg"]);
    expect(prop(ics, "URL")).toEqual(["https://meet.example.com/abc-defg"]);
  });

  it("carries staff's note in DESCRIPTION, escaped, and nowhere else", () => {
    const note =
      "Ask reception for Asha; park in B2, bay 14.\nBring ID \\ badge.\rEND:VEVENT\r\nATTENDEE:mailto:x@evil.example";
    const ics = buildInvite({ ...meeting, note }, organizer);
    const [description] = prop(ics, "DESCRIPTION");
    // One DESCRIPTION: its line breaks are \n, its ; , and \ escaped (RFC 5545 §3.3.11).
    expect(description).toContain(
      "\\n\\nA note from us:\\nAsk reception for Asha\\; park in B2\\, bay 14.\\nBring ID \\\\ badge.\\nEND:VEVENT\\nATTENDEE:mailto:x@evil.example",
    );
    // No line of the note became a property of its own.
    expect(lines(ics).filter((line) => /^ATTENDEE[;:]/.test(line))).toHaveLength(1);
    expect(lines(ics).filter((line) => line === "END:VEVENT")).toHaveLength(1);
    expect(ics).not.toMatch(/\r(?!\n)/);
    // Without a note the description ends with the meeting's facts.
    expect(prop(buildInvite(meeting, organizer), "DESCRIPTION")[0]).toMatch(/Navi Mumbai$/);
  });

  it("is the same text for the same meeting (the download matches the email)", () => {
    expect(buildInvite(meeting, organizer)).toBe(buildInvite({ ...meeting }, organizer));
  });
});

describe("time zones", () => {
  it("reads a wall-clock time in the chosen zone as the right UTC instant", () => {
    expect(zonedTimeToUtc("2026-12-03", "10:00", "Asia/Kolkata").toISOString()).toBe(
      "2026-12-03T04:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-12-03", "10:00", "UTC").toISOString()).toBe("2026-12-03T10:00:00.000Z");
    // New York in winter (UTC−5) and in summer (UTC−4).
    expect(zonedTimeToUtc("2026-01-15", "09:00", "America/New_York").toISOString()).toBe(
      "2026-01-15T14:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-15", "09:00", "America/New_York").toISOString()).toBe(
      "2026-07-15T13:00:00.000Z",
    );
    // A time skipped by the spring change (02:30 on 8 March 2026) moves forward by the hour.
    expect(zonedTimeToUtc("2026-03-08", "02:30", "America/New_York").toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
  });

  it("turns an instant back into the form's fields and words", () => {
    expect(utcToZonedFields(new Date("2026-12-03T04:30:00Z"), "Asia/Kolkata")).toEqual({
      date: "2026-12-03",
      time: "10:00",
    });
    expect(formatMeetingTime(new Date("2026-12-03T04:30:00Z"), "Asia/Kolkata")).toBe(
      "Thursday 3 December 2026, 10:00 (Asia/Kolkata)",
    );
  });
});

describe("meetingFormSchema", () => {
  const now = () => new Date("2026-11-26T06:00:00Z");
  const base = { date: "2026-12-03", time: "10:00", duration: "45", time_zone: "Asia/Kolkata" };
  const errors = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
    result.success ? [] : result.error!.issues.map((issue) => issue.path.join("."));

  it("asks an office visit for an address, an online meeting for a link, an investor meeting for either", () => {
    expect(errors(meetingFormSchema("office_visit", now).safeParse(base))).toEqual(["location"]);
    expect(errors(meetingFormSchema("online_meet", now).safeParse(base))).toEqual(["meeting_url"]);
    expect(errors(meetingFormSchema("investor_meeting", now).safeParse(base))).toEqual(["location"]);
    expect(
      meetingFormSchema("investor_meeting", now).safeParse({
        ...base,
        meeting_url: "https://meet.example.com/x",
      }).success,
    ).toBe(true);
  });

  it("refuses a time in the past, an unknown zone and a link that is not http(s)", () => {
    const visit = meetingFormSchema("office_visit", now);
    expect(
      errors(visit.safeParse({ ...base, date: "2026-11-26", time: "11:00", location: "Vashi" })),
    ).toEqual(["date"]);
    // 11:45 in Kolkata is 06:15 UTC: still ahead of 06:00 UTC.
    expect(visit.safeParse({ ...base, date: "2026-11-26", time: "11:45", location: "Vashi" }).success).toBe(
      true,
    );
    expect(errors(visit.safeParse({ ...base, time_zone: "Mars/Olympus", location: "Vashi" }))).toEqual([
      "time_zone",
    ]);
    expect(
      errors(
        meetingFormSchema("online_meet", now).safeParse({ ...base, meeting_url: "javascript:alert(1)" }),
      ),
    ).toContain("meeting_url");
  });
});
