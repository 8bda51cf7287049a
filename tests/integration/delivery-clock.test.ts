// The delivery clock (decision 0048): a promised date when the agency starts
// work, pauses from the status (the client's move) and from staff's holds,
// the due date moved by each pause, reminders after 2 and 5 days sent once
// each even when the jobs run twice at once, and the pipeline's at-risk order.
import { and, asc, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runJobs } from "~models/billing/jobs.server";
import { DAY_MS, HOUR_MS } from "~models/delivery/clock";
import { sendClockReminders } from "~models/delivery/reminders.server";
import { listPipeline } from "~models/back-office/project-pipeline.server";
import { db, queryRows } from "~models/platform/db.server";
import { setNotificationPreferences } from "~models/platform/notifications.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { auditLog, deliveryClocks, deliveryPauses, emailOutbox, notifications } from "~models/schema";
import * as clockRoute from "~/routes/admin/project-clock";
import * as staffProjectPage from "~/routes/admin/project";
import * as pipelinePage from "~/routes/admin/projects";
import * as clientProjectPage from "~/routes/projects/detail";
import * as orderPage from "~/routes/projects/order";
import { call, formRequest, getRequest } from "./helpers";
import { projectOf, signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";
import { pngFile } from "./proofing-helpers";
import { addProofVersion } from "~models/projects/proofing.server";

withTemporaryDataDir();

const clockOf = async (projectId: string) =>
  (await db().select().from(deliveryClocks).where(eq(deliveryClocks.projectId, projectId)))[0];
const pausesOf = (projectId: string) =>
  db()
    .select()
    .from(deliveryPauses)
    .where(eq(deliveryPauses.projectId, projectId))
    .orderBy(asc(deliveryPauses.startedAt));

/** Moves the open pause (and the clock's paused_since) `ms` into the past, as if time had passed. */
async function backdateOpenPause(projectId: string, ms: number) {
  const seconds = `${ms / 1000} seconds`;
  await queryRows(
    sql`update delivery_pauses set started_at = started_at - ${seconds}::interval where project_id = ${projectId} and ended_at is null`,
  );
  await queryRows(
    sql`update delivery_clocks set paused_since = paused_since - ${seconds}::interval, started_at = started_at - ${seconds}::interval, due_at = due_at - ${seconds}::interval where project_id = ${projectId}`,
  );
}

const hold = (staff: Client, projectId: string, fields: Record<string, string>) =>
  call(
    clockRoute.action,
    formRequest(`/admin/projects/${projectId}/clock`, fields, { cookie: staff.cookie }),
    {
      id: projectId,
    },
  );

async function startedProject(client: Client, staff: Client, timeline = "1_week") {
  const project = await projectOf(client, { timeline });
  expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
  return project;
}

describe("the clock follows the status", () => {
  it("starts on acceptance with the timeline's days, pauses while waiting on the client, and the due date moves by the pause", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client, { timeline: "1_week" });
    // Before the agency starts work there is no clock.
    await transitionProject(project.id, staff, "return_to_draft");
    await transitionProject(project.id, staff, "send_for_review");
    expect(await clockOf(project.id)).toBeUndefined();

    const before = Date.now();
    await transitionProject(project.id, staff, "accept");
    const started = (await clockOf(project.id))!;
    expect(started.promisedDays).toBe(7);
    expect(started.dueAt!.getTime() - started.startedAt.getTime()).toBe(7 * DAY_MS);
    expect(started.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(started.pausedSince).toBeNull();

    // Work sent for review: the client's move (Approve & Publish or Request Revision).
    await transitionProject(project.id, staff, "send_for_review");
    const [waiting] = await pausesOf(project.id);
    expect(waiting).toMatchObject({ reason: "awaiting_approval", endedAt: null });
    await backdateOpenPause(project.id, 3 * DAY_MS);
    const paused = (await clockOf(project.id))!;

    // The client answers three days later: the pause ends, the date moves by three days.
    await transitionProject(project.id, client, "request_revision", "Bigger logo");
    const resumed = (await clockOf(project.id))!;
    expect(resumed.pausedSince).toBeNull();
    const moved = resumed.dueAt!.getTime() - paused.dueAt!.getTime();
    expect(moved).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(moved).toBeLessThan(3 * DAY_MS + 60_000);
    expect((await pausesOf(project.id))[0]!.endedAt).not.toBeNull();

    // revision_requested and in_progress are the agency's turn: the clock runs.
    await transitionProject(project.id, staff, "start_revision");
    expect((await clockOf(project.id))!.pausedSince).toBeNull();
    expect(await pausesOf(project.id)).toHaveLength(1);

    await transitionProject(project.id, staff, "complete");
    const stopped = (await clockOf(project.id))!;
    expect(stopped.stoppedAt).not.toBeNull();
    const page = await call(
      clientProjectPage.loader,
      getRequest(`/project/${project.id}`, { cookie: client.cookie }),
      {
        id: project.id,
      },
    );
    expect((page.body as { delivery: { headline: string } }).delivery.headline).toMatch(
      /^Delivered \d{1,2} \w{3}( \d{4})? · on time$/,
    );
  });

  it("a flexible timeline promises no date but still records the pauses", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await startedProject(client, staff, "flexible");
    expect(await clockOf(project.id)).toMatchObject({ promisedDays: null, dueAt: null });
    await transitionProject(project.id, staff, "send_for_review");
    expect(await pausesOf(project.id)).toHaveLength(1);
  });
});

describe("staff holds", () => {
  it("puts a running project on hold with a note (no-JS form post), tells the client, and ends the hold", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const waitingProject = await projectOf(client);
    // Not started yet: nothing to pause.
    const early = await hold(staff, waitingProject.id, { intent: "hold", reason: "client_input", note: "" });
    expect(early.status).toBe(303);
    expect(early.headers.get("Location")).toContain("?clock=not-running");

    const project = await startedProject(client, staff);
    const invalid = await hold(staff, project.id, { intent: "hold", reason: "holiday", note: "" });
    expect(invalid.headers.get("Location")).toContain("?clock=invalid");

    const held = await hold(staff, project.id, {
      intent: "hold",
      reason: "resources_missing",
      note: "We need the logo in SVG.",
    });
    expect(held.status).toBe(303);
    expect(held.headers.get("Location")).toBe(`/admin/projects/${project.id}?clock=held#delivery-clock`);
    const [pause] = await pausesOf(project.id);
    expect(pause).toMatchObject({
      reason: "resources_missing",
      note: "We need the logo in SVG.",
      startedBy: staff.id,
    });
    expect((await clockOf(project.id))!.pausedSince).not.toBeNull();
    // Already on hold: a second hold is refused.
    const twice = await hold(staff, project.id, { intent: "hold", reason: "client_input", note: "" });
    expect(twice.headers.get("Location")).toContain("?clock=not-running");

    const told = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(told.map((n) => n.title)).toContain("Your project is waiting on you");
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), eq(emailOutbox.kind, "delivery_clock")));
    expect(email!.text).toContain("We need the logo in SVG.");
    expect(email!.text).toContain(`/project/${project.id}`);
    expect(email!.html).toContain("<p>Your project manager wrote: “We need the logo in SVG.”</p>");
    expect(email!.html).toMatch(new RegExp(`href="[^"]*/project/${project.id}"`));
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, project.id));
    expect(audit.map((a) => a.action)).toContain("project.hold");

    // The client's page says so, in the spec's words.
    const page = await call(
      clientProjectPage.loader,
      getRequest(`/project/${project.id}`, { cookie: client.cookie }),
      { id: project.id },
    );
    const delivery = (page.body as { delivery: { headline: string; pauses: { label: string }[] } }).delivery;
    expect(delivery.headline).toMatch(/^Due \d{1,2} \w{3}( \d{4})? · paused less than a day waiting on you$/);
    expect(delivery.pauses[0]!.label).toBe("Waiting for resources we need from you");
    // The staff page has the clock too.
    const staffPage = await call(
      staffProjectPage.loader,
      getRequest(`/admin/projects/${project.id}`, { cookie: staff.cookie }),
      { id: project.id },
    );
    expect((staffPage.body as { delivery: { view: { headline: string } } }).delivery.view.headline).toContain(
      "waiting on the client",
    );

    const resumed = await hold(staff, project.id, { intent: "resume" });
    expect(resumed.headers.get("Location")).toContain("?clock=resumed");
    expect((await clockOf(project.id))!.pausedSince).toBeNull();
    expect((await pausesOf(project.id))[0]!.endedAt).not.toBeNull();
    // A status-driven pause is not staff's to end.
    await transitionProject(project.id, staff, "send_for_review");
    const notTheirs = await hold(staff, project.id, { intent: "resume" });
    expect(notTheirs.headers.get("Location")).toContain("?clock=no-hold");
  });

  it("a status change ends a hold; only staff reach the form's route", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await startedProject(client, staff);
    await hold(staff, project.id, { intent: "hold", reason: "client_input", note: "" });
    await transitionProject(project.id, staff, "send_for_review");
    const pauses = await pausesOf(project.id);
    expect(pauses.map((p) => [p.reason, p.endedAt === null])).toEqual([
      ["client_input", false],
      ["awaiting_approval", true],
    ]);

    const byClient = await call(
      clockRoute.action,
      formRequest(
        `/admin/projects/${project.id}/clock`,
        { intent: "hold", reason: "client_input" },
        { cookie: client.cookie },
      ),
      { id: project.id },
    );
    expect(byClient.status).toBe(404);
    const anonymous = await call(
      clockRoute.action,
      formRequest(`/admin/projects/${project.id}/clock`, { intent: "resume" }),
      { id: project.id },
    );
    expect(anonymous.status).toBe(404);
    expect(await pausesOf(project.id)).toHaveLength(2);
  });

  it("the client sees only their own projects' clocks", async () => {
    const staff = await signedInClient("staff");
    const alice = await signedInClient();
    const bob = await signedInClient();
    const project = await startedProject(alice, staff);
    await startedProject(bob, staff);
    const bobsView = await call(
      clientProjectPage.loader,
      getRequest(`/project/${project.id}`, { cookie: bob.cookie }),
      { id: project.id },
    );
    expect(bobsView.status).toBe(404);
    expect(bobsView.body).not.toHaveProperty("delivery");
    const order = await call(orderPage.loader, getRequest("/order", { cookie: bob.cookie }));
    const body = order.body as { projects: { id: string }[]; delivery: Record<string, unknown> };
    expect(body.projects).toHaveLength(1);
    expect(Object.keys(body.delivery)).toEqual([body.projects[0]!.id]);
    expect(body.delivery).not.toHaveProperty(project.id);
  });
});

describe("reminders while waiting on the client", () => {
  const reminderEmails = (client: Client) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), like(emailOutbox.subject, "Reminder:%")))
      .orderBy(asc(emailOutbox.createdAt));

  it("a hold recorded late counts the wait from when it began; the due date moves only by clock time", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await startedProject(client, staff);
    const started = (await clockOf(project.id))!;
    expect(
      await hold(staff, project.id, { intent: "hold", reason: "client_input", waiting_days: "15" }),
    ).toMatchObject({ status: 303 });
    expect(await pausesOf(project.id)).toHaveLength(0);

    await hold(staff, project.id, { intent: "hold", reason: "client_input", waiting_days: "3" });
    const [pause] = await pausesOf(project.id);
    expect(Math.round((Date.now() - pause!.startedAt.getTime()) / DAY_MS)).toBe(3);
    const clock = (await clockOf(project.id))!;
    // The clock was started moments ago: it pauses from then, not three days back.
    expect(clock.pausedSince!.getTime()).toBeGreaterThanOrEqual(started.startedAt.getTime());
    expect(clock.dueAt).toEqual(started.dueAt);

    // Three days of waiting: the 2-day reminder is due now, once.
    expect(await sendClockReminders()).toBe(1);
    expect(await sendClockReminders()).toBe(0);
    expect((await reminderEmails(client))[0]!.text).toContain("has been paused for 3 days");
  });

  it("after 2 and after 5 days, once each, even when the jobs run twice at once", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await startedProject(client, staff);
    await hold(staff, project.id, { intent: "hold", reason: "client_input", note: "Which colours?" });

    await backdateOpenPause(project.id, DAY_MS + 20 * HOUR_MS);
    expect(await sendClockReminders()).toBe(0);

    await backdateOpenPause(project.id, 5 * HOUR_MS);
    const runs = await Promise.all([runJobs(), runJobs(), sendClockReminders()]);
    const sent = runs[0].clockReminders + runs[1].clockReminders + runs[2];
    expect(sent).toBe(1);
    let emails = await reminderEmails(client);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("has been paused for 2 days, waiting on you: waiting for your input.");
    expect(emails[0]!.text).toContain("Which colours?");
    expect(emails[0]!.html).toContain("<a href=");
    expect(await sendClockReminders()).toBe(0);

    await backdateOpenPause(project.id, 3 * DAY_MS);
    const second = await Promise.all([sendClockReminders(), sendClockReminders(), runJobs()]);
    expect(second[0] + second[1] + second[2].clockReminders).toBe(1);
    emails = await reminderEmails(client);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain("paused for 5 days");
    // A month later, still waiting: nothing more (other projects' pauses may be due).
    await sendClockReminders(new Date(Date.now() + 30 * DAY_MS));
    expect(await reminderEmails(client)).toHaveLength(2);

    const reminders = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), like(notifications.message, "%has been paused%")));
    expect(reminders).toHaveLength(2);
  });

  it("none once the client answered, and no email when they turned project updates off", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const answered = await startedProject(client, staff);
    // Approve & Publish needs a delivered version (decision 0057).
    await addProofVersion(answered.id, staff, pngFile());
    await transitionProject(answered.id, staff, "send_for_review");
    await backdateOpenPause(answered.id, DAY_MS);
    await transitionProject(answered.id, client, "approve");
    await queryRows(
      sql`update delivery_pauses set started_at = started_at - interval '3 days', ended_at = ended_at - interval '1 day' where project_id = ${answered.id}`,
    );
    expect(await sendClockReminders()).toBe(0);

    const quiet = await signedInClient();
    await setNotificationPreferences(quiet.id, { projectUpdates: false });
    const project = await startedProject(quiet, staff);
    await transitionProject(project.id, staff, "send_for_review");
    await backdateOpenPause(project.id, 2 * DAY_MS + HOUR_MS);
    expect(await sendClockReminders()).toBe(1);
    expect(await reminderEmails(quiet)).toHaveLength(0);
    const [pause] = await pausesOf(project.id);
    expect(pause!.firstReminderAt).not.toBeNull();
  });
});

describe("the pipeline puts projects at risk first", () => {
  it("late first, then due within 48 hours, then the rest by last change; marked", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const late = await startedProject(client, staff);
    const soon = await startedProject(client, staff);
    const paused = await startedProject(client, staff);
    const fine = await startedProject(client, staff);
    const fresh = await projectOf(client);
    const setDue = (id: string, ms: number) =>
      queryRows(
        sql`update delivery_clocks set due_at = now() + ${`${ms / 1000} seconds`}::interval where project_id = ${id}`,
      );
    await setDue(late.id, -HOUR_MS);
    await setDue(soon.id, 30 * HOUR_MS);
    // Paused with a day left: at risk, and the time left does not run down while it waits.
    await setDue(paused.id, DAY_MS);
    await transitionProject(paused.id, staff, "send_for_review");
    await setDue(fine.id, 5 * DAY_MS);

    const { projects } = await listPipeline({ view: "active", q: client.email });
    expect(projects.map((p) => p.id)).toEqual([late.id, paused.id, soon.id, fresh.id, fine.id]);
    expect(projects.map((p) => p.clock.atRisk)).toEqual([true, true, true, false, false]);
    expect(projects[0]!.clock.leftSeconds).toBeLessThan(0);
    expect(projects[1]!.clock.paused).toBe(true);

    const page = await call(
      pipelinePage.loader,
      getRequest(`/admin/projects?q=${client.email}`, { cookie: staff.cookie }),
    );
    expect((page.body as { projects: { id: string }[] }).projects[0]!.id).toBe(late.id);
  });
});
