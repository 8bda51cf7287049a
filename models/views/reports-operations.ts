// The operations reports (decision 0076): Delivery, Pipeline and Assistant.
// Pure: the figures' shapes, the weeks and months of a period, the tables the
// pages and the CSV export show. The figures themselves are computed in SQL by
// ./reports-operations.server.ts.

import { PAUSE_LABELS, type PauseReason } from "../delivery/clock";
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from "../projects/projects";
import { monthLabel, type ReportPeriod as FullPeriod } from "./reports/period";
import type { ReportCell, ReportTableData } from "./reports/table";

/** What these reports read of a period: [from, to) and its months ('YYYY-MM', agency time). */
export type ReportPeriod = Pick<FullPeriod, "from" | "to" | "months">;

/** A quote request counts as converted when its sender starts a project within this many days. */
export const CONVERSION_WINDOW_DAYS = 30;
/** The longest late deliveries listed by name. */
export const LATE_LIST_LIMIT = 10;

const DAY_SECONDS = 24 * 60 * 60;

/** The agency's offset from UTC: REPORT_TIME_ZONE (./reports/period.ts), India, has no daylight saving. */
const AGENCY_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Mondays ('YYYY-MM-DD', agency time) of the weeks that overlap the period, oldest first. */
export function weeksOf(period: Pick<ReportPeriod, "from" | "to">): string[] {
  const local = new Date(period.from.getTime() + AGENCY_OFFSET_MS);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  const weeks: string[] = [];
  for (; day.getTime() - AGENCY_OFFSET_MS < period.to.getTime(); day.setUTCDate(day.getUTCDate() + 7))
    weeks.push(day.toISOString().slice(0, 10));
  return weeks;
}

// ---- Delivery ----

export type DeliveryMonth = {
  /** 'YYYY-MM', or "all" for the whole period. */
  month: string;
  delivered: number;
  onTime: number;
  late: number;
  /** Delivered on a flexible timeline: no promised date to be on time for. */
  noDate: number;
  /** Average seconds from submission to delivery, of the projects delivered. */
  toDeliverySeconds: number | null;
  /** Average seconds the delivered projects waited on their client (their pauses). */
  waitedSeconds: number | null;
  /** Average seconds a late delivery came after its due date. */
  lateBySeconds: number | null;
  /** Projects accepted (their clock started) in the month. */
  accepted: number;
  /** Average seconds from submission to acceptance, of the projects accepted. */
  toAcceptanceSeconds: number | null;
  /** Client waiting time that fell within the month (every pause, clipped to the month). */
  waitingSeconds: number;
};

export type DeliveryWait = { reason: PauseReason | "all"; pauses: number; projects: number; seconds: number };
export type LateDelivery = {
  id: string;
  title: string;
  client: string;
  dueAt: string;
  deliveredAt: string;
  lateBySeconds: number;
};

export type DeliveryReport = {
  total: DeliveryMonth;
  months: DeliveryMonth[];
  waits: DeliveryWait[];
  late: LateDelivery[];
};

export const emptyDeliveryMonth = (month: string): DeliveryMonth => ({
  month,
  delivered: 0,
  onTime: 0,
  late: 0,
  noDate: 0,
  toDeliverySeconds: null,
  waitedSeconds: null,
  lateBySeconds: null,
  accepted: 0,
  toAcceptanceSeconds: null,
  waitingSeconds: 0,
});

// ---- Pipeline ----

export type FormWeek = { form: string; week: string; count: number };
export type ConversionMonth = {
  month: string;
  quotes: number;
  converted: number;
  /** Not converted yet, but their window is still open. */
  waiting: number;
  /** Average seconds from the quote to its first project, of the converted. */
  toProjectSeconds: number | null;
};

export type PipelineReport = {
  statuses: Array<{ status: ProjectStatus; label: string; now: number; submitted: number }>;
  forms: Array<{ type: string; label: string; total: number }>;
  weeks: string[];
  submissions: FormWeek[];
  conversion: { total: ConversionMonth; months: ConversionMonth[] };
};

export const emptyConversionMonth = (month: string): ConversionMonth => ({
  month,
  quotes: 0,
  converted: 0,
  waiting: 0,
  toProjectSeconds: null,
});

export const statusRows = (counts: Map<string, { now: number; submitted: number }>) =>
  PROJECT_STATUSES.map((status) => ({
    status,
    label: STATUS_LABELS[status],
    now: counts.get(status)?.now ?? 0,
    submitted: counts.get(status)?.submitted ?? 0,
  }));

// ---- Assistant ----

export type AssistantMonth = {
  month: string;
  /** Questions visitors typed. */
  asked: number;
  /** Replies from the site's content or the account (with sources). */
  answered: number;
  /** "I don't know" replies (a gap with reason "unknown"). */
  declined: number;
  /** Conversations handed to a person (chat hand-off tickets). */
  handedOff: number;
  helpful: number;
  unhelpful: number;
  /** Gaps raised in the month, and of those still unanswered now. */
  gaps: number;
  gapsOpen: number;
};

export type AssistantReport = {
  total: AssistantMonth;
  months: AssistantMonth[];
  /** The gap queue now: unanswered rows and distinct questions. */
  openGaps: { rows: number; questions: number };
  /** Conversations started in the period, by Fin's definition (models/chat/resolution.ts). */
  resolution: { resolved: number; counted: number; open: number; rate: number | null };
};

export const emptyAssistantMonth = (month: string): AssistantMonth => ({
  month,
  asked: 0,
  answered: 0,
  declined: 0,
  handedOff: 0,
  helpful: 0,
  unhelpful: 0,
  gaps: 0,
  gapsOpen: 0,
});

/** The rows in `months` order, a missing month as zeros. */
export function byMonth<T extends { month: string }>(
  rows: readonly T[],
  months: readonly string[],
  empty: (month: string) => T,
): T[] {
  const found = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => found.get(month) ?? empty(month));
}

// ---- Tables (the pages and the CSV export show the same ones) ----

const days = (seconds: number | null) =>
  seconds === null ? null : Math.round((seconds / DAY_SECONDS) * 10) / 10;
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

export function deliveryTables(report: DeliveryReport): ReportTableData[] {
  const monthRow = (m: DeliveryMonth, label: string): ReportCell[] => [
    label,
    m.delivered,
    m.onTime,
    m.late,
    m.noDate,
    share(m.onTime, m.onTime + m.late),
    days(m.toDeliverySeconds),
    days(m.waitedSeconds),
    m.accepted,
    days(m.toAcceptanceSeconds),
    days(m.waitingSeconds),
  ];
  const all = report.waits.find((w) => w.reason === "all");
  return [
    {
      id: "delivery-months",
      caption: "Deliveries by month",
      columns: [
        { label: "Month", format: "text" },
        { label: "Delivered", format: "count" },
        { label: "On time", format: "count" },
        { label: "Late", format: "count" },
        { label: "No fixed date", format: "count" },
        { label: "On time (of those with a date)", format: "percent" },
        { label: "Submission to delivery (average)", format: "days" },
        { label: "Waiting on the client per delivery (average)", format: "days" },
        { label: "Accepted", format: "count" },
        { label: "Submission to acceptance (average)", format: "days" },
        { label: "Time waiting on clients", format: "days" },
      ],
      rows: report.months.map((m) => monthRow(m, monthLabel(m.month))),
      totals: monthRow(report.total, "Whole period"),
    },
    {
      id: "delivery-waits",
      caption: "Time waiting on clients in the period, by reason",
      columns: [
        { label: "Reason", format: "text" },
        { label: "Pauses", format: "count" },
        { label: "Projects", format: "count" },
        { label: "Time", format: "days" },
      ],
      rows: report.waits
        .filter((w) => w.reason !== "all")
        .map((w) => [PAUSE_LABELS[w.reason as PauseReason], w.pauses, w.projects, days(w.seconds)]),
      ...(all ? { totals: ["All reasons", all.pauses, all.projects, days(all.seconds)] } : {}),
      empty: "No project waited on its client in this period.",
    },
    {
      id: "delivery-late",
      caption: `The latest deliveries of the period (at most ${LATE_LIST_LIMIT})`,
      columns: [
        { label: "Project", format: "text" },
        { label: "Client", format: "text" },
        { label: "Due", format: "text" },
        { label: "Delivered", format: "text" },
        { label: "Late by", format: "days" },
      ],
      rows: report.late.map((l) => [
        l.title,
        l.client,
        l.dueAt.slice(0, 10),
        l.deliveredAt.slice(0, 10),
        days(l.lateBySeconds),
      ]),
      empty: "No project was delivered late in this period.",
    },
  ];
}

export function pipelineTables(report: PipelineReport): ReportTableData[] {
  const counts = new Map(report.submissions.map((s) => [`${s.form} ${s.week}`, s.count]));
  const { total, months } = report.conversion;
  const conversionRow = (m: ConversionMonth, label: string): ReportCell[] => [
    label,
    m.quotes,
    m.converted,
    share(m.converted, m.quotes),
    m.waiting,
    days(m.toProjectSeconds),
  ];
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return [
    {
      id: "pipeline-statuses",
      caption: "Projects per status",
      columns: [
        { label: "Status", format: "text" },
        { label: "Projects now", format: "count" },
        { label: "Submitted in the period, by their status now", format: "count" },
      ],
      rows: report.statuses.map((s) => [s.label, s.now, s.submitted]),
      totals: [
        "All projects",
        sum(report.statuses.map((s) => s.now)),
        sum(report.statuses.map((s) => s.submitted)),
      ],
    },
    {
      id: "pipeline-submissions",
      caption: "Submissions per form per week (weeks start on Monday)",
      columns: [
        { label: "Week of", format: "text" },
        ...report.forms.map((f) => ({ label: f.label, format: "count" as const })),
        { label: "All forms", format: "count" },
      ],
      rows: report.weeks.map((week) => {
        const cells = report.forms.map((f) => counts.get(`${f.type} ${week}`) ?? 0);
        return [week, ...cells, sum(cells)];
      }),
      totals: ["Whole period", ...report.forms.map((f) => f.total), sum(report.forms.map((f) => f.total))],
    },
    {
      id: "pipeline-conversion",
      caption: `Quote requests that became a project within ${CONVERSION_WINDOW_DAYS} days, by month of the request`,
      columns: [
        { label: "Month", format: "text" },
        { label: "Quote requests", format: "count" },
        { label: "Became a project", format: "count" },
        { label: "Conversion", format: "percent" },
        { label: "Still within the window", format: "count" },
        { label: "Request to project (average)", format: "days" },
      ],
      rows: months.map((m) => conversionRow(m, monthLabel(m.month))),
      totals: conversionRow(total, "Whole period"),
    },
  ];
}

export function assistantTables(report: AssistantReport): ReportTableData[] {
  const row = (m: AssistantMonth, label: string): ReportCell[] => [
    label,
    m.asked,
    m.answered,
    m.declined,
    m.handedOff,
    m.helpful,
    m.unhelpful,
    m.gaps,
    m.gapsOpen,
  ];
  return [
    {
      id: "assistant-months",
      caption: "The assistant by month",
      columns: [
        { label: "Month", format: "text" },
        { label: "Questions asked", format: "count" },
        { label: "Answered", format: "count" },
        { label: "Declined", format: "count" },
        { label: "Handed to a person", format: "count" },
        { label: "Rated helpful", format: "count" },
        { label: "Rated unhelpful", format: "count" },
        { label: "Gaps raised", format: "count" },
        { label: "Of those still open", format: "count" },
      ],
      rows: report.months.map((m) => row(m, monthLabel(m.month))),
      totals: row(report.total, "Whole period"),
    },
  ];
}
