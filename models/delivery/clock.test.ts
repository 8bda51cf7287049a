import { describe, expect, it } from "vitest";
import {
  AT_RISK_MS,
  clockHeadline,
  DAY_MS,
  daysPhrase,
  dueAt,
  HOUR_MS,
  pauseClock,
  pauseWhen,
  promiseLine,
  promisedDaysFor,
  reminderDue,
  resumeClock,
  shortDate,
  startClock,
  stopClock,
  summariseClock,
  timeLeftMs,
  totalPausedMs,
  type PauseEntry,
} from "./clock";

const at = (iso: string) => new Date(iso);
const start = at("2026-12-01T10:00:00Z");
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe("promised date", () => {
  it("comes from the timeline's days; a flexible timeline promises none", () => {
    expect(promisedDaysFor("1_week")).toBe(7);
    expect(promisedDaysFor("2_weeks")).toBe(14);
    expect(promisedDaysFor("1_month")).toBe(30);
    expect(promisedDaysFor("flexible")).toBeNull();
    expect(startClock(start, "2_weeks").dueAt).toEqual(at("2026-12-15T10:00:00Z"));
    expect(startClock(start, "flexible").dueAt).toBeNull();
  });
});

describe("pauses move the due date by their length", () => {
  it("while paused the due date moves on with the pause, and stays moved after it ends", () => {
    const running = startClock(start, "1_week");
    const paused = pauseClock(running, plus(start, 2 * DAY_MS));
    expect(dueAt(paused, plus(start, 2 * DAY_MS))).toEqual(at("2026-12-08T10:00:00Z"));
    expect(dueAt(paused, plus(start, 5 * DAY_MS))).toEqual(at("2026-12-11T10:00:00Z"));
    const resumed = resumeClock(paused, plus(start, 5 * DAY_MS));
    expect(resumed.pausedSince).toBeNull();
    expect(resumed.dueAt).toEqual(at("2026-12-11T10:00:00Z"));
    expect(dueAt(resumed, plus(start, 9 * DAY_MS))).toEqual(at("2026-12-11T10:00:00Z"));
  });

  it("two pauses add up; pausing twice keeps the first start", () => {
    let clock = startClock(start, "1_week");
    clock = pauseClock(clock, plus(start, DAY_MS));
    clock = pauseClock(clock, plus(start, 2 * DAY_MS));
    clock = resumeClock(clock, plus(start, 3 * DAY_MS));
    clock = pauseClock(clock, plus(start, 4 * DAY_MS));
    clock = resumeClock(clock, plus(start, 4 * DAY_MS + 12 * HOUR_MS));
    expect(clock.dueAt).toEqual(plus(start, 7 * DAY_MS + 2 * DAY_MS + 12 * HOUR_MS));
  });

  it("time left does not move while paused, and a stop freezes it", () => {
    const clock = pauseClock(startClock(start, "1_week"), plus(start, 6 * DAY_MS));
    expect(timeLeftMs(clock, plus(start, 6 * DAY_MS))).toBe(DAY_MS);
    expect(timeLeftMs(clock, plus(start, 20 * DAY_MS))).toBe(DAY_MS);
    const stopped = stopClock(clock, plus(start, 8 * DAY_MS));
    expect(stopped.dueAt).toEqual(plus(start, 9 * DAY_MS));
    expect(timeLeftMs(stopped, plus(start, 30 * DAY_MS))).toBe(DAY_MS);
  });

  it("adds up the paused time, the open pause up to now", () => {
    const pauses: PauseEntry[] = [
      { reason: "client_input", note: "", startedAt: start, endedAt: plus(start, DAY_MS) },
      { reason: "awaiting_approval", note: "", startedAt: plus(start, 3 * DAY_MS), endedAt: null },
    ];
    expect(totalPausedMs(pauses, plus(start, 5 * DAY_MS))).toBe(3 * DAY_MS);
  });
});

describe("summary and headline", () => {
  it("says how long it has been paused, waiting on the client", () => {
    const clock = pauseClock(startClock(start, "1_week"), plus(start, 2 * DAY_MS));
    const pauses: PauseEntry[] = [
      { reason: "client_input", note: "Logo files", startedAt: plus(start, 2 * DAY_MS), endedAt: null },
    ];
    const now = plus(start, 5 * DAY_MS + HOUR_MS);
    const summary = summariseClock(clock, pauses, now);
    expect(summary.state).toBe("paused");
    expect(clockHeadline(summary, now, "client")).toBe("Due 11 Dec · paused 3 days waiting on you");
    expect(clockHeadline(summary, now, "staff")).toBe("Due 11 Dec · paused 3 days waiting on the client");
  });

  it("marks at risk within 48 hours and late past the date; a flexible clock is never at risk", () => {
    const clock = startClock(start, "1_week");
    const due = clock.dueAt!;
    expect(summariseClock(clock, [], plus(due, -AT_RISK_MS - 1)).atRisk).toBe(false);
    expect(summariseClock(clock, [], plus(due, -AT_RISK_MS)).atRisk).toBe(true);
    const late = summariseClock(clock, [], plus(due, HOUR_MS));
    expect(late).toMatchObject({ atRisk: true, late: true });
    expect(clockHeadline(late, plus(due, HOUR_MS), "client")).toBe("Due 8 Dec · late");
    const flexible = summariseClock(startClock(start, "flexible"), [], plus(start, 400 * DAY_MS));
    expect(flexible).toMatchObject({ atRisk: false, late: false, flexible: true });
    expect(clockHeadline(flexible, start, "client")).toBe("No fixed date (flexible timeline)");
  });

  it("a stopped clock says whether it met its date", () => {
    const clock = stopClock(startClock(start, "1_week"), plus(start, 6 * DAY_MS));
    const summary = summariseClock(clock, [], plus(start, 30 * DAY_MS));
    expect(summary).toMatchObject({ state: "stopped", atRisk: false });
    expect(clockHeadline(summary, start, "client", "completed")).toBe("Delivered 7 Dec · on time");
    const late = summariseClock(stopClock(startClock(start, "1_week"), plus(start, 10 * DAY_MS)), [], start);
    expect(clockHeadline(late, start, "client", "published")).toBe(
      "Delivered 11 Dec · 3 days after the promised date",
    );
    expect(clockHeadline(summary, start, "client", "cancelled")).toBe(
      "Clock stopped: the project was cancelled",
    );
  });

  it("words days and dates", () => {
    expect(daysPhrase(DAY_MS - 1)).toBe("less than a day");
    expect(daysPhrase(DAY_MS)).toBe("1 day");
    expect(daysPhrase(3.9 * DAY_MS)).toBe("3 days");
    expect(shortDate(at("2026-12-12T00:00:00Z"), start)).toBe("12 Dec");
    expect(shortDate(at("2027-01-03T00:00:00Z"), start)).toBe("3 Jan 2027");
  });
});

describe("reminders", () => {
  const pause = { startedAt: start, endedAt: null, firstReminderAt: null, secondReminderAt: null };
  it("the first after 2 days, the second after 5, each once, none after the pause ended", () => {
    expect(reminderDue(pause, plus(start, 2 * DAY_MS - 1))).toBeNull();
    expect(reminderDue(pause, plus(start, 2 * DAY_MS))).toBe("first");
    const first = { ...pause, firstReminderAt: plus(start, 2 * DAY_MS) };
    expect(reminderDue(first, plus(start, 4 * DAY_MS))).toBeNull();
    expect(reminderDue(first, plus(start, 5 * DAY_MS))).toBe("second");
    expect(
      reminderDue({ ...first, secondReminderAt: plus(start, 5 * DAY_MS) }, plus(start, 9 * DAY_MS)),
    ).toBeNull();
    expect(reminderDue({ ...pause, endedAt: plus(start, DAY_MS) }, plus(start, 9 * DAY_MS))).toBeNull();
  });
  it("when both are due at once, only the second goes out", () => {
    expect(reminderDue(pause, plus(start, 6 * DAY_MS))).toBe("second");
  });
});

describe("worded lines", () => {
  it("says when a pause ran and what was promised", () => {
    const pause: PauseEntry = {
      reason: "client_input",
      note: "",
      startedAt: at("2026-12-02T09:05:00Z"),
      endedAt: at("2026-12-05T10:00:00Z"),
    };
    expect(pauseWhen(pause, start, "client")).toBe("2 Dec 2026, 09:05 UTC → 5 Dec 2026, 10:00 UTC · 3 days");
    expect(pauseWhen({ ...pause, endedAt: null }, at("2026-12-03T10:00:00Z"), "client")).toBe(
      "2 Dec 2026, 09:05 UTC → until you reply · 1 day",
    );
    expect(pauseWhen({ ...pause, endedAt: null }, start, "staff")).toContain("→ still paused");
    expect(promiseLine(startClock(start, "2_weeks"), start, "client")).toBe(
      "14 days from 1 Dec, plus the time spent waiting on you.",
    );
    expect(promiseLine(startClock(start, "flexible"), start, "staff")).toBe(
      "Flexible timeline: no fixed date. Work started 1 Dec.",
    );
  });
});
