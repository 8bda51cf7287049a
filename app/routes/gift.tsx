import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { getBillingSettings } from "~models/billing/billing-content.server";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import {
  GIFT_AMOUNTS,
  GIFT_MESSAGES,
  giftCardFields,
  giftCardSchema,
  giftTokenRates,
  guestGiftRegion,
  type GiftRegionSource,
} from "~models/billing/gift-cards";
import {
  formatGiftCode,
  giftCardOfPayment,
  giftCardValue,
  purchaseGiftCard,
  type GiftCardRow,
} from "~models/billing/gift-cards.server";
import { isRegion, REGION_CURRENCIES, REGIONS, type Region } from "~models/billing/currency";
import { regionForRequest } from "~models/billing/currency.server";
import { CURRENCY_MESSAGES, currencyName } from "~models/billing/currency-setting";
import { COMMON_MESSAGES } from "~models/platform/form-fields";
import { newIdempotencyKey } from "~models/billing/payments";
import { listSavedCards } from "~models/billing/payment-methods.server";
import { checkoutState, gatewayFor, paymentMode } from "~models/billing/payments.server";
import { consumeRateLimit } from "~models/platform/rate-limit.server";
import { GiftAmount, GiftMessage } from "~/components/billing/gift-amount";
import { PaymentStep, paymentDefaults } from "~/components/billing/payment-fields";
import { Field, FormMessages, SubmitButton } from "~/components/forms";
import { PaymentNotice } from "~/components/payment-mode";
import { checkoutParams, checkoutReturn, paymentNotices } from "~/lib/checkout.server";
import { clientAddress } from "~/lib/auth.server";
import { findMember } from "~/lib/membership.server";
import { refusalFor } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/gift";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { loaderHeaders } from "~/lib/route-headers";
import { displayNameOf } from "~models/identity/manage-account";
import { cardsOnOurPage as cardsOnPage } from "~models/billing/payments";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Gift cards — Ascendra" },
  {
    name: "description",
    content: loaderData?.copy.intro ?? "Give an Ascendra gift card for any service or package.",
  },
];

/** Gift card purchases per address: 10 an hour (a stolen card cannot be tried endlessly). */
const GIFT_PURCHASE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

/** A card as the success panel shows it: its value in its own currency, and that currency named. */
const shownCard = (card: GiftCardRow) => ({
  code: formatGiftCode(card.code),
  amount: giftCardValue(card),
  currency: card.currency,
  recipient: card.recipientName,
  email: card.recipientEmail,
  deliverOn: card.deliverOn,
  delivered: card.deliveredAt !== null,
  expiresAt: card.expiresAt,
});

/**
 * The buyer's currency (decision 0059): a signed-in client's own (their setting, else their
 * last purchase, else their browser); a signed-out buyer's pick on this page, else their
 * browser's language, else rupees.
 */
async function buyerRegion(
  request: Request,
  userId: string | null,
): Promise<{ region: Region; source: GiftRegionSource | "account" }> {
  if (userId) return { region: (await regionForRequest(request, userId)).region, source: "account" };
  return guestGiftRegion(
    new URL(request.url).searchParams.get("currency"),
    request.headers.get("accept-language"),
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, member] = await Promise.all([getBillingSettings(), findMember(request)]);
  const user = member?.person;
  // Signed in, a gift card is bought for the organisation: the buy right's (decision 0079).
  const refusal = member ? refusalFor(member, "buy", "buy gift cards") : null;
  const { region, source } = await buyerRegion(request, member?.accountId ?? null);
  const sender = user ? { name: displayNameOf(user), email: user.email } : { name: "", email: "" };
  // Not cached: every view carries its own idempotency key.
  const savedCards = member && !refusal ? await listSavedCards(member.accountId) : [];
  // Back from Stripe's page: pending until the webhook confirms, then the card (docs/decisions/0036).
  const back = checkoutParams(request);
  const checkout = await checkoutState(back.paymentId, member?.accountId ?? null, back.cancelled);
  const paidCard = checkout?.state === "paid" ? await giftCardOfPayment(checkout.payment.id) : null;
  return data(
    {
      copy: settings.giftCards,
      region,
      currency: REGION_CURRENCIES[region],
      /** Signed out, the buyer may pick; signed in, the account's currency holds (a link to change it). */
      currencySource: source,
      centsPerToken: giftTokenRates(settings.giftCards)[region],
      sender,
      today: todayInAgencyTimeZone(),
      idempotencyKey: newIdempotencyKey(),
      savedCards,
      signedIn: Boolean(user),
      refusal,
      mode: paymentMode(),
      notices: paymentNotices(paymentMode(), checkout, gatewayFor(REGION_CURRENCIES[region]).name),
      paidCard: paidCard && shownCard(paidCard),
    },
    // The page is never stored by a shared cache (each view has its own idempotency key); its
    // currency follows the browser's language, so any cache must tell languages apart.
    { headers: { Vary: "Accept-Language" } },
  );
}

export const headers = loaderHeaders;

export async function action({ request }: Route.ActionArgs) {
  const member = await findMember(request);
  const refused = member ? refusalFor(member, "buy", "buy gift cards") : null;
  if (refused) return data({ result: undefined, card: null }, { status: 403 });
  const mode = paymentMode();
  const schema = giftCardSchema({ cardRequired: cardsOnPage(mode) });
  const form = await requireForm(request);
  // The currency the page showed is posted; a form without one is in the buyer's currency now.
  const { region, source } = await buyerRegion(request, member?.accountId ?? null);
  if (!isRegion(form.get("region"))) form.set("region", region);
  const submission = parseWithZod(form, { schema });
  const hideFields = ["card_number", "card_cvc"];
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields }), card: null }, { status: 400 });
  // A client pays in their own currency: if it changed since the page was opened, nothing is charged.
  if (source === "account" && submission.value.region !== region)
    return data(
      {
        result: submission.reply({
          formErrors: [CURRENCY_MESSAGES.changed(currencyName(region))],
          hideFields,
        }),
        card: null,
      },
      { status: 409 },
    );
  const limit = await consumeRateLimit(`gift:${clientAddress(request)}`, GIFT_PURCHASE_LIMIT);
  if (limit.limited)
    return data(
      {
        result: submission.reply({
          formErrors: [
            COMMON_MESSAGES.tooManySubmissions(Math.max(1, Math.ceil(limit.retryAfterSeconds / 60))),
          ],
          hideFields,
        }),
        card: null,
      },
      { status: 429 },
    );
  const result = await purchaseGiftCard(submission.value, {
    userId: member?.accountId ?? null,
    checkout: checkoutReturn(request, "/gift"),
  });
  // Stripe Checkout: on to Stripe's page; the webhook creates the card (docs/decisions/0036).
  if (!result.ok && result.status === 303) throw redirect(result.checkoutUrl, 303);
  if (!result.ok)
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields }), card: null },
      { status: result.status },
    );
  return {
    result: submission.reply({ resetForm: true }),
    message: result.message,
    card: shownCard(result.giftCard),
  };
}

export default function GiftPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    copy,
    region,
    currency,
    currencySource,
    centsPerToken,
    sender,
    today,
    idempotencyKey,
    savedCards,
    signedIn,
    refusal,
    mode,
    notices,
    paidCard,
  } = loaderData;
  const rules = GIFT_AMOUNTS[region];
  const cardsOnOurPage = cardsOnPage(mode);
  const schema = giftCardSchema({ cardRequired: cardsOnOurPage });
  const [form, fields] = useZodForm(schema, {
    id: "gift-card",
    lastResult: actionData?.result,
    constraintFrom: giftCardFields,
    defaultValue: {
      amount: String(rules.preset),
      senderName: sender.name,
      senderEmail: sender.email,
      ...paymentDefaults(savedCards),
    },
  });
  const card = actionData?.card ?? paidCard;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-yellow uppercase">Gift cards</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-6xl">{copy.title}</h1>
        <p className="max-w-2xl text-lg text-text-muted">{copy.intro}</p>
        <PaymentNotice notice={notices.banner} />
        {card ? null : <PaymentNotice notice={notices.checkout} outcome />}
        <RoleRefusal message={refusal} />
      </header>

      {card ? (
        <section
          className="flex flex-col gap-4 rounded-3xl border border-green/50 bg-surface p-6 sm:p-10"
          role="status"
          data-testid="gift-success"
        >
          <h2 className="font-display text-2xl font-semibold">
            {actionData && "message" in actionData ? actionData.message : GIFT_MESSAGES.purchased}
          </h2>
          <p className="text-text-muted">
            {card.amount} for {card.recipient}, paid in {card.currency}.{" "}
            {card.delivered
              ? `We have emailed it to ${card.email}.`
              : `We will email it to ${card.email} on ${formatDate(card.deliverOn)}.`}{" "}
            Valid until {formatDate(card.expiresAt)}.
          </p>
          <p>
            Gift card code:{" "}
            <strong className="font-display text-xl tracking-wider" data-testid="gift-code">
              {card.code}
            </strong>
          </p>
          <Link
            to="/gift"
            className="self-start rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
          >
            Buy another gift card
          </Link>
        </section>
      ) : mode === "none" || refusal ? null : (
        <Form
          method="post"
          className="flex flex-col gap-8 rounded-3xl border border-border bg-surface/40 p-6 sm:p-10"
          data-card-required={cardsOnOurPage}
          data-region={region}
          data-cents-per-token={centsPerToken}
          {...getFormProps(form)}
        >
          <FormMessages errors={form.errors} errorId={form.errorId} />
          <input type="hidden" name="region" value={region} />
          <CurrencyLine region={region} currency={currency} source={currencySource} />
          <GiftAmount
            key={region}
            region={region}
            centsPerToken={centsPerToken}
            preset={Number(fields.amount.initialValue ?? rules.preset) || rules.preset}
            custom={String(fields.customAmount.initialValue ?? "")}
            presetErrors={fields.amount.errors}
            customErrors={fields.customAmount.errors}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              labelProps={{ children: "Recipient name" }}
              inputProps={getInputProps(fields.recipientName, { type: "text" })}
              errors={fields.recipientName.errors}
            />
            <Field
              labelProps={{ children: "Recipient email" }}
              inputProps={getInputProps(fields.recipientEmail, { type: "email" })}
              errors={fields.recipientEmail.errors}
            />
            <Field
              labelProps={{ children: "Your name" }}
              inputProps={{ ...getInputProps(fields.senderName, { type: "text" }), autoComplete: "name" }}
              errors={fields.senderName.errors}
            />
            <Field
              labelProps={{ children: "Your email" }}
              inputProps={{ ...getInputProps(fields.senderEmail, { type: "email" }), autoComplete: "email" }}
              errors={fields.senderEmail.errors}
            />
            <Field
              labelProps={{ children: "Delivery date (optional)" }}
              inputProps={{ ...getInputProps(fields.deliveryDate, { type: "date" }), min: today }}
              hint="Leave it empty to send the gift card right away."
              errors={fields.deliveryDate.errors}
            />
          </div>
          <GiftMessage textareaProps={getTextareaProps(fields.message)} errors={fields.message.errors} />
          <PaymentStep
            cardsOnOurPage={cardsOnOurPage}
            hostedNotice={notices.hosted}
            fields={fields}
            idempotencyKey={idempotencyKey}
            savedCards={savedCards}
            canSaveCard={signedIn}
          />
          <SubmitButton pendingLabel="Processing payment…" className="self-start">
            Purchase
          </SubmitButton>
        </Form>
      )}

      <section aria-labelledby="perfect-for" className="flex flex-col gap-6">
        <h2 id="perfect-for" className="font-display text-3xl font-semibold">
          {copy.perfectFor.title}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {copy.perfectFor.items.map((item) => (
            <li key={item.title} className="rounded-2xl border border-border bg-surface p-5">
              <h3 className="font-display text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="gift-terms" className="flex flex-col gap-6">
        <h2 id="gift-terms" className="font-display text-3xl font-semibold">
          {copy.terms.title}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          {copy.terms.items.map((item) => (
            <div key={item.title} className="rounded-2xl border border-border p-5">
              <dt className="font-semibold">{item.title}</dt>
              <dd className="mt-1 text-sm text-text-muted">{item.text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/**
 * Which currency the card is priced in. A client's is their account's (changed in Billing); a
 * signed-out buyer picks one with plain links (a new URL each, so no page is shared between
 * currencies, and it works without JavaScript).
 */
function CurrencyLine({
  region,
  currency,
  source,
}: {
  region: Region;
  currency: string;
  source: GiftRegionSource | "account";
}) {
  if (source === "account")
    return (
      <p className="text-sm text-text-muted" data-testid="gift-currency">
        Priced in {currencyName(region)} ({currency}), your account&apos;s currency.{" "}
        <Link to="/dashboard2/billing" className="font-semibold text-text underline underline-offset-4">
          Change your currency
        </Link>
      </p>
    );
  return (
    <nav
      aria-label="Currency"
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="gift-currency"
    >
      <span className="text-text-muted">Pay in</span>
      {REGIONS.map((option) => (
        <Link
          key={option}
          to={`/gift?currency=${REGION_CURRENCIES[option]}`}
          aria-current={option === region ? "true" : undefined}
          className="rounded-full border border-border px-3 py-1 font-semibold aria-[current=true]:border-yellow aria-[current=true]:text-yellow"
        >
          {GIFT_AMOUNTS[option].symbol} {REGION_CURRENCIES[option]}
        </Link>
      ))}
    </nav>
  );
}
