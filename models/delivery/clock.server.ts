import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifyOrganisation } from "../platform/organisation-recipients.server";
import { recordAudit } from "../platform/audit.server";
import { db, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { deliveryClocks, deliveryPauses, projects } from "../schema";
import {
  AT_RISK_MS,
  CLOCK_PHASE,
  CLOCK_START_STATUS,
  clockHeadline,
  HOLD_REASONS,
  PAUSE_LABELS,
  PAUSE_LABELS_FOR_CLIENT,
  pauseClock,
  pauseWhen,
  promiseLine,
  resumeClock,
  startClock,
  DAY_MS,
  STATUS_PAUSE_REASON,
  stopClock,
  summariseClock,
  type ClockState,
  type ClockSummary,
  type HoldReason,
  type PauseEntry,
  type PauseReason,
  type ProjectStatus,
} from "./clock";
import { queueClientEmail } from "./email.server";
import { sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { holdOutcome, type HoldOutcome } from "./holds";

// The delivery clock in the database (decision 0048). Status changes reach it
// through recordClockChange, inside transitionProject's transaction; staff's
// holds through holdProject / resumeProject, under the same row lock.

type ClockRow = typeof deliveryClocks.$inferSelect;
type PauseRow = typeof deliveryPauses.$inferSelect;

const stateOf = (row: ClockRow): ClockState => ({
  startedAt: row.startedAt,
  promisedDays: row.promisedDays,
  dueAt: row.dueAt,
  pausedSince: row.pausedSince,
  stoppedAt: row.stoppedAt,
});

const entryOf = (row: PauseRow): PauseEntry => ({
  reason: row.reason as PauseReason,
  note: row.note,
  startedAt: row.startedAt,
  endedAt: row.endedAt,
});

async function saveClock(tx: Transaction, projectId: string, clock: ClockState) {
  await tx
    .update(deliveryClocks)
    .set({
      dueAt: clock.dueAt,
      pausedSince: clock.pausedSince,
      stoppedAt: clock.stoppedAt,
      updatedAt: new Date(),
    })
    .where(eq(deliveryClocks.projectId, projectId));
}

async function closeOpenPause(tx: Transaction, projectId: string, now: Date) {
  await tx
    .update(deliveryPauses)
    .set({ endedAt: now })
    .where(and(eq(deliveryPauses.projectId, projectId), isNull(deliveryPauses.endedAt)));
}

/**
 * The clock's part of a status change, called by transitionProject inside its
 * transaction (the project row is locked). Entering in_progress the first time
 * starts the clock; after that every change ends the open pause (the due date
 * moves by its length), a status where it is the client's move opens a new
 * one, and a delivered or cancelled project stops the clock.
 */
export async function recordClockChange(
  tx: Transaction,
  project: { id: string; timeline: string },
  to: ProjectStatus,
  actorId: string | null,
  now = new Date(),
): Promise<void> {
  const [row] = await tx
    .select()
    .from(deliveryClocks)
    .where(eq(deliveryClocks.projectId, project.id))
    .limit(1);
  if (!row) {
    if (to !== CLOCK_START_STATUS) return;
    const clock = startClock(now, project.timeline);
    await tx.insert(deliveryClocks).values({ projectId: project.id, ...clock });
    return;
  }
  let clock = stateOf(row);
  if (clock.stoppedAt) return;
  if (clock.pausedSince) {
    await closeOpenPause(tx, project.id, now);
    clock = resumeClock(clock, now);
  }
  const phase = CLOCK_PHASE[to];
  const reason = STATUS_PAUSE_REASON[to];
  if (phase === "waiting" && reason) {
    await tx
      .insert(deliveryPauses)
      .values({ projectId: project.id, reason, startedBy: actorId, startedAt: now });
    clock = pauseClock(clock, now);
  } else if (phase === "stopped") {
    clock = stopClock(clock, now);
  }
  await saveClock(tx, project.id, clock);
}

/**
 * A clock that starts now with a promised number of days rather than a timeline's: a project opened from a
 * signed proposal whose deposit is paid (decision 0084). Inside the caller's transaction; once per project.
 */
export async function startClockForDays(
  tx: Transaction,
  projectId: string,
  promisedDays: number,
  now = new Date(),
): Promise<void> {
  await tx
    .insert(deliveryClocks)
    .values({
      projectId,
      startedAt: now,
      promisedDays,
      dueAt: new Date(now.getTime() + promisedDays * DAY_MS),
      pausedSince: null,
      stoppedAt: null,
    })
    .onConflictDoNothing();
}

/** A project's clock as a page shows it: every line already worded, so the page's script only lays it out. */
export type DeliveryView = {
  headline: string;
  state: ClockSummary["state"];
  promised: string;
  /** The open pause's note, introduced ("Your project manager wrote: “…”"), or "". */
  note: string;
  /** Newest first. */
  pauses: Array<{ key: string; label: string; note: string; when: string }>;
  /** Staff may put it on hold (the clock runs) or end their hold (one is open). */
  canHold: boolean;
  canResume: boolean;
};

/** Reads the clocks and pause histories of some projects in one statement. */
async function readClocks(projectIds: string[]) {
  const byProject = new Map<string, { clock: ClockRow; status: ProjectStatus; pauses: PauseRow[] }>();
  if (!projectIds.length) return byProject;
  const rows = await db()
    .select({ clock: deliveryClocks, status: projects.status, pause: deliveryPauses })
    .from(deliveryClocks)
    .innerJoin(projects, eq(projects.id, deliveryClocks.projectId))
    .leftJoin(deliveryPauses, eq(deliveryPauses.projectId, deliveryClocks.projectId))
    .where(inArray(deliveryClocks.projectId, projectIds))
    .orderBy(asc(deliveryPauses.startedAt), asc(deliveryPauses.id));
  for (const { clock, status, pause } of rows) {
    const entry = byProject.get(clock.projectId) ?? { clock, status: status as ProjectStatus, pauses: [] };
    if (pause) entry.pauses.push(pause);
    byProject.set(clock.projectId, entry);
  }
  return byProject;
}

function viewOf(
  { clock, status, pauses }: { clock: ClockRow; status: ProjectStatus; pauses: PauseRow[] },
  audience: "client" | "staff",
  now: Date,
): DeliveryView {
  const entries = pauses.map(entryOf);
  const state = stateOf(clock);
  const summary = summariseClock(state, entries, now);
  const labels = audience === "client" ? PAUSE_LABELS_FOR_CLIENT : PAUSE_LABELS;
  return {
    headline: clockHeadline(summary, now, audience, status),
    state: summary.state,
    promised: promiseLine(state, now, audience),
    note: summary.pause?.note
      ? `${audience === "client" ? "Your project manager wrote:" : "Note:"} “${summary.pause.note}”`
      : "",
    pauses: entries
      .map((pause) => ({
        key: pause.startedAt.toISOString(),
        label: labels[pause.reason],
        note: pause.note,
        when: pauseWhen(pause, now, audience),
      }))
      .reverse(),
    canHold: summary.state === "running",
    canResume: Boolean(summary.pause && (HOLD_REASONS as readonly string[]).includes(summary.pause.reason)),
  };
}

/** The clock of each of these projects that has one (newest pause first), as the pages show it. */
export async function deliveryViewsFor(
  projectIds: string[],
  audience: "client" | "staff",
  now = new Date(),
): Promise<Record<string, DeliveryView>> {
  const clocks = await readClocks(projectIds.filter((id) => isUuid(id)));
  const views: Record<string, DeliveryView> = {};
  for (const [id, read] of clocks) views[id] = viewOf(read, audience, now);
  return views;
}

/** The back-office project page's clock: the view, the hold form's reasons and the answer to its last post (?clock=). */
export async function staffDeliveryPanel(projectId: string, outcomeCode: string | null, now = new Date()) {
  return {
    view: await deliveryViewFor(projectId, "staff", now),
    outcome: holdOutcome(outcomeCode),
    reasons: HOLD_REASONS.map((value) => ({ value, label: PAUSE_LABELS[value] })),
  };
}
export type StaffDeliveryPanelData = Awaited<ReturnType<typeof staffDeliveryPanel>>;

/** One project's clock, or null when the agency has not started it. */
export async function deliveryViewFor(
  projectId: string,
  audience: "client" | "staff",
  now = new Date(),
): Promise<DeliveryView | null> {
  return (await deliveryViewsFor([projectId], audience, now))[projectId] ?? null;
}

export type HoldResult =
  { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "conflict"; outcome: HoldOutcome };

class HoldConflict extends Error {
  constructor(readonly outcome: HoldOutcome) {
    super(outcome);
  }
}

async function lockProject(tx: Transaction, projectId: string) {
  const [project] = await tx
    .select({ id: projects.id, userId: projects.userId, title: projects.title, status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) return null;
  const [clock] = await tx
    .select()
    .from(deliveryClocks)
    .where(eq(deliveryClocks.projectId, projectId))
    .limit(1);
  return { project, clock };
}

/**
 * Staff put a running project on hold: a pause with its reason and note, an
 * in-app notification and an email for the client, an audit entry. Only while
 * the agency works on it (the clock running, not already paused).
 */
export async function holdProject(
  projectId: string | undefined,
  staff: { id: string; ip?: string },
  input: { reason: HoldReason; note: string; waitingDays?: number },
  options: { siteUrl?: string; now?: Date } = {},
): Promise<HoldResult> {
  if (!isUuid(projectId)) return { ok: false, reason: "not_found" };
  const now = options.now ?? new Date();
  const note = input.note.trim();
  let project: { id: string; userId: string; title: string } | undefined;
  let email: QueuedEmail[] | null = null;
  try {
    await db().transaction(async (tx) => {
      const locked = await lockProject(tx, projectId);
      if (!locked) return;
      project = locked.project;
      if (locked.project.userId === staff.id) throw new HoldConflict("own-project");
      const status = locked.project.status as ProjectStatus;
      if (
        !locked.clock ||
        locked.clock.stoppedAt ||
        locked.clock.pausedSince ||
        CLOCK_PHASE[status] !== "running"
      )
        throw new HoldConflict("not-running");
      // A wait that began before today (staff recording it late): the pause, its history line and
      // its reminders count from then; the due date moves only by the time the clock was running
      // since then (never before its last start or resume, the clock row's last change).
      const since = new Date(now.getTime() - (input.waitingDays ?? 0) * DAY_MS);
      const clockSince = new Date(
        Math.max(since.getTime(), locked.clock.updatedAt.getTime(), locked.clock.startedAt.getTime()),
      );
      await tx
        .insert(deliveryPauses)
        .values({ projectId, reason: input.reason, note, startedBy: staff.id, startedAt: since });
      await saveClock(tx, projectId, pauseClock(stateOf(locked.clock), clockSince));
      await tx.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId));
      await notifyOrganisation(
        locked.project.userId,
        "status",
        {
          type: "warning",
          title: "Your project is waiting on you",
          message:
            `“${locked.project.title}”: ${PAUSE_LABELS_FOR_CLIENT[input.reason]}.${note ? ` ${note.slice(0, 200)}` : ""}` +
            " Its delivery clock is paused until then.",
          link: `/project/${projectId}`,
        },
        tx,
      );
      await recordAudit(
        {
          actor: { id: staff.id, role: "staff", ip: staff.ip },
          action: "project.hold",
          target: { type: "project", id: projectId, label: locked.project.title },
          after: { reason: input.reason, note },
          reason: note,
        },
        tx,
      );
      const title = locked.project.title;
      email = await queueClientEmail(
        locked.project.userId,
        {
          subject: `${title}: waiting on you`,
          lines: [
            `Your project “${title}” is on hold: ${PAUSE_LABELS_FOR_CLIENT[input.reason].toLowerCase()}.`,
            ...(note ? [`Your project manager wrote: “${note}”`] : []),
            "Its delivery clock is paused until then, so the delivery date moves with the wait.",
          ],
          link: { label: "Open your project", path: `/project/${projectId}` },
          siteUrl: options.siteUrl,
        },
        tx,
      );
    });
  } catch (error) {
    if (error instanceof HoldConflict) return { ok: false, reason: "conflict", outcome: error.outcome };
    throw error;
  }
  if (!project) return { ok: false, reason: "not_found" };
  await sendQueuedEmail(email);
  return { ok: true };
}

/** Staff end their hold: the clock runs again and the due date moves by the hold's length. */
export async function resumeProject(
  projectId: string | undefined,
  staff: { id: string; ip?: string },
  options: { now?: Date } = {},
): Promise<HoldResult> {
  if (!isUuid(projectId)) return { ok: false, reason: "not_found" };
  const now = options.now ?? new Date();
  let found = false;
  try {
    await db().transaction(async (tx) => {
      const locked = await lockProject(tx, projectId);
      if (!locked) return;
      found = true;
      if (locked.project.userId === staff.id) throw new HoldConflict("own-project");
      const [open] = await tx
        .select()
        .from(deliveryPauses)
        .where(and(eq(deliveryPauses.projectId, projectId), isNull(deliveryPauses.endedAt)))
        .limit(1);
      if (!locked.clock || !open || !(HOLD_REASONS as readonly string[]).includes(open.reason))
        throw new HoldConflict("no-hold");
      await closeOpenPause(tx, projectId, now);
      await saveClock(tx, projectId, resumeClock(stateOf(locked.clock), now));
      await tx.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId));
      await notifyOrganisation(
        locked.project.userId,
        "status",
        {
          type: "info",
          title: "Work on your project has resumed",
          message: `“${locked.project.title}” is no longer on hold; its delivery clock runs again.`,
          link: `/project/${projectId}`,
        },
        tx,
      );
      await recordAudit(
        {
          actor: { id: staff.id, role: "staff", ip: staff.ip },
          action: "project.resume",
          target: { type: "project", id: projectId, label: locked.project.title },
          before: { reason: open.reason, note: open.note },
        },
        tx,
      );
    });
  } catch (error) {
    if (error instanceof HoldConflict) return { ok: false, reason: "conflict", outcome: error.outcome };
    throw error;
  }
  return found ? { ok: true } : { ok: false, reason: "not_found" };
}

/**
 * Whether a pipeline row is at risk (48 hours or less left on a running or
 * paused clock, or late), and how much is left, in SQL, for the back-office
 * pipeline's order. `now` is a parameter so that tests can move time.
 */
export function atRiskColumns(now: Date) {
  const at = sql`coalesce(${deliveryClocks.pausedSince}, ${now.toISOString()}::timestamptz)`;
  return {
    dueAt: deliveryClocks.dueAt,
    pausedSince: deliveryClocks.pausedSince,
    atRisk: sql<boolean>`coalesce(${deliveryClocks.stoppedAt} is null and ${deliveryClocks.dueAt} is not null
        and ${deliveryClocks.dueAt} - ${at} <= ${`${AT_RISK_MS / 1000} seconds`}::interval, false)`.mapWith(
      Boolean,
    ),
    leftSeconds: sql<number | null>`extract(epoch from ${deliveryClocks.dueAt} - ${at})`.mapWith((value) =>
      value === null ? null : Number(value),
    ),
  };
}
