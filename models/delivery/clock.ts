// The delivery clock's rules and arithmetic (decision 0048). Pure: the pages,
// the jobs and the unit tests share one copy.

import { PAUSE_REASONS, type PROJECT_STATUSES, type TIMELINE_VALUES } from "../schema/values";

export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Why the clock stood still. The first two follow the status (the client's
 * move in the state machine); the last two are staff's "On hold" with a note.
 */
export { PAUSE_REASONS };
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** The reasons staff may put a running project on hold for. */
export const HOLD_REASONS = ["client_input", "resources_missing"] as const satisfies readonly PauseReason[];
export type HoldReason = (typeof HOLD_REASONS)[number];

export const PAUSE_LABELS: Record<PauseReason, string> = {
  awaiting_approval: "Awaiting the client's approval or feedback on the work",
  returned_to_draft: "Returned to the client for changes to the brief",
  client_input: "On hold: waiting for client input",
  resources_missing: "On hold: required resources missing",
};

/** The same reasons, said to the client. */
export const PAUSE_LABELS_FOR_CLIENT: Record<PauseReason, string> = {
  awaiting_approval: "Waiting for your approval or feedback on the work",
  returned_to_draft: "Waiting for your changes to the brief",
  client_input: "Waiting for your input",
  resources_missing: "Waiting for resources we need from you",
};

/**
 * What each status does to a started clock: the agency's turn runs it, the
 * client's turn pauses it, a delivered or cancelled project stops it.
 */
export type ClockPhase = "running" | "waiting" | "stopped";
export const CLOCK_PHASE: Record<ProjectStatus, ClockPhase> = {
  draft: "waiting",
  in_review: "waiting",
  in_progress: "running",
  revision_requested: "running",
  published: "stopped",
  completed: "stopped",
  cancelled: "stopped",
};

/** The pause a waiting status opens. */
export const STATUS_PAUSE_REASON: Partial<Record<ProjectStatus, PauseReason>> = {
  draft: "returned_to_draft",
  in_review: "awaiting_approval",
};

/**
 * The timeline slider's positions 0..3, in order, with the days each promises. Kept here
 * because the clock counts those days and delivery sits left of projects
 * (docs/decisions/0066-domain-order.md); models/projects/projects.ts re-exports it.
 */
export const TIMELINES = [
  { value: "1_week", label: "1 week", days: 7 },
  { value: "2_weeks", label: "2 weeks", days: 14 },
  { value: "1_month", label: "1 month", days: 30 },
  { value: "flexible", label: "Flexible", days: null },
] as const satisfies readonly {
  value: (typeof TIMELINE_VALUES)[number];
  label: string;
  days: number | null;
}[];

/** The clock starts the first time the agency starts work. */
export const CLOCK_START_STATUS: ProjectStatus = "in_progress";

/** Days promised by the timeline; a flexible timeline promises no date. */
export function promisedDaysFor(timeline: string): number | null {
  return TIMELINES.find((t) => t.value === timeline)?.days ?? null;
}

/** Reminders while a pause lasts: after 2 days, then after 5. */
export const REMINDER_DAYS = [2, 5] as const;

/** A project counts as at risk when 48 hours or less are left on its clock. */
export const AT_RISK_MS = 48 * HOUR_MS;

export type ClockState = {
  startedAt: Date;
  promisedDays: number | null;
  /** The promised date plus every pause that has ended; null for a flexible timeline. */
  dueAt: Date | null;
  pausedSince: Date | null;
  stoppedAt: Date | null;
};

export type PauseEntry = {
  reason: PauseReason;
  note: string;
  startedAt: Date;
  endedAt: Date | null;
};

/** A new clock for a project the agency starts now. */
export function startClock(now: Date, timeline: string): ClockState {
  const promisedDays = promisedDaysFor(timeline);
  return {
    startedAt: now,
    promisedDays,
    dueAt: promisedDays === null ? null : new Date(now.getTime() + promisedDays * DAY_MS),
    pausedSince: null,
    stoppedAt: null,
  };
}

/** The clock after its open pause ends at `now`: the due date moves by the paused time. */
export function resumeClock(clock: ClockState, now: Date): ClockState {
  if (!clock.pausedSince) return clock;
  const paused = Math.max(0, now.getTime() - clock.pausedSince.getTime());
  return {
    ...clock,
    dueAt: clock.dueAt ? new Date(clock.dueAt.getTime() + paused) : null,
    pausedSince: null,
  };
}

export function pauseClock(clock: ClockState, now: Date): ClockState {
  return clock.pausedSince ? clock : { ...clock, pausedSince: now };
}

export function stopClock(clock: ClockState, now: Date): ClockState {
  return { ...resumeClock(clock, now), stoppedAt: clock.stoppedAt ?? now };
}

/** The due date as of `now`: while paused it moves on with the pause. */
export function dueAt(clock: ClockState, now: Date): Date | null {
  if (!clock.dueAt) return null;
  const frozen = clock.pausedSince ? Math.max(0, now.getTime() - clock.pausedSince.getTime()) : 0;
  return new Date(clock.dueAt.getTime() + frozen);
}

/** Time left on the clock (negative when late); it does not move while paused. */
export function timeLeftMs(clock: ClockState, now: Date): number | null {
  if (!clock.dueAt) return null;
  const at = clock.stoppedAt ?? clock.pausedSince ?? now;
  return clock.dueAt.getTime() - at.getTime();
}

const pauseLengthMs = (pause: PauseEntry, now: Date) =>
  Math.max(0, (pause.endedAt ?? now).getTime() - pause.startedAt.getTime());

export const totalPausedMs = (pauses: PauseEntry[], now: Date) =>
  pauses.reduce((sum, pause) => sum + pauseLengthMs(pause, now), 0);

export type ClockSummary = {
  state: "running" | "paused" | "stopped";
  due: Date | null;
  flexible: boolean;
  late: boolean;
  atRisk: boolean;
  /** The open pause, if any. */
  pause: PauseEntry | null;
  pausedMs: number;
  currentPauseMs: number;
  stoppedAt: Date | null;
};

export function summariseClock(clock: ClockState, pauses: PauseEntry[], now: Date): ClockSummary {
  const left = timeLeftMs(clock, now);
  const open = clock.stoppedAt ? null : (pauses.find((p) => !p.endedAt) ?? null);
  const stopped = Boolean(clock.stoppedAt);
  return {
    state: stopped ? "stopped" : clock.pausedSince ? "paused" : "running",
    due: dueAt(clock, now),
    flexible: clock.dueAt === null,
    late: left !== null && left < 0,
    atRisk: !stopped && left !== null && left <= AT_RISK_MS,
    pause: open,
    pausedMs: totalPausedMs(pauses, now),
    currentPauseMs: open ? pauseLengthMs(open, now) : 0,
    stoppedAt: clock.stoppedAt,
  };
}

/** "less than a day", "1 day", "3 days": whole days, rounded down. */
export function daysPhrase(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  if (days < 1) return "less than a day";
  return days === 1 ? "1 day" : `${days} days`;
}

// Made on first use, so that a page importing this module for a label pays nothing for them.
let formats:
  | { dayMonth: Intl.DateTimeFormat; dayMonthYear: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }
  | undefined;
const dateFormats = () =>
  (formats ??= {
    dateTime: new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: "UTC",
    }),
    dayMonth: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }),
    dayMonthYear: new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }),
  });

/** "12 Dec" within the current year, "12 Dec 2027" otherwise (UTC, as every date on the site). */
export function shortDate(date: Date, now: Date): string {
  const { dayMonth, dayMonthYear } = dateFormats();
  return date.getUTCFullYear() === now.getUTCFullYear() ? dayMonth.format(date) : dayMonthYear.format(date);
}

/** When a pause ran and how long: "26 Nov 2026, 07:00 UTC → until you reply · 3 days". */
export function pauseWhen(pause: PauseEntry, now: Date, audience: "client" | "staff"): string {
  const { dateTime } = dateFormats();
  const end = pause.endedAt
    ? `${dateTime.format(pause.endedAt)} UTC`
    : audience === "client"
      ? "until you reply"
      : "still paused";
  return `${dateTime.format(pause.startedAt)} UTC → ${end} · ${daysPhrase(pauseLengthMs(pause, now))}`;
}

/** What the promise is: "14 days from 1 Dec, plus the time spent waiting on you." */
export function promiseLine(clock: ClockState, now: Date, audience: "client" | "staff"): string {
  const who = audience === "client" ? "you" : "the client";
  return clock.promisedDays
    ? `${clock.promisedDays} days from ${shortDate(clock.startedAt, now)}, plus the time spent waiting on ${who}.`
    : `Flexible timeline: no fixed date. Work started ${shortDate(clock.startedAt, now)}.`;
}

/**
 * The clock in one line. For the client: "Due 12 Dec · paused 3 days waiting
 * on you"; for staff: "… waiting on the client".
 */
export function clockHeadline(
  summary: ClockSummary,
  now: Date,
  audience: "client" | "staff",
  status?: ProjectStatus,
): string {
  const who = audience === "client" ? "you" : "the client";
  if (summary.state === "stopped") {
    if (status === "cancelled" || !summary.stoppedAt) return "Clock stopped: the project was cancelled";
    const late = summary.due ? summary.stoppedAt.getTime() - summary.due.getTime() : 0;
    const lateness =
      late > 0
        ? ` · ${daysPhrase(late).replace("less than a day", "under a day")} after the promised date`
        : " · on time";
    return `Delivered ${shortDate(summary.stoppedAt, now)}${summary.due ? lateness : ""}`;
  }
  const due = summary.due ? `Due ${shortDate(summary.due, now)}` : "No fixed date (flexible timeline)";
  if (summary.state === "paused")
    return `${due} · paused ${daysPhrase(summary.currentPauseMs)} waiting on ${who}`;
  if (summary.late) return `${due} · late`;
  return due;
}

export type ReminderSlot = "first" | "second";

/**
 * The reminder a pause is due for at `now`, or null. When both are due (the
 * jobs did not run for days) only the later one is sent, and it counts for both.
 */
export function reminderDue(
  pause: {
    startedAt: Date;
    endedAt: Date | null;
    firstReminderAt: Date | null;
    secondReminderAt: Date | null;
  },
  now: Date,
): ReminderSlot | null {
  if (pause.endedAt) return null;
  const waited = now.getTime() - pause.startedAt.getTime();
  if (waited >= REMINDER_DAYS[1] * DAY_MS && !pause.secondReminderAt) return "second";
  if (waited >= REMINDER_DAYS[0] * DAY_MS && !pause.firstReminderAt && !pause.secondReminderAt)
    return "first";
  return null;
}
