import { createEvent, type EventAttributes } from "ics";
import { formatMeetingTime, MEETING_MESSAGES } from "./meetings";

// The iCalendar (RFC 5545) text of a meeting's invite, written with the `ics`
// library: METHOD:REQUEST for an invite or an update (same UID, higher
// SEQUENCE), METHOD:CANCEL with STATUS:CANCELLED to take it off the
// calendar. Times are written in UTC (…Z), which every calendar shows in its
// own zone; the zone staff chose is named in the description.

export type InviteMeeting = {
  uid: string;
  sequence: number;
  status: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  location: string;
  meetingUrl: string;
  /** Staff's note to the client (reception, parking); "" for none. */
  note: string;
  attendeeName: string;
  attendeeEmail: string;
  updatedAt: Date;
};

export type Organizer = { name: string; email: string };

export const INVITE_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** Whether the invite takes the event off calendars. */
export const inviteMethod = (meeting: Pick<InviteMeeting, "status">) =>
  meeting.status === "cancelled" ? ("CANCEL" as const) : ("REQUEST" as const);

/**
 * A name as an iCalendar parameter value (CN=, RFC 5545 §3.1). `ics` quotes
 * every parameter value, which keeps `;`, `:` and `,` inside it, but a quoted
 * value cannot hold a double quote and the format has no escape: `ics` writes
 * `\"`, which ends the quote early, so a requester named
 * `Bob":MAILTO:attacker@evil.example;X="` became the invite's address. A double
 * quote becomes a single one; `;`, `:` and control characters (line breaks too)
 * a space, so that no client splitting a line at its first `:` or `;` (not
 * every one honours quotes) reads a name as another property or address.
 */
function calendarParamText(value: string): string {
  return value
    .replaceAll('"', "'")
    .replace(/[;:\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Free text for a TEXT value (DESCRIPTION). `ics` escapes backslashes, commas,
 * semicolons and line breaks (RFC 5545 §3.3.11) but only a line break it
 * knows (`\n`, `\r\n`): a lone CR or another control character would pass
 * through raw, and some clients take a CR for the end of the line. Every line
 * break becomes `\n` first and other control characters a space.
 */
const calendarText = (value: string) => value.replace(/\r\n?/g, "\n").replace(/(?!\n)\p{Cc}/gu, " ");

/** A UTC instant as the `ics` library's date array. */
const utcParts = (at: Date): [number, number, number, number, number] => [
  at.getUTCFullYear(),
  at.getUTCMonth() + 1,
  at.getUTCDate(),
  at.getUTCHours(),
  at.getUTCMinutes(),
];

/** The .ics file of a meeting as it stands now (an invite, an update or a cancellation). */
export function buildInvite(meeting: InviteMeeting, organizer: Organizer): string {
  const method = inviteMethod(meeting);
  const when = formatMeetingTime(meeting.startsAt, meeting.timeZone);
  const description = [
    `${meeting.title}, ${when}, ${meeting.durationMinutes} minutes.`,
    meeting.location ? `Where: ${meeting.location}` : "",
    meeting.meetingUrl ? `Join: ${meeting.meetingUrl}` : "",
    meeting.note ? `\n${MEETING_MESSAGES.noteHeading}:\n${calendarText(meeting.note)}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const event: EventAttributes = {
    productId: "-//Ascendra//Meetings//EN",
    method,
    uid: meeting.uid,
    sequence: meeting.sequence,
    status: method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    title: meeting.title,
    description,
    start: utcParts(meeting.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: meeting.durationMinutes },
    location: meeting.location || meeting.meetingUrl || undefined,
    url: meeting.meetingUrl || undefined,
    organizer: { name: calendarParamText(organizer.name), email: organizer.email },
    attendees: [
      {
        name: calendarParamText(meeting.attendeeName),
        email: meeting.attendeeEmail,
        rsvp: method === "REQUEST",
        partstat: "NEEDS-ACTION",
        role: "REQ-PARTICIPANT",
      },
    ],
  };
  // DTSTAMP is the time of the change, so the download matches the email; `ics` takes it at run time but its types omit it.
  const { error, value } = createEvent({
    ...event,
    timestamp: meeting.updatedAt.getTime(),
  } as EventAttributes);
  if (error || !value) throw error ?? new Error("The invite could not be written.");
  return value;
}

/** The file name an invite is sent and downloaded as. */
export const inviteFilename = (meeting: Pick<InviteMeeting, "status">) =>
  meeting.status === "cancelled" ? "cancelled-meeting.ics" : "meeting.ics";
