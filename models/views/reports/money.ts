import { addMonths, monthLabel, monthOf, type ReportPeriod } from "./period";
import type { ReportCell, ReportTableData } from "./table";

// The money reports' tables, from the rows their statements return
// (./money.server.ts; definitions in docs/decisions/0074-business-reports.md).
// Pure: every month of the period gets a row, zeros included.

/** Postgres answers bigint as a string (node-postgres) or a number (PGlite). */
export type Big = number | string | null;
const num = (value: Big | undefined) => (value === null || value === undefined ? 0 : Number(value));

/** What a payment bought, as the reports name it. */
const PRODUCT_LABELS = {
  token_package: "Token packages",
  subscription: "Plans",
  gift_card: "Gift cards",
  proposal_deposit: "Proposal deposits",
  proposal_balance: "Proposal balances",
} as const;
type Product = keyof typeof PRODUCT_LABELS;
const PRODUCTS = Object.keys(PRODUCT_LABELS) as Product[];

// ---- Revenue ----

export type RevenueRow = {
  section: "received" | "refunded" | "shop";
  month: string;
  kind: string;
  count: number;
  minor: Big;
  tokens: Big;
};

export type RevenueReport = {
  currency: string;
  received: number;
  refunded: number;
  net: number;
  payments: number;
  refunds: number;
  byMonth: ReportTableData;
  byProduct: ReportTableData;
  shop: ReportTableData;
};

export function revenueTables(period: ReportPeriod, rows: RevenueRow[]): RevenueReport {
  const { currency } = period;
  const find = (section: RevenueRow["section"], month: string | null, kind: string | null) =>
    rows.filter(
      (row) =>
        row.section === section &&
        (month === null || row.month === month) &&
        (kind === null || row.kind === kind),
    );
  const sum = (list: RevenueRow[], field: "minor" | "tokens" | "count") =>
    list.reduce((total, row) => total + num(row[field]), 0);

  const monthRows: ReportCell[][] = period.months.map((month) => {
    const received = sum(find("received", month, null), "minor");
    const refunded = sum(find("refunded", month, null), "minor");
    return [
      monthLabel(month),
      ...PRODUCTS.map((kind) => sum(find("received", month, kind), "minor")),
      received,
      refunded,
      received - refunded,
    ];
  });
  const received = sum(find("received", null, null), "minor");
  const refunded = sum(find("refunded", null, null), "minor");
  const columnTotal = (index: number) =>
    monthRows.reduce((total, row) => total + num(row[index] as number), 0);

  const byMonth: ReportTableData = {
    id: "revenue-months",
    caption: `Revenue by month (${currency})`,
    currency,
    columns: [
      { label: "Month", format: "text" },
      ...PRODUCTS.map((kind) => ({ label: PRODUCT_LABELS[kind], format: "money" as const })),
      { label: "Received", format: "money" },
      { label: "Refunded", format: "money" },
      { label: "Net", format: "money" },
    ],
    rows: monthRows,
    totals: [
      "Total",
      ...PRODUCTS.map((_, index) => columnTotal(index + 1)),
      received,
      refunded,
      received - refunded,
    ],
  };

  const productRows: ReportCell[][] = PRODUCTS.map((kind) => {
    const inKind = sum(find("received", null, kind), "minor");
    const outKind = sum(find("refunded", null, kind), "minor");
    return [
      PRODUCT_LABELS[kind],
      sum(find("received", null, kind), "count"),
      inKind,
      sum(find("refunded", null, kind), "count"),
      outKind,
      inKind - outKind,
    ];
  });
  const payments = sum(find("received", null, null), "count");
  const refunds = sum(find("refunded", null, null), "count");
  const byProduct: ReportTableData = {
    id: "revenue-products",
    caption: `Revenue by product (${currency})`,
    currency,
    columns: [
      { label: "Product", format: "text" },
      { label: "Payments", format: "count" },
      { label: "Received", format: "money" },
      { label: "Refunds", format: "count" },
      { label: "Refunded", format: "money" },
      { label: "Net", format: "money" },
    ],
    rows: productRows,
    totals: ["Total", payments, received, refunds, refunded, received - refunded],
  };

  const shopRows: ReportCell[][] = period.months.map((month) => {
    const list = find("shop", month, null);
    return [monthLabel(month), sum(list, "count"), sum(list, "tokens"), sum(list, "minor")];
  });
  const shopAll = find("shop", null, null);
  const shop: ReportTableData = {
    id: "revenue-shop",
    caption: `Shop sales paid in tokens (value of tokens paid for in ${currency})`,
    currency,
    columns: [
      { label: "Month", format: "text" },
      { label: "Checkouts", format: "count" },
      { label: "Tokens spent", format: "count" },
      { label: "Value of the tokens", format: "money" },
    ],
    rows: shopRows,
    totals: ["Total", sum(shopAll, "count"), sum(shopAll, "tokens"), sum(shopAll, "minor")],
  };

  return {
    currency,
    received,
    refunded,
    net: received - refunded,
    payments,
    refunds,
    byMonth,
    byProduct,
    shop,
  };
}

// ---- Monthly recurring revenue ----

export type RecurringRow = {
  month: string;
  plan_id: string;
  plan_name: string;
  position: number;
  active: number;
  mrr: Big;
  started: number;
  switched: number;
  churned: number;
};

export type RecurringReport = {
  currency: string;
  /** At the end of the period's last month (or now, when that month is the current one). */
  mrr: number;
  active: number;
  started: number;
  churned: number;
  byMonth: ReportTableData;
  byPlan: ReportTableData;
};

export function recurringTables(period: ReportPeriod, rows: RecurringRow[]): RecurringReport {
  const { currency } = period;
  const last = period.months[period.months.length - 1]!;
  const of = (month: string) => rows.filter((row) => row.month === month);
  const total = (list: RecurringRow[], field: "active" | "mrr" | "started" | "switched" | "churned") =>
    list.reduce((sum, row) => sum + num(row[field]), 0);

  const monthRows: ReportCell[][] = period.months.map((month) => {
    const list = of(month);
    return [
      monthLabel(month),
      total(list, "active"),
      total(list, "mrr"),
      total(list, "started"),
      total(list, "switched"),
      total(list, "churned"),
    ];
  });
  const started = total(rows, "started");
  const switched = total(rows, "switched");
  const churned = total(rows, "churned");
  const byMonth: ReportTableData = {
    id: "recurring-months",
    caption: `Recurring revenue by month (${currency}; active plans and MRR at each month's end)`,
    currency,
    columns: [
      { label: "Month", format: "text" },
      { label: "Active plans", format: "count" },
      { label: "MRR", format: "money" },
      { label: "New", format: "count" },
      { label: "Switched plan", format: "count" },
      { label: "Churned", format: "count" },
    ],
    rows: monthRows,
    totals: ["Period", total(of(last), "active"), total(of(last), "mrr"), started, switched, churned],
  };

  const plans = [...new Map(rows.map((row) => [row.plan_id, row])).values()].sort(
    (a, b) => a.position - b.position || a.plan_name.localeCompare(b.plan_name),
  );
  const planRows: ReportCell[][] = plans.map((plan) => {
    const list = rows.filter((row) => row.plan_id === plan.plan_id);
    const atEnd = list.filter((row) => row.month === last);
    return [
      plan.plan_name,
      total(atEnd, "active"),
      total(atEnd, "mrr"),
      total(list, "started"),
      total(list, "switched"),
      total(list, "churned"),
    ];
  });
  const byPlan: ReportTableData = {
    id: "recurring-plans",
    caption: `Recurring revenue by plan (${currency}; active and MRR at the period's end, moves over the period)`,
    currency,
    columns: [
      { label: "Plan", format: "text" },
      { label: "Active plans", format: "count" },
      { label: "MRR", format: "money" },
      { label: "New", format: "count" },
      { label: "Switched plan", format: "count" },
      { label: "Churned", format: "count" },
    ],
    rows: planRows,
    totals: ["Total", total(of(last), "active"), total(of(last), "mrr"), started, switched, churned],
    empty: `No plan paid in ${currency} in this period.`,
  };
  return {
    currency,
    mrr: total(of(last), "mrr"),
    active: total(of(last), "active"),
    started,
    churned,
    byMonth,
    byPlan,
  };
}

// ---- Token liability ----

export type LiabilityRow = {
  section: "origin" | "expiry";
  key: string;
  lots: number;
  tokens: Big;
  minor: Big;
  tokens30: Big;
  minor30: Big;
  tokens60: Big;
  minor60: Big;
  tokens90: Big;
  minor90: Big;
};

/** Where outstanding tokens came from, as the liability report names it. */
const ORIGINS = [
  ["token_package", "Token packages"],
  ["subscription", "Plan tokens"],
  ["gift_card", "Gift cards redeemed"],
  ["unredeemed_gift_card", "Gift cards not yet redeemed"],
] as const;

export type LiabilityReport = {
  currency: string;
  /** The moment it was measured. */
  asOf: string;
  /** Value of every paid token outstanding and every unredeemed card, in minor units. */
  value: number;
  tokens: number;
  value30: number;
  /** Free tokens outstanding (referrals, staff adjustments): no liability value. */
  freeTokens: number;
  byOrigin: ReportTableData;
  byExpiry: ReportTableData;
};

export function liabilityTables(period: ReportPeriod, rows: LiabilityRow[], now: Date): LiabilityReport {
  const { currency } = period;
  const origin = (key: string) => rows.find((row) => row.section === "origin" && row.key === key);
  const originRows: ReportCell[][] = ORIGINS.map(([key, label]) => {
    const row = origin(key);
    const unredeemed = key === "unredeemed_gift_card";
    const tokens = (value: Big | undefined) => (unredeemed ? null : num(value));
    return [
      label,
      num(row?.lots),
      tokens(row?.tokens),
      num(row?.minor),
      tokens(row?.tokens30),
      num(row?.minor30),
      tokens(row?.tokens60),
      num(row?.minor60),
      tokens(row?.tokens90),
      num(row?.minor90),
    ];
  });
  const free = origin("free");
  const column = (index: number) =>
    originRows.reduce((sum, row) => sum + num(row[index] as number | null), 0);
  const byOrigin: ReportTableData = {
    id: "liability-origins",
    caption: `Token liability by origin (${currency}), as of today`,
    currency,
    columns: [
      { label: "Origin", format: "text" },
      { label: "Lots or cards", format: "count" },
      { label: "Tokens outstanding", format: "count" },
      { label: "Value", format: "money" },
      { label: "Tokens expiring ≤ 30 days", format: "count" },
      { label: "Value expiring ≤ 30 days", format: "money" },
      { label: "Tokens expiring ≤ 60 days", format: "count" },
      { label: "Value expiring ≤ 60 days", format: "money" },
      { label: "Tokens expiring ≤ 90 days", format: "count" },
      { label: "Value expiring ≤ 90 days", format: "money" },
    ],
    rows: [
      ...originRows,
      [
        "Granted free (no liability)",
        num(free?.lots),
        num(free?.tokens),
        null,
        num(free?.tokens30),
        null,
        num(free?.tokens60),
        null,
        num(free?.tokens90),
        null,
      ],
    ],
    totals: ["Total liability", ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(column)],
  };

  const first = monthOf(now);
  const expiryMonths = Array.from({ length: 12 }, (_, index) => addMonths(first, index));
  const byExpiry: ReportTableData = {
    id: "liability-expiry",
    caption: `Paid tokens by month of expiry, next 12 months (${currency})`,
    currency,
    columns: [
      { label: "Month", format: "text" },
      { label: "Tokens expiring", format: "count" },
      { label: "Value expiring", format: "money" },
    ],
    rows: expiryMonths.map((month) => {
      const row = rows.find((r) => r.section === "expiry" && r.key === month);
      return [monthLabel(month), num(row?.tokens), num(row?.minor)];
    }),
  };

  return {
    currency,
    asOf: now.toISOString(),
    value: column(3),
    tokens: column(2),
    value30: column(5),
    freeTokens: num(free?.tokens),
    byOrigin,
    byExpiry,
  };
}
