import { z } from "zod";

// Confirmed meetings: what staff fill in to confirm, reschedule or cancel one,
// the time zone arithmetic and the words. Pure: the staff page validates with
// the same schema in the browser and on the server (docs/decisions/0050).

/** The agency's time zone, the form's default. */
export const AGENCY_TIME_ZONE = "Asia/Kolkata";

/** What a meeting can be confirmed from: the inbox's two forms and the /profile request. */
export const MEETING_SOURCES = {
  office_visit: { label: "Office visit", place: "location" },
  investor_meeting: { label: "Investor or partner meeting", place: "either" },
  online_meet: { label: "Online meeting", place: "link" },
} as const;
export type MeetingSource = keyof typeof MEETING_SOURCES;

export const isMeetingSource = (value: unknown): value is MeetingSource =>
  typeof value === "string" && Object.hasOwn(MEETING_SOURCES, value);

export const DURATIONS = [15, 30, 45, 60, 90, 120] as const;

/** The zones the form offers (any valid IANA zone is accepted from a crafted post too). */
export const TIME_ZONES = [
  "Asia/Kolkata",
  "UTC",
  "Asia/Dubai",
  "Asia/Singapore",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "Australia/Sydney",
] as const;

export const MEETING_MESSAGES = {
  dateRequired: "Please choose a date.",
  timeRequired: "Please choose a time.",
  durationRequired: "Please choose how long it takes.",
  timeZoneInvalid: "Please choose a time zone.",
  inThePast: "Please choose a time in the future.",
  locationRequired: "Please give the address of the meeting.",
  linkRequired: "Please give the meeting link.",
  placeRequired: "Please give an address or a meeting link.",
  linkInvalid: "Please give a link starting with https:// or http://.",
  tooLong: "Please keep this under 300 characters.",
  noteTooLong: "Please keep the note under 1,000 characters.",
  /** Above staff's note on the client's Meetings page. */
  noteHeading: "A note from us",
  confirmed: (to: string) => `Meeting confirmed. The invite is on its way to ${to}.`,
  rescheduled: (to: string) => `Meeting moved. The updated invite is on its way to ${to}.`,
  updated: (to: string) =>
    `Meeting details changed; the time is the same. The updated invite is on its way to ${to}.`,
  cancelled: (to: string) => `Meeting cancelled. ${to} has been sent the cancellation.`,
  alreadyConfirmed: "This request already has a confirmed meeting: reschedule or cancel it instead.",
  notConfirmed: "There is no confirmed meeting to change: someone may have cancelled it.",
  emptyAgenda: "No meetings confirmed yet.",
  emptyClient: "No meetings yet. When we confirm a visit or a call with you, it shows up here.",
} as const;

const M = MEETING_MESSAGES;

/** Whether the runtime knows an IANA time zone name. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Whether "YYYY-MM-DD" names a real day (not 31 February), in a year a calendar takes. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2100 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Minutes `zone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock date and time in `zone` names ("2026-12-03",
 * "10:00", "Asia/Kolkata" → 04:30 UTC). A time skipped by a daylight-saving
 * change moves forward by the gap; a repeated one takes the first.
 */
export function zonedTimeToUtc(date: string, time: string, zone: string): Date {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMinutes(wall, zone) * 60_000;
  const second = wall - offsetMinutes(first, zone) * 60_000;
  const shows = (instant: number) => instant + offsetMinutes(instant, zone) * 60_000 === wall;
  const valid = [first, second].filter(shows);
  // In a gap neither candidate shows the time asked for: the later one is the time moved forward.
  return new Date(valid.length ? Math.min(...valid) : Math.max(first, second));
}

/** The date and time an instant shows in `zone`, as the form's fields take them. */
export function utcToZonedFields(instant: Date, zone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + offsetMinutes(instant.getTime(), zone) * 60_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** "Thursday 3 December 2026, 10:00 (Asia/Kolkata)": how emails and pages say when. */
export function formatMeetingTime(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} (${zone})`;
}

/** A text field that may be left empty (conform sends an empty field as missing). */
const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, { error: message }).default("");

/** The fields of the confirm / reschedule form, without the rules that depend on the request. */
export const MeetingFieldsSchema = z.object({
  date: z
    .string({ error: M.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dateRequired })
    .refine(isCalendarDate, { error: M.dateRequired }),
  time: z.string({ error: M.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.timeRequired }),
  duration: z.coerce
    .number({ error: M.durationRequired })
    .int({ error: M.durationRequired })
    .min(5, { error: M.durationRequired })
    .max(480, { error: M.durationRequired }),
  time_zone: z.string({ error: M.timeZoneInvalid }).refine(isTimeZone, { error: M.timeZoneInvalid }),
  location: optionalText(300, M.tooLong),
  meeting_url: z
    .string()
    .trim()
    .max(300, { error: M.tooLong })
    .regex(/^https?:\/\/\S+$/i, { error: M.linkInvalid })
    .default(""),
  note: optionalText(1000, M.noteTooLong),
});

export type MeetingFields = z.output<typeof MeetingFieldsSchema>;

/** The form's schema for a request of `source`: a future time, and the place or link the kind needs. */
export function meetingFormSchema(source: MeetingSource, now: () => Date = () => new Date()) {
  const place = MEETING_SOURCES[source].place;
  return MeetingFieldsSchema.superRefine((value, ctx) => {
    if (isTimeZone(value.time_zone) && isCalendarDate(value.date)) {
      const at = zonedTimeToUtc(value.date, value.time, value.time_zone);
      if (Number.isNaN(at.getTime()) || at.getTime() <= now().getTime())
        ctx.addIssue({ code: "custom", path: ["date"], message: M.inThePast });
    }
    if (place === "location" && !value.location)
      ctx.addIssue({ code: "custom", path: ["location"], message: M.locationRequired });
    if (place === "link" && !value.meeting_url)
      ctx.addIssue({ code: "custom", path: ["meeting_url"], message: M.linkRequired });
    if (place === "either" && !value.location && !value.meeting_url)
      ctx.addIssue({ code: "custom", path: ["location"], message: M.placeRequired });
  });
}

/** The cancel form: an optional note to the client. */
export const CancelMeetingSchema = z.object({ note: optionalText(1000, M.noteTooLong) });

/** The instant and length a valid form names. */
export const meetingWhen = (fields: MeetingFields) => ({
  startsAt: zonedTimeToUtc(fields.date, fields.time, fields.time_zone),
  durationMinutes: fields.duration,
});
