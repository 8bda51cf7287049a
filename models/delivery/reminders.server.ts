import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { notifyOrganisation } from "../platform/organisation-recipients.server";
import { db } from "../platform/db.server";
import { deliveryClocks, deliveryPauses, projects } from "../schema";
import {
  DAY_MS,
  daysPhrase,
  dueAt,
  PAUSE_LABELS_FOR_CLIENT,
  REMINDER_DAYS,
  reminderDue,
  shortDate,
  type PauseReason,
} from "./clock";
import { queueClientEmail } from "./email.server";
import { sendQueuedEmail } from "../platform/mail.server";

// Reminders while a project waits on the client (decision 0048): after 2 and
// after 5 days of a pause, an in-app notification and an email, once each.
// runJobs runs this under its own advisory lock (one process at a time), and
// each reminder is claimed by a conditional update, so even two runs at once
// send it once.

/** How many pauses one run looks at; the next run takes the rest. */
const BATCH = 200;

export async function sendClockReminders(
  now = new Date(),
  options: { siteUrl?: string } = {},
): Promise<number> {
  const firstDue = new Date(now.getTime() - REMINDER_DAYS[0] * DAY_MS);
  const secondDue = new Date(now.getTime() - REMINDER_DAYS[1] * DAY_MS);
  const candidates = await db()
    .select({
      pause: deliveryPauses,
      clock: deliveryClocks,
      project: { id: projects.id, title: projects.title, userId: projects.userId },
    })
    .from(deliveryPauses)
    .innerJoin(projects, eq(projects.id, deliveryPauses.projectId))
    .innerJoin(deliveryClocks, eq(deliveryClocks.projectId, deliveryPauses.projectId))
    .where(
      and(
        isNull(deliveryPauses.endedAt),
        lte(deliveryPauses.startedAt, firstDue),
        isNull(deliveryPauses.secondReminderAt),
        or(isNull(deliveryPauses.firstReminderAt), lte(deliveryPauses.startedAt, secondDue)),
      ),
    )
    .orderBy(asc(deliveryPauses.startedAt))
    .limit(BATCH);

  let sent = 0;
  for (const { pause, clock, project } of candidates) {
    const slot = reminderDue(pause, now);
    if (!slot) continue;
    const stamp = sql`${now.toISOString()}::timestamptz`;
    const claimed = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(deliveryPauses)
        .set(
          slot === "second"
            ? {
                secondReminderAt: now,
                firstReminderAt: sql`coalesce(${deliveryPauses.firstReminderAt}, ${stamp})`,
              }
            : { firstReminderAt: now },
        )
        .where(
          and(
            eq(deliveryPauses.id, pause.id),
            isNull(deliveryPauses.endedAt),
            isNull(deliveryPauses.secondReminderAt),
            slot === "first" ? isNull(deliveryPauses.firstReminderAt) : undefined,
          ),
        )
        .returning({ id: deliveryPauses.id });
      if (!row) return null;
      const waited = daysPhrase(now.getTime() - pause.startedAt.getTime());
      const waitingOn = PAUSE_LABELS_FOR_CLIENT[pause.reason as PauseReason].toLowerCase();
      await notifyOrganisation(
        project.userId,
        "status",
        {
          type: "warning",
          title: "Your project is waiting on you",
          message: `“${project.title}” has been paused ${waited}: ${waitingOn}.`,
          link: `/project/${project.id}`,
        },
        tx,
      );
      // The email is recorded with the claim, so a crash after the commit still leaves it to send.
      const due = dueAt(clock, now);
      return {
        email: await queueClientEmail(
          project.userId,
          {
            subject: `Reminder: ${project.title} is waiting on you`,
            lines: [
              `Your project “${project.title}” has been paused for ${waited}, waiting on you: ${waitingOn}.`,
              ...(pause.note ? [`Your project manager wrote: “${pause.note}”`] : []),
              due
                ? `The delivery clock stays paused until then, so the delivery date moves with the wait: as things stand, it is due ${shortDate(due, now)}.`
                : "The delivery clock stays paused until then.",
            ],
            link: { label: "Open your project", path: `/project/${project.id}` },
            siteUrl: options.siteUrl,
          },
          tx,
        ),
      };
    });
    if (!claimed) continue;
    sent++;
    await sendQueuedEmail(claimed.email);
  }
  return sent;
}
