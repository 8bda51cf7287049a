import { sql } from "drizzle-orm";
import { queryRows } from "../platform/db.server";
import { paginate, type Page } from "../platform/pagination";
import type { PlanRow, TokenPackageRow } from "./catalog.server";
import { settleTokenAccount, type LedgerView } from "./tokens.server";

// The Billing & Tokens tab (/dashboard2/billing) in one statement: the token
// history, subscription history and receipts (each a page and its count; the
// ledger's count is the one token_accounts keeps), the grant that expires
// next, whether any grant is due to expire, and the packages and plans on sale.
// The shell reads the balance and the plan (account-summary.server.ts). A
// client with years of history gets the same one statement and the same page sizes.

/** Rows per page of each list on the tab. */
const BILLING_PAGE_SIZES = { ledger: 25, history: 10, receipts: 10 } as const;

export type BillingPages = { ledger: number; history: number; receipts: number };

type Package = Pick<
  TokenPackageRow,
  "id" | "name" | "tokens" | "bonusTokens" | "prices" | "description" | "isPopular"
>;
type Plan = Pick<
  PlanRow,
  "id" | "name" | "price" | "prices" | "monthlyTokens" | "projectLimit" | "isPopular" | "features"
>;

type Raw = {
  due: boolean;
  ledger_total: number;
  ledger: Array<
    Omit<LedgerView, "createdAt" | "expiresAt"> & { createdAt: string; expiresAt: string | null }
  >;
  history_total: number;
  history: Array<{
    id: string;
    planName: string;
    status: string;
    startedAt: string;
    endedAt: string | null;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    endReason: string | null;
  }>;
  receipts_total: number;
  receipts: Array<{
    id: string;
    number: number;
    description: string;
    amountMinor: number;
    currency: string;
    method: string;
    cardBrand: string | null;
    cardLast4: string | null;
    createdAt: string;
  }>;
  expiring: { amount: number; expiresAt: string } | null;
  packages: Package[];
  plans: Plan[];
};

/** The first row of each list's page (a page past the end is clamped once the count is known). */
const offsetOf = (page: number, size: number) => (Math.max(1, page) - 1) * size;

function read(userId: string, pages: BillingPages, now: Date, expiryDays: number) {
  const until = new Date(now.getTime() + expiryDays * 24 * 60 * 60 * 1000);
  const size = BILLING_PAGE_SIZES;
  return queryRows<Raw>(sql`
    select
      exists (select 1 from token_lots where user_id = ${userId} and remaining > 0 and expires_at <= ${now}) as due,
      coalesce((select entries from token_accounts where user_id = ${userId}), 0) as ledger_total,
      (select coalesce(json_agg(json_build_object(
          'id', l.id, 'kind', l.kind, 'reason', l.reason, 'delta', l.delta, 'balanceAfter', l.balance_after,
          'description', l.description, 'createdAt', l.created_at, 'expiresAt', l.expires_at,
          'staffUserId', l.staff_user_id) order by l.created_at desc, l.id desc), '[]'::json)
        from (select e.*, lot.expires_at from token_ledger e left join token_lots lot on lot.id = e.id
              where e.user_id = ${userId} order by e.created_at desc, e.id desc
              limit ${size.ledger} offset ${offsetOf(pages.ledger, size.ledger)}) l) as ledger,
      (select count(*)::int from subscriptions where user_id = ${userId}) as history_total,
      (select coalesce(json_agg(json_build_object(
          'id', h.id, 'planName', h.plan_name, 'status', h.status, 'startedAt', h.started_at,
          'endedAt', h.ended_at, 'cancelAtPeriodEnd', h.cancel_at_period_end,
          'currentPeriodEnd', h.current_period_end, 'endReason', h.end_reason)
          order by h.started_at desc, h.created_at desc), '[]'::json)
        from (select s.*, p.name as plan_name from subscriptions s join subscription_plans p on p.id = s.plan_id
              where s.user_id = ${userId} order by s.started_at desc, s.created_at desc
              limit ${size.history} offset ${offsetOf(pages.history, size.history)}) h) as history,
      (select count(*)::int from payments where user_id = ${userId} and status = 'succeeded') as receipts_total,
      (select coalesce(json_agg(json_build_object(
          'id', r.id, 'number', r.number, 'description', r.description, 'amountMinor', r.amount_minor,
          'currency', r.currency, 'method', r.method, 'cardBrand', r.card_brand, 'cardLast4', r.card_last4,
          'createdAt', r.created_at) order by r.created_at desc, r.id desc), '[]'::json)
        from (select * from payments where user_id = ${userId} and status = 'succeeded'
              order by created_at desc, id desc
              limit ${size.receipts} offset ${offsetOf(pages.receipts, size.receipts)}) r) as receipts,
      (select json_build_object('amount', remaining, 'expiresAt', expires_at) from token_lots
        where user_id = ${userId} and remaining > 0 and expires_at > ${now} and expires_at <= ${until}
        order by expires_at asc limit 1) as expiring,
      (select coalesce(json_agg(json_build_object(
          'id', id, 'name', name, 'tokens', tokens, 'bonusTokens', bonus_tokens, 'prices', prices,
          'description', description, 'isPopular', is_popular) order by position), '[]'::json)
        from token_packages where is_active) as packages,
      (select coalesce(json_agg(json_build_object(
          'id', id, 'name', name, 'price', price, 'prices', prices, 'monthlyTokens', monthly_tokens,
          'projectLimit', project_limit, 'isPopular', is_popular, 'features', features) order by position), '[]'::json)
        from subscription_plans where is_active) as plans`);
}

const date = (value: string) => new Date(value);

/**
 * Everything the tab lists, with each list's page. Grants past their 90 days
 * become expiry rows first (as settleTokenAccount does), which costs more
 * statements only on the view where something is due; so does a page past
 * the end of a list (it shows that list's last page).
 */
export async function readBillingTab(
  userId: string,
  requested: BillingPages,
  options: { now?: Date; expiryDays?: number } = {},
) {
  const now = options.now ?? new Date();
  const expiryDays = options.expiryDays ?? 14;
  let [row] = await read(userId, requested, now, expiryDays);
  if (row!.due) {
    await settleTokenAccount(userId, now);
    [row] = await read(userId, requested, now, expiryDays);
  }
  const pages = {
    ledger: paginate(row!.ledger_total, requested.ledger, BILLING_PAGE_SIZES.ledger),
    history: paginate(row!.history_total, requested.history, BILLING_PAGE_SIZES.history),
    receipts: paginate(row!.receipts_total, requested.receipts, BILLING_PAGE_SIZES.receipts),
  } satisfies Record<keyof BillingPages, Page>;
  const clamped = { ledger: pages.ledger.page, history: pages.history.page, receipts: pages.receipts.page };
  if (
    clamped.ledger !== Math.max(1, requested.ledger) ||
    clamped.history !== Math.max(1, requested.history) ||
    clamped.receipts !== Math.max(1, requested.receipts)
  )
    [row] = await read(userId, clamped, now, expiryDays);
  const r = row!;
  return {
    pages,
    ledger: r.ledger.map((l): LedgerView => ({
      ...l,
      createdAt: date(l.createdAt),
      expiresAt: l.expiresAt ? date(l.expiresAt) : null,
    })),
    // As listSubscriptionHistory gives them (the API's shape).
    history: r.history.map((s) => ({
      id: s.id,
      plan: s.planName.toLowerCase(),
      plan_name: s.planName,
      status: s.status,
      start_date: date(s.startedAt),
      end_date: s.endedAt ? date(s.endedAt) : undefined,
      ends_at_period_end: s.status === "active" && s.cancelAtPeriodEnd ? date(s.currentPeriodEnd) : undefined,
      end_reason: s.endReason ?? undefined,
    })),
    receipts: r.receipts.map((p) => ({ ...p, createdAt: date(p.createdAt) })),
    expiring: r.expiring ? { amount: r.expiring.amount, expiresAt: date(r.expiring.expiresAt) } : null,
    packages: r.packages,
    plans: r.plans,
  };
}
