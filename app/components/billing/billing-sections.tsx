import { classes } from "~/lib/classes";
import { Form, Link } from "react-router";
import { type Region } from "~models/billing/currency";
import { REGION_OPTIONS } from "~models/billing/currency-setting";
import { planCheckoutPath, SUBSCRIPTION_MESSAGES } from "~models/billing/subscriptions";
import { REASON_LABELS, type LedgerReason } from "~models/billing/tokens";
import { inputClass } from "~/components/forms";
import { ActionNotice, type Notice } from "./notice";
import { Pager, type PagerPage } from "~/components/pager";
import { formatDate, formatDateTime } from "~/lib/format";
import { CheckIcon } from "~/components/icons";

// The Billing & Tokens tab's sections (docs/product.md, "Dashboard"): token packages, token
// history, subscription plans, the current subscription with Cancel Plan,
// subscription history, gift card redemption and receipts.

const card = "rounded-2xl border border-border bg-surface p-6";
const sectionTitle = "font-display text-xl font-semibold";

export type CurrentPlan = {
  planId: string;
  name: string;
  price: string;
  status: string;
  endsAt: string | Date | null;
  cancelling: boolean;
  /** False when the gateway billing it cannot take a cancellation back (Razorpay). */
  keepable: boolean;
  paid: boolean;
  monthlyTokens: number;
};

/** The plan now, with Cancel Plan only for an active paid plan; the confirmation opens without JavaScript. */
/** `manage`: the role may keep or cancel the plan (decision 0079); otherwise the card only shows it. */
export function CurrentPlanCard({ plan, manage = true }: { plan: CurrentPlan; manage?: boolean }) {
  return (
    <div className={`${card} flex flex-col gap-3`} data-testid="current-plan">
      <p className="text-sm text-text-muted">Current plan</p>
      <p className="font-display text-2xl font-semibold">{plan.name}</p>
      {plan.paid ? (
        <p className="text-sm text-text-muted" data-testid="plan-status">
          {plan.cancelling
            ? `Cancelled · access until ${formatDate(plan.endsAt!)}`
            : `Active · renews ${formatDate(plan.endsAt!)} · ${plan.price} a month`}
        </p>
      ) : (
        <p className="text-sm text-text-muted">No monthly tokens, one active project at a time.</p>
      )}
      {manage && plan.paid && plan.cancelling && !plan.keepable ? (
        <p className="text-sm" data-testid="plan-ends-for-good">
          {SUBSCRIPTION_MESSAGES.endsForGood(plan.name, formatDate(plan.endsAt!))}
        </p>
      ) : null}
      {manage && plan.paid && plan.cancelling && plan.keepable ? (
        <Link
          to={planCheckoutPath(plan.planId)}
          className="self-start text-sm font-semibold underline underline-offset-4"
        >
          Keep my plan
        </Link>
      ) : null}
      {manage && plan.paid && !plan.cancelling && plan.status === "active" ? (
        <details className="group">
          <summary
            className={classes(
              "inline-flex cursor-pointer list-none rounded-full border border-red/60",
              "px-4 py-2 text-sm font-semibold text-red",
              "[&::-webkit-details-marker]:hidden",
            )}
          >
            Cancel Plan
          </summary>
          <Form
            method="post"
            className="mt-3 flex flex-col gap-3 rounded-xl border border-border bg-surface-raised p-4"
            role="alertdialog"
            aria-label="Cancel your plan?"
          >
            <p className="text-sm">{SUBSCRIPTION_MESSAGES.cancelConfirm}</p>
            {plan.keepable ? null : <p className="text-sm">{SUBSCRIPTION_MESSAGES.cancelForGood}</p>}
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="self-start rounded-full bg-red px-4 py-2 text-sm font-semibold text-red-ink"
            >
              Yes, cancel my plan
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

type PackageCard = {
  id: string;
  name: string;
  total_tokens: number;
  bonus_tokens: number;
  is_popular: boolean;
  label: string;
};

export function TokenPackages({ packages }: { packages: PackageCard[] }) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="packages-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="packages-title" className={sectionTitle}>
          Token packages
        </h2>
        <Link to="/creative-tokens#pricing" className="text-sm text-text-muted hover:text-text">
          Prices in other regions
        </Link>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {packages.map((p) => (
          <li
            key={p.id}
            className={`${card} flex flex-col gap-2 ${p.is_popular ? "border-yellow" : ""}`}
            data-testid="token-package"
          >
            <p className="font-display text-lg font-semibold">{p.name}</p>
            <p className="text-2xl font-bold">{p.total_tokens} tokens</p>
            <p className="text-sm text-text-muted">
              {p.bonus_tokens ? `Includes ${p.bonus_tokens} bonus tokens` : "Our smallest package"}
            </p>
            <p className="font-semibold text-yellow">{p.label}</p>
            <Link
              to={`/dashboard2/billing/tokens?package=${p.id}`}
              className="mt-2 self-start rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas"
              aria-label={`Buy ${p.name}`}
            >
              Buy
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type PlanCard = {
  id: string;
  name: string;
  price: string;
  monthlyTokens: number;
  projectLimit: number;
  isPopular: boolean;
  features: string[];
};

export function SubscriptionPlans({ plans, currentPlanId }: { plans: PlanCard[]; currentPlanId: string }) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="plans-title">
      <h2 id="plans-title" className={sectionTitle}>
        Subscription plans
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.id}
            className={`${card} flex flex-col gap-3 ${plan.isPopular ? "border-red" : ""}`}
            data-testid="plan"
            data-plan={plan.id}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="font-display text-lg font-semibold">{plan.name}</p>
              {plan.isPopular ? (
                <span className="rounded-full bg-red px-2.5 py-0.5 text-xs font-bold text-red-ink">
                  Popular
                </span>
              ) : null}
            </div>
            <p>
              <span className="text-2xl font-bold">{plan.price}</span>{" "}
              <span className="text-sm text-text-muted">/ month</span>
            </p>
            <p className="text-sm text-text-muted">
              {plan.monthlyTokens} tokens a month ·{" "}
              {plan.projectLimit === -1
                ? "unlimited projects"
                : `${plan.projectLimit} active project${plan.projectLimit === 1 ? "" : "s"}`}
            </p>
            <ul className="flex flex-col gap-1 text-sm">
              {plan.features.slice(0, 3).map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 shrink-0 text-green" />
                  {f}
                </li>
              ))}
            </ul>
            {plan.id === currentPlanId ? (
              <span className="mt-auto self-start rounded-full border border-green/60 px-4 py-2 text-sm font-semibold text-green">
                Current plan
              </span>
            ) : (
              <Link
                to={planCheckoutPath(plan.id)}
                className="mt-auto self-start rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas"
                aria-label={`Subscribe to ${plan.name}`}
              >
                Subscribe
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The account's currency (docs/decisions/0059): one select and a Save button, a plain form
 * (works without JavaScript). `chosen` false: the last purchase or the browser decided it.
 */
export function CurrencySetting({ region, chosen }: { region: Region; chosen: boolean }) {
  return (
    <section className={`${card} flex flex-col gap-3`} aria-labelledby="currency-title">
      <h2 id="currency-title" className="font-display text-lg font-semibold">
        Currency
      </h2>
      <p className="text-sm text-text-muted">
        Every price you see, and every payment, is in this currency.
        {chosen
          ? null
          : " We picked it from your last purchase or your browser's language; choose another any time."}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <label htmlFor="currency-region" className="flex flex-col gap-1 text-sm font-semibold">
          Prices in
          <select
            id="currency-region"
            name="region"
            defaultValue={region}
            key={region}
            className={`${inputClass} max-w-xs`}
          >
            {REGION_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          name="intent"
          value="currency"
          className="rounded-full border border-border px-5 py-2.5 text-sm font-semibold hover:border-text-muted"
        >
          Save currency
        </button>
      </Form>
    </section>
  );
}

/**
 * The redeem form, with its own answer beside it (the page is long); a
 * refused code comes back in the field, also without JavaScript.
 */
export function RedeemGiftCard({ answer }: { answer?: { notice: Notice; code?: string } | null }) {
  return (
    <section className={`${card} flex flex-col gap-3`} aria-labelledby="redeem-title">
      <h2 id="redeem-title" className="font-display text-lg font-semibold">
        Redeem a gift card
      </h2>
      <p className="text-sm text-text-muted">
        The whole amount becomes Creative Tokens at once. Each code works once.
      </p>
      <ActionNotice notice={answer?.notice} testId="redeem-notice" />
      <Form method="post" className="flex flex-wrap gap-2">
        <label htmlFor="gift-code" className="sr-only">
          Gift card code
        </label>
        <input
          id="gift-code"
          name="code"
          defaultValue={answer?.code ?? ""}
          // A new answer re-renders the field: a redeemed code leaves it empty, a refused one is kept.
          key={answer ? `${answer.notice?.tone}:${answer.notice?.message}:${answer.code}` : "none"}
          placeholder="ASC-XXXX-XXXX-XXXX"
          autoComplete="off"
          spellCheck={false}
          required
          className={`${inputClass} max-w-xs uppercase`}
        />
        <button
          type="submit"
          name="intent"
          value="redeem"
          className="rounded-full border border-border px-5 text-sm font-semibold hover:border-text-muted"
        >
          Redeem
        </button>
      </Form>
    </section>
  );
}

type LedgerRow = {
  id: string;
  kind: string;
  reason: string;
  delta: number;
  balanceAfter: number;
  description: string;
  createdAt: string | Date;
  expiresAt: string | Date | null;
};

/** The token history; with `page`, one page of it and links to the others (?page=). */
export function TokenHistory({ rows, page }: { rows: LedgerRow[]; page?: PagerPage }) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="history-title">
      <h2 id="history-title" className={sectionTitle}>
        Token history
      </h2>
      {rows.length ? (
        // Scrolls sideways on a phone, so it takes focus: arrow keys scroll it.
        <div
          className="relative overflow-x-auto rounded-2xl border border-border"
          tabIndex={0}
          role="region"
          aria-labelledby="history-title"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-surface text-text-muted">
              <tr>
                <th className="px-4 py-3 font-medium">Date</th>
                <th className="px-4 py-3 font-medium">What</th>
                <th className="px-4 py-3 text-right font-medium">Tokens</th>
                <th className="px-4 py-3 text-right font-medium">Balance</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.id} data-testid="ledger-row">
                  <td className="px-4 py-3 whitespace-nowrap text-text-muted">
                    {formatDateTime(row.createdAt)}
                  </td>
                  <td className="px-4 py-3">
                    <span className="block">{REASON_LABELS[row.reason as LedgerReason] ?? row.reason}</span>
                    <span className="block text-xs text-text-muted">
                      {row.description}
                      {row.expiresAt ? ` · expires ${formatDate(row.expiresAt)}` : ""}
                    </span>
                  </td>
                  <td
                    className={`px-4 py-3 text-right font-semibold ${row.delta > 0 ? "text-green" : "text-red"}`}
                  >
                    {row.delta > 0 ? `+${row.delta}` : `−${-row.delta}`}
                  </td>
                  <td className="px-4 py-3 text-right">{row.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-text-muted">
          No tokens yet. Buy a package, subscribe to a plan or redeem a gift card.
        </p>
      )}
      {page ? (
        <Pager page={page} label="Token history pages" noun={["entry", "entries"]} hash="history-title" />
      ) : null}
    </section>
  );
}

type HistoryRow = {
  id: string;
  plan_name: string;
  start_date: string | Date;
  end_date?: string | Date;
  ends_at_period_end?: string | Date;
};

export function SubscriptionHistory({ rows, page }: { rows: HistoryRow[]; page?: PagerPage }) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="sub-history-title">
      <h2 id="sub-history-title" className={sectionTitle}>
        Subscription history
      </h2>
      {rows.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm"
              data-testid="subscription-history"
            >
              <span className="font-semibold">{row.plan_name}</span>
              <span className="text-text-muted">
                {formatDate(row.start_date)} –{" "}
                {row.end_date
                  ? formatDate(row.end_date)
                  : row.ends_at_period_end
                    ? `Present (ends ${formatDate(row.ends_at_period_end)})`
                    : "Present"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-text-muted">You have not subscribed to a plan yet.</p>
      )}
      {page ? (
        <Pager
          page={page}
          label="Subscription history pages"
          param="plans_page"
          noun={["subscription", "subscriptions"]}
          hash="sub-history-title"
        />
      ) : null}
    </section>
  );
}

type Receipt = {
  id: string;
  number: number;
  description: string;
  amount: string;
  card: string;
  createdAt: string | Date;
};

export function Receipts({ rows, page }: { rows: Receipt[]; page?: PagerPage }) {
  if (!rows.length) return null;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="receipts-title">
      <h2 id="receipts-title" className={sectionTitle}>
        Receipts
      </h2>
      <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
        {rows.map((r) => (
          <li
            key={r.id}
            className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[6rem_1fr_auto]"
            data-testid="receipt"
          >
            <span className="text-text-muted">#{r.number}</span>
            <span>
              {r.description}
              <span className="block text-xs text-text-muted">
                {formatDateTime(r.createdAt)} · {r.card}
              </span>
            </span>
            <span className="font-semibold sm:text-right">{r.amount}</span>
          </li>
        ))}
      </ul>
      {page ? (
        <Pager
          page={page}
          label="Receipt pages"
          param="receipts_page"
          noun={["receipt", "receipts"]}
          hash="receipts-title"
        />
      ) : null}
    </section>
  );
}
