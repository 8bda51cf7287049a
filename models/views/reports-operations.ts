// The operations reports (decision 0076): Delivery, Pipeline and Assistant.
// Pure: the figures' shapes, the weeks and months of a period, the tables the
// pages and the CSV export show. The figures themselves are computed in SQL by
// ./reports-operations.server.ts.

import { PAUSE_LABELS, type PauseReason } from "../delivery/clock";
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from "../projects/projects";

/** A report's period: [from, to) in UTC, and the calendar months ('YYYY-MM') it covers. */
export type ReportPeriod = { from: Date; to: Date; months: string[] };

/** A quote request counts as converted when its sender starts a project within this many days. */
export const CONVERSION_WINDOW_DAYS = 30;
/** The longest late deliveries listed by name. */
export const LATE_LIST_LIMIT = 10;

const DAY_SECONDS = 24 * 60 * 60;

/** The Mondays (UTC, 'YYYY-MM-DD') of the weeks that overlap the period, oldest first. */
export function weeksOf(period: Pick<ReportPeriod, "from" | "to">): string[] {
  const start = new Date(
    Date.UTC(period.from.getUTCFullYear(), period.from.getUTCMonth(), period.from.getUTCDate()),
  );
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const weeks: string[] = [];
  for (const day = start; day < period.to; day.setUTCDate(day.getUTCDate() + 7))
    weeks.push(day.toISOString().slice(0, 10));
  return weeks;
}

/** Days, to one decimal, from seconds; "—" when there is nothing to average. */
export function daysText(seconds: number | null): string {
  return seconds === null ? "—" : (seconds / DAY_SECONDS).toFixed(1);
}

/** A share as a whole percentage, "—" when the whole is zero. */
export function percentText(part: number, whole: number): string {
  return whole ? `${Math.round((part / whole) * 100)}%` : "—";
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

export type ReportTable = { id: string; caption: string; header: string[]; rows: string[][] };

const n = (value: number) => String(value);
const periodLabel = (month: string) => (month === "all" ? "Whole period" : month);

export function deliveryTables(report: DeliveryReport): ReportTable[] {
  return [
    {
      id: "delivery-months",
      caption: "Deliveries per month",
      header: [
        "Month",
        "Delivered",
        "On time",
        "Late",
        "No fixed date",
        "On time (of dated)",
        "Avg days submission to delivery",
        "Avg days waiting on the client",
        "Accepted",
        "Avg days submission to acceptance",
        "Days waiting on clients",
      ],
      rows: [...report.months, report.total].map((m) => [
        periodLabel(m.month),
        n(m.delivered),
        n(m.onTime),
        n(m.late),
        n(m.noDate),
        percentText(m.onTime, m.onTime + m.late),
        daysText(m.toDeliverySeconds),
        daysText(m.waitedSeconds),
        n(m.accepted),
        daysText(m.toAcceptanceSeconds),
        daysText(m.waitingSeconds),
      ]),
    },
    {
      id: "delivery-waits",
      caption: "Time waiting on clients, by reason",
      header: ["Reason", "Pauses", "Projects", "Days"],
      rows: report.waits.map((w) => [
        w.reason === "all" ? "All reasons" : PAUSE_LABELS[w.reason],
        n(w.pauses),
        n(w.projects),
        daysText(w.seconds),
      ]),
    },
    {
      id: "delivery-late",
      caption: `The latest deliveries (up to ${LATE_LIST_LIMIT})`,
      header: ["Project", "Client", "Due", "Delivered", "Days late"],
      rows: report.late.map((l) => [
        l.title,
        l.client,
        l.dueAt.slice(0, 10),
        l.deliveredAt.slice(0, 10),
        daysText(l.lateBySeconds),
      ]),
    },
  ];
}

export function pipelineTables(report: PipelineReport): ReportTable[] {
  const counts = new Map(report.submissions.map((s) => [`${s.form} ${s.week}`, s.count]));
  const { total, months } = report.conversion;
  return [
    {
      id: "pipeline-statuses",
      caption: "Projects per status",
      header: ["Status", "Projects now", "Submitted in the period"],
      rows: report.statuses.map((s) => [s.label, n(s.now), n(s.submitted)]),
    },
    {
      id: "pipeline-submissions",
      caption: "Submissions per form per week (weeks start on Monday, UTC)",
      header: ["Week of", ...report.forms.map((f) => f.label), "All forms"],
      rows: [
        ...report.weeks.map((week) => {
          const cells = report.forms.map((f) => counts.get(`${f.type} ${week}`) ?? 0);
          return [week, ...cells.map(n), n(cells.reduce((a, b) => a + b, 0))];
        }),
        [
          "Whole period",
          ...report.forms.map((f) => n(f.total)),
          n(report.forms.reduce((a, f) => a + f.total, 0)),
        ],
      ],
    },
    {
      id: "pipeline-conversion",
      caption: `Quote requests that became a project within ${CONVERSION_WINDOW_DAYS} days`,
      header: [
        "Month of the request",
        "Quote requests",
        "Became a project",
        "Conversion",
        "Still within the window",
        "Avg days to the project",
      ],
      rows: [...months, total].map((m) => [
        periodLabel(m.month),
        n(m.quotes),
        n(m.converted),
        percentText(m.converted, m.quotes),
        n(m.waiting),
        daysText(m.toProjectSeconds),
      ]),
    },
  ];
}

export function assistantTables(report: AssistantReport): ReportTable[] {
  return [
    {
      id: "assistant-months",
      caption: "The assistant per month",
      header: [
        "Month",
        "Questions asked",
        "Answered",
        "Declined",
        "Handed to a person",
        "Rated helpful",
        "Rated unhelpful",
        "Gaps raised",
        "Of those still open",
      ],
      rows: [...report.months, report.total].map((m) => [
        periodLabel(m.month),
        n(m.asked),
        n(m.answered),
        n(m.declined),
        n(m.handedOff),
        n(m.helpful),
        n(m.unhelpful),
        n(m.gaps),
        n(m.gapsOpen),
      ]),
    },
  ];
}

/** Several tables as one CSV table: each one's caption, header and rows, a blank row between. */
export function toCsvTable(tables: readonly ReportTable[]): string[][] {
  return tables.flatMap((table, i) => [...(i ? [[]] : []), [table.caption], table.header, ...table.rows]);
}
