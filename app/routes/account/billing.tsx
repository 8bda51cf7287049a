import { data, Link } from "react-router";
import { cardLabel, RECEIPT_KIND_LABELS } from "~models/billing/account-billing";
import { formatAmount } from "~models/platform/money";
import {
  BILLING_LINKS,
  currentPlanForRequest,
  getStorageUsage,
  tokensThisPeriodForRequest,
  listPaymentMethods,
  listReceipts,
  listReceiptsPage,
  removePaymentMethod,
} from "~models/views/account-billing.server";
import { storagePercent } from "~models/identity/manage-account";
import { formatFileSize } from "~models/platform/uploads";
import { AccountSection, primaryLinkClass, secondaryButtonClass } from "~/components/account/section";
import { CardActionButton, SavedCardList } from "~/components/billing/saved-card";
import { FormMessages } from "~/components/forms";
import { Pager } from "~/components/pager";
import { pageNumber } from "~models/platform/pagination";
import { memberOf } from "~/lib/membership.server";
import { refusalFor } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/billing";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [{ title: "Billing & Payments — Ascendra" }];

/** Recent invoices shows this many; View All shows every one, this many to a page. */
export const RECENT_RECEIPTS_SHOWN = 5;
export const RECEIPTS_PER_PAGE = 25;

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const params = new URL(request.url).searchParams;
  const all = params.get("receipts") === "all";
  // Receipts and payment methods are the billing right's (decision 0079): without it, the plan and usage only.
  const refusal = refusalFor(member, "billing");
  const none = Promise.resolve({ rows: [], page: null });
  // The plan and this period's tokens come from the request's account summary (the sidebar reads it too).
  const currentPlan = currentPlanForRequest(request, member.accountId);
  const [plan, tokens, storage, receipts, methods] = await Promise.all([
    currentPlan,
    tokensThisPeriodForRequest(request, member.accountId),
    getStorageUsage(member.accountId, currentPlan),
    refusal
      ? none
      : all
        ? listReceiptsPage(member.accountId, pageNumber(params.get("page")), RECEIPTS_PER_PAGE)
        : listReceipts(member.accountId, RECENT_RECEIPTS_SHOWN + 1).then((rows) => ({ rows, page: null })),
    refusal ? [] : listPaymentMethods(member.accountId),
  ]);
  return {
    refusal,
    plan,
    tokens,
    storage,
    receipts: all ? receipts.rows : receipts.rows.slice(0, RECENT_RECEIPTS_SHOWN),
    receiptsPage: receipts.page,
    more: !all && receipts.rows.length > RECENT_RECEIPTS_SHOWN,
    methods,
    links: BILLING_LINKS,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "billing", "manage payment methods");
  if (refused) return data({ ok: false, message: refused }, { status: 403 });
  const formData = await requireForm(request);
  if (formData.get("intent") !== "remove-method")
    return data({ ok: false, message: "Unknown action." }, { status: 400 });
  const removed = await removePaymentMethod(member.accountId, String(formData.get("id") ?? ""));
  return data({ ok: removed.ok, message: removed.message }, { status: removed.ok ? 200 : removed.status });
}

function Bar({ percent, label, tone }: { percent: number; label: string; tone: string }) {
  return (
    <div
      className="h-2.5 overflow-hidden rounded-full bg-surface-raised"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
    </div>
  );
}

export default function BillingPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { refusal, plan, tokens, storage, receipts, receiptsPage, more, methods, links } = loaderData;
  const storageUsed = storagePercent(storage.usedBytes, storage.quotaBytes);
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Billing & Payments</h1>
        <p className="text-text-muted">Your plan, what you use, your receipts and how you pay.</p>
        <RoleRefusal message={refusal} />
      </header>
      <FormMessages
        success={actionData?.ok ? actionData.message : null}
        errors={actionData && !actionData.ok ? [actionData.message] : undefined}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <AccountSection id="current-plan" title="Current plan">
          <div className="flex flex-col gap-1">
            <p className="font-display text-2xl font-semibold" data-testid="current-plan">
              {plan.name} Plan
            </p>
            <p className="text-text-muted">{plan.priceLabel ?? "No monthly charge"}</p>
            <p className="text-sm text-text-muted">
              {plan.periodEnd
                ? `${plan.cancelAtPeriodEnd ? "Ends" : "Renews"} on ${formatDate(plan.periodEnd)}`
                : "You have no subscription. Subscribe to get monthly Creative Tokens and more storage."}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={links.upgradePlan} className={primaryLinkClass}>
              Upgrade Plan
            </Link>
            <Link to={links.changePaymentMethod} className={secondaryButtonClass}>
              Change Payment Method
            </Link>
          </div>
        </AccountSection>

        <AccountSection id="usage" title="Usage">
          <div className="flex flex-col gap-2">
            <div className="flex justify-between gap-3 text-sm">
              <span>Creative Tokens this period</span>
              <span className="font-medium" data-testid="usage-tokens">
                {tokens.granted ? `${tokens.spent} of ${tokens.granted}` : "None granted"}
              </span>
            </div>
            <Bar percent={tokens.percent} label="Creative Tokens used this period" tone="bg-yellow" />
            <p className="text-xs text-text-muted">
              {formatDate(tokens.periodStart)} –{" "}
              {formatDate(new Date(new Date(tokens.periodEnd).getTime() - 1))}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex justify-between gap-3 text-sm">
              <span>Storage</span>
              <span className="font-medium" data-testid="usage-storage">
                {formatFileSize(storage.usedBytes)} of {formatFileSize(storage.quotaBytes)} ({storageUsed}%)
              </span>
            </div>
            <Bar percent={storageUsed} label="Storage used" tone="bg-blue" />
            <p className="text-xs text-text-muted">The files you uploaded to your projects.</p>
          </div>
        </AccountSection>
      </div>

      <AccountSection
        id="invoices"
        title="Recent invoices"
        intro="A receipt for every token purchase, subscription charge and gift card."
      >
        {receipts.length ? (
          <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Recent invoices">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="text-text-muted">
                <tr>
                  <th className="py-2 font-medium">Date</th>
                  <th className="py-2 font-medium">Receipt</th>
                  <th className="py-2 font-medium">Item</th>
                  <th className="py-2 font-medium">Amount</th>
                  <th className="py-2 font-medium">Status</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {receipts.map((r) => (
                  <tr key={r.id} className="border-t border-border" data-testid="receipt">
                    <td className="py-3">{formatDate(r.issuedAt)}</td>
                    <td className="py-3">{r.number}</td>
                    <td className="py-3">{RECEIPT_KIND_LABELS[r.kind]}</td>
                    <td className="py-3">{formatAmount(r)}</td>
                    <td className="py-3">{r.status}</td>
                    <td className="py-3 text-right whitespace-nowrap">
                      <a
                        href={`/manageaccount/receipts/${r.id}/pdf`}
                        className="font-semibold hover:underline"
                      >
                        Download<span className="sr-only"> {r.number} as PDF</span>
                      </a>
                      {" · "}
                      <a href={`/manageaccount/receipts/${r.id}`} className="font-semibold hover:underline">
                        Print<span className="sr-only"> {r.number}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-text-muted" data-testid="no-receipts">
            No invoices yet. When you buy tokens, pay for a subscription or send a gift card, its receipt
            appears here.
          </p>
        )}
        {receiptsPage ? (
          <Pager page={receiptsPage} label="Invoice pages" noun={["invoice", "invoices"]} hash="invoices" />
        ) : null}
        {more ? (
          <Link
            to="?receipts=all#invoices"
            className="self-start text-sm font-semibold underline-offset-4 hover:underline"
          >
            View All
          </Link>
        ) : null}
      </AccountSection>

      <AccountSection
        id="payment-methods"
        title="Payment methods"
        intro="We keep only the card brand and its last four digits; the payment provider holds the rest."
      >
        <SavedCardList
          cards={methods}
          testId="payment-method"
          actionsClass="flex gap-2"
          actions={(m) => (
            <>
              <Link to={links.changePaymentMethod} className="text-sm font-semibold hover:underline">
                Edit<span className="sr-only"> {cardLabel(m)}</span>
              </Link>
              <CardActionButton card={m} intent="remove-method" danger>
                Remove
              </CardActionButton>
            </>
          )}
          empty={
            <p className="text-text-muted" data-testid="no-payment-methods">
              No saved payment method. Add one here, or tick “Save this card” when you next pay.
            </p>
          }
        />
        <Link to={links.addPaymentMethod} className={`${secondaryButtonClass} self-start`}>
          Add New Payment Method
        </Link>
      </AccountSection>
    </div>
  );
}
