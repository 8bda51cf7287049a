import { data, Link } from "react-router";
import { accountSummaryForRequest } from "~models/views/account-summary.server";
import { apiTokenPackage } from "~models/billing/api";
import { formatRegionPrice, planPrices, REGION_CURRENCIES } from "~models/billing/currency";
import { regionForRequest, setAccountRegion } from "~models/billing/currency.server";
import { regionSavedMessage, RegionSettingSchema } from "~models/billing/currency-setting";
import { RedeemGiftCardSchema } from "~models/billing/gift-cards";
import { redeemGiftCard } from "~models/billing/gift-cards.server";
import { formatMinor } from "~models/platform/money";
import { PAYMENT_METHOD_LABELS, toMinor, type PaymentMethod } from "~models/billing/payments";
import { FREE_PLAN } from "~models/billing/subscriptions";
import { cancelSubscription, planCanBeKept } from "~models/billing/subscriptions.server";
import { readBillingTab } from "~models/billing/billing-tab.server";
import { pageNumber, type Page } from "~models/platform/pagination";
import {
  CurrencySetting,
  CurrentPlanCard,
  Receipts,
  RedeemGiftCard,
  SubscriptionHistory,
  SubscriptionPlans,
  TokenHistory,
  TokenPackages,
} from "~/components/billing/billing-sections";
import { ActionNotice, Tokens } from "~/components/billing/notice";
import { memberOf } from "~/lib/membership.server";
import { refusalFor, whoseSummary } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/billing";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [{ title: "Billing & Tokens — Ascendra" }];

const EXPIRY_WARNING_DAYS = 14;

const pick = ({ page, pageCount, total }: Page) => ({ page, pageCount, total });

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const params = new URL(request.url).searchParams;
  // Receipts, the currency and the plan's cancelling are the billing right's; buying, the buy right's (decision 0079).
  const billing = refusalFor(member, "billing", "see receipts or manage the plan");
  const buy = refusalFor(member, "buy", "buy tokens or plans");
  // Balance and plan from the request's account summary (the shell reads it too); the
  // lists, each one page, and the catalogue in one statement (expiry rows are written first when due).
  const [summary, { region, source }, tab] = await Promise.all([
    accountSummaryForRequest(request, whoseSummary(member)),
    regionForRequest(request, member.accountId),
    readBillingTab(
      member.accountId,
      {
        ledger: pageNumber(params.get("page")),
        history: pageNumber(params.get("plans_page")),
        receipts: pageNumber(params.get("receipts_page")),
      },
      { expiryDays: EXPIRY_WARNING_DAYS },
    ),
  ]);
  const { balance, active } = summary;
  // A plan Razorpay bills cannot be kept once cancelled: the card says so before and after (decision 0080).
  const keepable = active ? await planCanBeKept(active.subscription) : true;
  const { packages, plans, pages } = tab;
  // Every price in the client's one currency (docs/decisions/0059).
  const money = (amount: number) => formatMinor(toMinor(amount), REGION_CURRENCIES[region]);
  return {
    balance,
    refusals: { billing, buy },
    region: { value: region, chosen: source === "setting" },
    expiring: tab.expiring,
    pages: {
      ledger: pick(pages.ledger),
      history: pick(pages.history),
      receipts: pick(pages.receipts),
    },
    current: active
      ? {
          planId: active.plan.id,
          name: active.plan.name,
          price: money(planPrices(active.plan)[region]),
          status: active.subscription.status,
          endsAt: active.subscription.currentPeriodEnd,
          cancelling: active.subscription.cancelAtPeriodEnd,
          keepable,
          paid: active.plan.price > 0,
          monthlyTokens: active.plan.monthlyTokens,
        }
      : {
          planId: FREE_PLAN.id,
          name: FREE_PLAN.name,
          price: money(0),
          status: "active",
          endsAt: null,
          cancelling: false,
          keepable: true,
          paid: false,
          monthlyTokens: 0,
        },
    packages: packages.map((p) => {
      const api = apiTokenPackage(p, region);
      return { ...api, label: formatRegionPrice(p.prices, region) };
    }),
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      price: formatRegionPrice(planPrices(p), region),
      monthlyTokens: p.monthlyTokens,
      projectLimit: p.projectLimit,
      isPopular: p.isPopular,
      features: p.features,
    })),
    ledger: tab.ledger,
    history: tab.history,
    receipts: (billing ? [] : tab.receipts).map((p) => ({
      id: p.id,
      number: p.number,
      description: p.description,
      amount: formatMinor(p.amountMinor, p.currency),
      card: p.cardLast4
        ? `${p.cardBrand ?? "Card"} ending ${p.cardLast4}`
        : PAYMENT_METHOD_LABELS[p.method as PaymentMethod],
      createdAt: p.createdAt,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const form = Object.fromEntries(await requireForm(request));
  const refused =
    form.intent === "cancel" || form.intent === "currency"
      ? refusalFor(member, "billing", "manage the plan or its currency")
      : null;
  if (refused) return data({ notice: { tone: "error" as const, message: refused } }, { status: 403 });
  if (form.intent === "cancel") {
    const result = await cancelSubscription(member.accountId);
    return data(
      { notice: { tone: result.ok ? ("success" as const) : ("error" as const), message: result.message } },
      { status: result.ok ? 200 : result.status },
    );
  }
  if (form.intent === "currency") {
    const parsed = RegionSettingSchema.safeParse(form);
    if (!parsed.success)
      return data(
        { notice: { tone: "error" as const, message: parsed.error.issues[0]!.message } },
        { status: 400 },
      );
    await setAccountRegion(member.accountId, parsed.data.region);
    return { notice: { tone: "success" as const, message: regionSavedMessage(parsed.data.region) } };
  }
  if (form.intent === "redeem") {
    // A refused code goes back into the field; a redeemed one is spent and leaves it empty.
    const typed = typeof form.code === "string" ? form.code : "";
    const parsed = RedeemGiftCardSchema.safeParse(form);
    if (!parsed.success)
      return data(
        {
          redeem: {
            notice: { tone: "error" as const, message: parsed.error.issues[0]!.message },
            code: typed,
          },
        },
        { status: 400 },
      );
    const result = await redeemGiftCard(member.accountId, parsed.data.code);
    return data(
      {
        redeem: {
          notice: { tone: result.ok ? ("success" as const) : ("error" as const), message: result.message },
          code: result.ok ? "" : typed,
        },
      },
      { status: result.ok ? 200 : result.status },
    );
  }
  return data({ notice: { tone: "error" as const, message: "Unknown action." } }, { status: 400 });
}

export default function BillingTokensTab({ loaderData, actionData }: Route.ComponentProps) {
  const { balance, refusals, expiring, current, packages, plans, ledger, history, receipts, pages, region } =
    loaderData;
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Billing & Tokens</h1>
        <p className="text-text-muted">
          Your Creative Tokens, your plan and your receipts.{" "}
          <Link
            to="/dashboard2/billing/invoices"
            className="font-semibold text-text underline underline-offset-4"
          >
            Tax invoices and your tax details
          </Link>
        </p>
      </header>
      <ActionNotice notice={actionData && "notice" in actionData ? actionData.notice : null} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-6">
          <p className="text-sm text-text-muted">Creative Tokens</p>
          <p className="font-display text-4xl font-semibold" data-testid="billing-balance">
            {balance}
          </p>
          <p className="text-sm text-text-muted">
            {expiring ? (
              <>
                <Tokens value={expiring.amount} /> expire on {formatDate(expiring.expiresAt)}.
              </>
            ) : (
              "Tokens are valid for 90 days from the day you get them; the oldest are spent first."
            )}
          </p>
          {refusals.buy ? null : (
            <Link
              to="/dashboard2/billing/tokens"
              className="self-start rounded-full bg-text px-5 py-2.5 text-sm font-semibold text-canvas"
            >
              Buy tokens
            </Link>
          )}
        </div>
        <CurrentPlanCard plan={current} manage={!refusals.billing} />
      </div>
      <RoleRefusal message={refusals.buy ?? refusals.billing} />
      {refusals.billing ? null : <CurrencySetting region={region.value} chosen={region.chosen} />}
      <TokenPackages packages={packages} />
      <SubscriptionPlans plans={plans} currentPlanId={current.planId} />
      <RedeemGiftCard answer={actionData && "redeem" in actionData ? actionData.redeem : null} />
      <TokenHistory rows={ledger} page={pages.ledger} />
      <SubscriptionHistory rows={history} page={pages.history} />
      <Receipts rows={receipts} page={pages.receipts} />
    </div>
  );
}
