// The operations reports (decision 0076) over a small, known history: every
// figure is compared with a value worked out by hand in the comments. The
// period is October and November 2026 in agency time (India, UTC+05:30), as
// the reports' form gives it; "now" is 30 Nov 2026 00:00 UTC. The events are
// at 00:00 UTC (05:30 in India, the same day) unless a test is about the edge.
// The rows are written as the product leaves them (a clock's due date already
// holds every ended pause, decision 0048).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~models/platform/db.server";
import {
  readAssistantReport,
  readDeliveryReport,
  readPipelineReport,
} from "~models/views/reports-operations.server";
import { deliveryTables, pipelineTables, weeksOf } from "~models/views/reports-operations";
import { OPERATIONS_REPORTS } from "~models/views/reports-operations.server";
import { monthStart, parseReportPeriod } from "~models/views/reports/period";
import { reportCsv } from "~models/views/reports/table";

const DAY = 24 * 60 * 60;
const now = new Date("2026-11-30T00:00:00Z");
const period = parseReportPeriod("/admin/reports/delivery?from=2026-10&to=2026-11", now);
const t = (day: string, time = "00:00") => `2026-${day}T${time}:00Z`;

async function user(name: string, email = `${name}@example.com`) {
  const [row] = await queryRows<{ id: string }>(sql`
    insert into users (username, email, password_hash, first_name, last_name)
    values (${name}, ${email}, 'x', ${name[0]!.toUpperCase() + name.slice(1)}, 'Test') returning id`);
  return row!.id;
}

async function project(owner: string, title: string, status: string, timeline: string, createdAt: string) {
  const [row] = await queryRows<{ id: string }>(sql`
    insert into projects (user_id, title, description, category, budget, timeline, status, created_at, updated_at)
    values (${owner}, ${title}, 'Known history', 'graphic', '1k_5k', ${timeline}, ${status}, ${createdAt}, ${createdAt})
    returning id`);
  return row!.id;
}

async function clock(
  projectId: string,
  clockRow: { started: string; days: number | null; due: string | null; paused?: string; stopped?: string },
) {
  await queryRows(sql`
    insert into delivery_clocks (project_id, started_at, promised_days, due_at, paused_since, stopped_at)
    values (${projectId}, ${clockRow.started}, ${clockRow.days}, ${clockRow.due}, ${clockRow.paused ?? null}, ${clockRow.stopped ?? null})`);
}

async function pause(projectId: string, reason: string, startedAt: string, endedAt: string | null) {
  await queryRows(sql`
    insert into delivery_pauses (project_id, reason, started_at, ended_at)
    values (${projectId}, ${reason}, ${startedAt}, ${endedAt})`);
}

beforeAll(async () => {
  const asha = await user("asha");
  // P1: 2 weeks, accepted 3 Oct (2 days after submission), due 17 Oct; a 3-day hold
  // (5–8 Oct) moves it to 20 Oct; delivered 19 Oct: on time thanks to the hold. 18 days.
  const p1 = await project(asha, "P1 logo", "completed", "2_weeks", t("10-01"));
  await clock(p1, { started: t("10-03"), days: 14, due: t("10-20"), stopped: t("10-19") });
  await pause(p1, "client_input", t("10-05"), t("10-08"));
  // P2: 1 week, accepted 11 Oct (1 day), due 18 Oct, delivered 2 Nov: 15 days late; 23 days.
  const p2 = await project(asha, "P2 site", "published", "1_week", t("10-10"));
  await clock(p2, { started: t("10-11"), days: 7, due: t("10-18"), stopped: t("11-02") });
  // P3: flexible, accepted 21 Oct (1 day), awaiting approval 25–27 Oct, delivered 5 Nov: no date; 16 days.
  const p3 = await project(asha, "P3 video", "completed", "flexible", t("10-20"));
  await clock(p3, { started: t("10-21"), days: null, due: null, stopped: t("11-05") });
  await pause(p3, "awaiting_approval", t("10-25"), t("10-27"));
  // P4: 1 month, accepted 3 Nov (2 days), waiting on resources since 28 Nov (2 days by now).
  const p4 = await project(asha, "P4 brand", "in_progress", "1_month", t("11-01"));
  await clock(p4, { started: t("11-03"), days: 30, due: t("12-03"), paused: t("11-28") });
  await pause(p4, "resources_missing", t("11-28"), null);
  // P5: accepted 4 Oct (2 days), then cancelled 10 Oct: accepted, never delivered.
  const p5 = await project(asha, "P5 cancelled", "cancelled", "2_weeks", t("10-02"));
  await clock(p5, { started: t("10-04"), days: 14, due: t("10-18"), stopped: t("10-10") });
  // P6: delivered in September, with a September hold: outside the period.
  const p6 = await project(asha, "P6 old", "completed", "2_weeks", t("09-01"));
  await clock(p6, { started: t("09-02"), days: 14, due: t("09-18"), stopped: t("09-17") });
  await pause(p6, "client_input", t("09-10"), t("09-12"));
  // P7: 2 weeks, accepted 26 Oct (1 day), due 9 Nov; a hold from midnight on 30 Oct to
  // midnight on 2 Nov, India time (2 days in October, 1 in November), moves it to 12 Nov;
  // delivered 12 Nov 00:00 exactly: on time. 18 days.
  const p7 = await project(asha, "P7 social", "completed", "2_weeks", t("10-25"));
  await clock(p7, { started: t("10-26"), days: 14, due: t("11-12"), stopped: t("11-12") });
  await pause(p7, "client_input", "2026-10-29T18:30:00Z", "2026-11-01T18:30:00Z");

  // The pipeline: quote requests and who became a client.
  const bob = await user("bob");
  const carol = await user("carol");
  const erin = await user("erin");
  await project(bob, "Bob's", "in_review", "2_weeks", t("10-15"));
  await project(carol, "Carol's", "draft", "2_weeks", t("11-25"));
  await project(erin, "Erin's", "in_progress", "2_weeks", t("11-11"));
  const quote = (email: string, at: string, userId: string | null = null) =>
    queryRows(sql`
      insert into service_quotes (company_name, your_name, company_designation, company_email, phone_number,
        selected_service, selected_solution, additional_brief, user_id, created_at)
      values ('Co', 'Someone', 'Owner', ${email}, '+919800000000', 'graphic_design', 'full_service', 'A brief', ${userId}, ${at})`);
  await quote("bob-at-work@example.org", t("10-05"), bob); // signed in; Bob's project 10 days later: converted
  await quote("CAROL@example.com", t("10-20")); // Carol's account by email; her project 36 days later: not
  await quote("dave@example.org", t("11-10")); // no account: not yet, still within 30 days
  await quote("erin@example.com", t("11-12")); // Erin's project came before the request: not yet, within 30 days
  await quote("bob-at-work@example.org", t("09-20"), bob); // before the period
  await quote("carol@example.com", t("11-20")); // Carol's project 5 days later: converted
  const ticket = async (channel: string, at: string) => {
    const [row] = await queryRows<{ id: string }>(sql`
      insert into support_tickets (email, subject, type, description, channel, created_at)
      values ('x@example.org', 'Help', 'general', 'Please help', ${channel}, ${at}) returning id`);
    return row!.id;
  };
  await ticket("form", t("10-06"));
  const handoff = await ticket("chat", t("11-03", "09:01"));
  const subscriber = (email: string, at: string) =>
    queryRows(sql`
      insert into newsletter_subscribers (email, unsubscribe_token_hash, created_at)
      values (${email}, ${email}, ${at})`);
  await subscriber("early@example.org", "2026-09-30T18:29:00Z"); // 23:59 on 30 Sep in India: before the period
  await subscriber("first@example.org", "2026-09-30T18:30:00Z"); // midnight, 1 Oct in India: the first instant

  // The assistant.
  const conversation = async (id: string, at: string, handoffTicket: string | null = null) => {
    const [row] = await queryRows<{ id: string }>(sql`
      insert into chat_conversations (public_id, visitor_hash, created_at, updated_at, handoff_ticket_id)
      values (${id}, ${id}, ${at}, ${at}, ${handoffTicket}) returning id`);
    return row!.id;
  };
  const message = (
    conversationId: string,
    type: "user" | "ai",
    text: string,
    at: string,
    extra: { sources?: boolean; rating?: "up" | "down"; ratedAt?: string } = {},
  ) =>
    queryRows(sql`
      insert into chat_messages (conversation_id, type, message, sources, created_at, rating, rated_at)
      values (${conversationId}, ${type}, ${text},
        ${extra.sources ? '[{"title":"Pricing","url":"/pricing"}]' : "[]"}::jsonb, ${at}, ${extra.rating ?? null}, ${extra.ratedAt ?? null})`);
  const gap = (question: string, reason: string, at: string, answeredAt: string | null = null) =>
    queryRows(sql`
      insert into chat_gaps (question, group_key, reason, created_at, answered_at)
      values (${question}, ${question}, ${reason}, ${at}, ${answeredAt})`);
  // C1 (October): asked twice, answered once (rated helpful on 11 Oct), thanked: resolved.
  const c1 = await conversation("c1", t("10-10", "10:00"));
  await message(c1, "user", "What does a logo cost?", t("10-10", "10:00"));
  await message(c1, "ai", "From 120 tokens.", t("10-10", "10:01"), {
    sources: true,
    rating: "up",
    ratedAt: t("10-11"),
  });
  await message(c1, "user", "thanks", t("10-10", "10:02"));
  // C2 (November): declined (a gap, still open), handed to a person, then an answer rated unhelpful (its gap answered).
  const c2 = await conversation("c2", t("11-03", "09:00"), handoff);
  await message(c2, "user", "Do you sell car insurance?", t("11-03", "09:00"));
  await message(c2, "ai", "I don't know that yet.", t("11-03", "09:00"));
  await gap("car insurance", "unknown", t("11-03", "09:00"));
  await message(c2, "user", "What about logos?", t("11-03", "09:02"));
  await message(c2, "ai", "We design logos.", t("11-03", "09:02"), {
    sources: true,
    rating: "down",
    ratedAt: t("11-04"),
  });
  await gap("logos", "unhelpful", t("11-04"), t("11-10"));
  // C3 (September): outside, but rated helpful on 2 Oct.
  const c3 = await conversation("c3", t("09-29"));
  await message(c3, "user", "Hours?", t("09-29"));
  await message(c3, "ai", "Ten to six.", t("09-29"), { sources: true, rating: "up", ratedAt: t("10-02") });
  await gap("old question", "unknown", t("09-15"));
  // C4 (29 Nov, 12:00): answered 12 hours before now: still open for the resolution rate.
  const c4 = await conversation("c4", t("11-29", "12:00"));
  await message(c4, "user", "Do tokens expire?", t("11-29", "12:00"));
  await message(c4, "ai", "After 90 days.", t("11-29", "12:00"), { sources: true });
});

describe("the delivery report", () => {
  it("counts on time (a hold moving the date) and late deliveries, the averages and the waiting", async () => {
    const report = await readDeliveryReport(period, now);
    // Delivered: P1 (Oct, on time), P2 (Nov, late), P3 (Nov, no date), P7 (Nov, on time).
    expect(report.total).toMatchObject({ month: "all", delivered: 4, onTime: 2, late: 1, noDate: 1 });
    // Submission to delivery: (18 + 23 + 16 + 18) / 4 = 18.75 days; waited (3 + 0 + 2 + 3) / 4 = 2 days.
    expect(report.total.toDeliverySeconds).toBeCloseTo(18.75 * DAY);
    expect(report.total.waitedSeconds).toBeCloseTo(2 * DAY);
    expect(report.total.lateBySeconds).toBeCloseTo(15 * DAY);
    // Accepted: P1 2, P2 1, P3 1, P5 2, P7 1 (October), P4 2 (November): 9 / 6 = 1.5 days.
    expect(report.total.accepted).toBe(6);
    expect(report.total.toAcceptanceSeconds).toBeCloseTo(1.5 * DAY);
    // Waiting in the period: Oct 3 (P1) + 2 (P3) + 2 (P7); Nov 1 (P7) + 2 (P4, open until now).
    expect(report.total.waitingSeconds).toBeCloseTo(10 * DAY);

    const [october, november] = report.months;
    expect(october).toMatchObject({
      month: "2026-10",
      delivered: 1,
      onTime: 1,
      late: 0,
      noDate: 0,
      accepted: 5,
    });
    expect(october!.toDeliverySeconds).toBeCloseTo(18 * DAY);
    expect(october!.toAcceptanceSeconds).toBeCloseTo(1.4 * DAY);
    expect(october!.waitingSeconds).toBeCloseTo(7 * DAY);
    expect(november).toMatchObject({
      month: "2026-11",
      delivered: 3,
      onTime: 1,
      late: 1,
      noDate: 1,
      accepted: 1,
    });
    expect(november!.toDeliverySeconds).toBeCloseTo(19 * DAY);
    expect(november!.waitedSeconds).toBeCloseTo((5 / 3) * DAY);
    expect(november!.waitingSeconds).toBeCloseTo(3 * DAY);

    // By reason: holds on P1 and P7 (3 + 3), P3's approval (2), P4's missing resources (2).
    expect(report.waits).toEqual([
      { reason: "awaiting_approval", pauses: 1, projects: 1, seconds: 2 * DAY },
      { reason: "client_input", pauses: 2, projects: 2, seconds: 6 * DAY },
      { reason: "resources_missing", pauses: 1, projects: 1, seconds: 2 * DAY },
      { reason: "all", pauses: 4, projects: 4, seconds: 10 * DAY },
    ]);
    expect(report.late).toEqual([
      expect.objectContaining({ title: "P2 site", client: "Asha Test", lateBySeconds: 15 * DAY }),
    ]);

    const [months] = deliveryTables(report);
    expect(months!.rows.map((row) => row[0])).toEqual(["Oct 2026", "Nov 2026"]);
    expect(months!.totals).toEqual(["Whole period", 4, 2, 1, 1, 66.7, 18.8, 2, 6, 1.5, 10]);
  });

  it("an empty period is zeros, one row per month", async () => {
    const report = await readDeliveryReport(
      { from: monthStart("2025-01"), to: monthStart("2025-02"), months: ["2025-01"] },
      now,
    );
    expect(report.total).toMatchObject({
      delivered: 0,
      accepted: 0,
      waitingSeconds: 0,
      toDeliverySeconds: null,
    });
    expect(report.months.map((m) => m.month)).toEqual(["2025-01"]);
    expect(report.late).toEqual([]);
  });
});

describe("the pipeline report", () => {
  it("counts projects per status, submissions per form per week and quote conversion", async () => {
    const report = await readPipelineReport(period, now);
    const statuses = Object.fromEntries(report.statuses.map((s) => [s.status, [s.now, s.submitted]]));
    expect(statuses).toEqual({
      draft: [1, 1],
      in_review: [1, 1],
      in_progress: [2, 2],
      revision_requested: [0, 0],
      published: [1, 1],
      completed: [4, 3],
      cancelled: [1, 1],
    });

    // 1 Oct 2026 is a Thursday: the weeks run from Monday 28 Sep to Monday 30 Nov.
    expect(report.weeks).toHaveLength(10);
    expect(report.weeks[0]).toBe("2026-09-28");
    expect(report.weeks.at(-1)).toBe("2026-11-30");
    expect(report.forms).toHaveLength(10);
    const totals = Object.fromEntries(report.forms.filter((f) => f.total).map((f) => [f.type, f.total]));
    expect(totals).toEqual({ service_quote: 5, support_ticket: 1, chat_handoff: 1, newsletter: 1 });
    expect(
      report.submissions
        .filter((s) => s.form === "service_quote")
        .sort((a, b) => a.week.localeCompare(b.week)),
    ).toEqual([
      { form: "service_quote", week: "2026-10-05", count: 1 },
      { form: "service_quote", week: "2026-10-19", count: 1 },
      { form: "service_quote", week: "2026-11-09", count: 2 },
      { form: "service_quote", week: "2026-11-16", count: 1 },
    ]);

    // October: Bob's (10 days) converted, Carol's (36 days) not. November: Carol's second (5 days)
    // converted; Dave's and Erin's not yet, both still within their 30 days.
    const { total, months } = report.conversion;
    expect(total).toMatchObject({ quotes: 5, converted: 2, waiting: 2 });
    expect(total.toProjectSeconds).toBeCloseTo(7.5 * DAY);
    expect(months[0]).toMatchObject({ month: "2026-10", quotes: 2, converted: 1, waiting: 0 });
    expect(months[0]!.toProjectSeconds).toBeCloseTo(10 * DAY);
    expect(months[1]).toMatchObject({ month: "2026-11", quotes: 3, converted: 1, waiting: 2 });

    const tables = pipelineTables(report);
    expect(tables[2]!.totals).toEqual(["Whole period", 5, 2, 40, 2, 7.5]);
    expect(tables[1]!.totals).toEqual(["Whole period", 0, 0, 5, 0, 0, 0, 1, 1, 0, 1, 8]);
  });
});

describe("the assistant report", () => {
  it("counts questions, answers, declines, hand-offs, ratings, gaps and the resolution rate", async () => {
    const report = await readAssistantReport(period, now);
    expect(report.months).toEqual([
      {
        month: "2026-10",
        asked: 2,
        answered: 1,
        declined: 0,
        handedOff: 0,
        helpful: 2,
        unhelpful: 0,
        gaps: 0,
        gapsOpen: 0,
      },
      {
        month: "2026-11",
        asked: 3,
        answered: 2,
        declined: 1,
        handedOff: 1,
        helpful: 0,
        unhelpful: 1,
        gaps: 2,
        gapsOpen: 1,
      },
    ]);
    expect(report.total).toEqual({
      month: "all",
      asked: 5,
      answered: 3,
      declined: 1,
      handedOff: 1,
      helpful: 2,
      unhelpful: 1,
      gaps: 2,
      gapsOpen: 1,
    });
    // The queue now: November's car insurance and September's old question.
    expect(report.openGaps).toEqual({ rows: 2, questions: 2 });
    // C1 confirmed, C2 handed off, C4 still open (answered 12 hours ago); C3 started in September.
    expect(report.resolution).toEqual({ resolved: 1, counted: 2, open: 1, rate: 0.5 });
  });
});

it("the CSV export holds each table under its caption", async () => {
  const csv = reportCsv(await OPERATIONS_REPORTS.delivery.read(period));
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("Deliveries by month");
  // (The export reads as of the real now, so only rows that do not depend on it are compared.)
  expect(lines).toContain("Oct 2026,1,1,0,0,100,18,3,5,1.4,7");
  expect(lines).toContain("P2 site,Asha Test,2026-10-18,2026-11-02,15");
});

it("weeksOf starts on the Monday (agency time) of the first day's week", () => {
  expect(weeksOf({ from: monthStart("2026-11"), to: new Date("2026-11-02T00:00:00+05:30") })).toEqual([
    "2026-10-26",
  ]);
  expect(
    weeksOf({ from: new Date("2026-11-02T00:00:00+05:30"), to: new Date("2026-11-10T00:00:00+05:30") }),
  ).toEqual(["2026-11-02", "2026-11-09"]);
});
