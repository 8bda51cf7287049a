import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { SavedCardOption } from "~models/billing/account-billing";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~models/billing/payments";
import { CheckboxField, ErrorList, Field, SelectField } from "~/components/forms";
import { PaymentNotice, type PaymentNoticeData } from "~/components/payment-mode";
import { SavedCardSummary } from "./saved-card";

type PaymentFieldNames =
  "payment_method" | "card_number" | "card_expiry" | "card_cvc" | "card_name" | "payment_method_id";
type Fields = Record<PaymentFieldNames, FieldMetadata<string | null | undefined>> & {
  save_card: FieldMetadata<boolean | undefined>;
};

const methodOptions = PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));

/** The payment fields' starting values: a card, and the default saved card when there is one. */
export const paymentDefaults = (savedCards: SavedCardOption[]) => ({
  payment_method: "credit_card",
  payment_method_id: savedCards.find((c) => c.isDefault)?.id ?? "",
});

/**
 * The card that pays, as plain inputs (no JavaScript needed). The numbers go
 * to the payment gateway only; we keep the brand and the last four digits.
 */
function PaymentFields({
  fields,
  idempotencyKey,
  savedCards = [],
  canSaveCard = false,
}: {
  fields: Fields;
  idempotencyKey: string;
  savedCards?: SavedCardOption[];
  canSaveCard?: boolean;
}) {
  return (
    <fieldset className="group grid gap-5 rounded-2xl border border-border p-5 sm:grid-cols-2">
      <legend className="px-2 font-display text-sm font-semibold">Payment</legend>
      {/* The same key on a resubmitted form: the payment is taken once. */}
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      {savedCards.length ? (
        // A saved card (docs/decisions/0023). Without JavaScript too: the server ignores the card fields when one is chosen.
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">Pay with</legend>
          {savedCards.map((card) => (
            <label
              key={card.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-4 py-3 text-sm has-[:checked]:border-yellow"
              data-testid="pay-with-saved-card"
            >
              <input
                {...getInputProps(fields.payment_method_id, {
                  type: "radio",
                  value: card.id,
                })}
                key={card.id}
                id={`${fields.payment_method_id.id}-${card.id}`}
                data-saved-card=""
                className="size-4 accent-[var(--color-yellow)]"
              />
              <SavedCardSummary card={card} />
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-4 py-3 text-sm has-[:checked]:border-yellow">
            <input
              {...getInputProps(fields.payment_method_id, {
                type: "radio",
                value: "",
              })}
              key="new"
              id={`${fields.payment_method_id.id}-new`}
              className="size-4 accent-[var(--color-yellow)]"
            />
            <span className="font-medium">A new card</span>
          </label>
          <ErrorList errors={fields.payment_method_id.errors} />
        </fieldset>
      ) : null}
      {/* With a saved card chosen, the new card's fields step aside (CSS only). */}
      <div className="grid gap-5 group-has-[[data-saved-card]:checked]:hidden sm:col-span-2 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: "Payment method" }}
          selectProps={getSelectProps(fields.payment_method)}
          options={methodOptions}
          errors={fields.payment_method.errors}
          className="sm:col-span-2"
        />
        <CardInputs fields={fields} />
        {canSaveCard ? (
          <div className="sm:col-span-2">
            <CheckboxField
              labelProps={{ children: "Save this card for next time" }}
              inputProps={getInputProps(fields.save_card, { type: "checkbox" })}
            />
          </div>
        ) : null}
      </div>
      <p className="text-sm text-text-muted sm:col-span-2" data-testid="test-mode-note">
        Test mode: pay with 4242 4242 4242 4242, any future expiry and any security code. The card 4000 0000
        0000 0002 is declined.
      </p>
    </fieldset>
  );
}

type CardFieldNames = "card_number" | "card_expiry" | "card_cvc" | "card_name";

/** The four inputs of a card: in every payment form and in the add-card form. */
export function CardInputs({
  fields,
}: {
  fields: Record<CardFieldNames, FieldMetadata<string | null | undefined>>;
}) {
  return (
    <>
      <Field
        labelProps={{ children: "Card number" }}
        inputProps={{
          ...getInputProps(fields.card_number, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "cc-number",
          placeholder: "4242 4242 4242 4242",
        }}
        errors={fields.card_number.errors}
        className="sm:col-span-2"
      />
      <Field
        labelProps={{ children: "Expiry (MM/YY)" }}
        inputProps={{
          ...getInputProps(fields.card_expiry, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "cc-exp",
          placeholder: "12/30",
        }}
        errors={fields.card_expiry.errors}
      />
      <Field
        labelProps={{ children: "Security code" }}
        inputProps={{
          ...getInputProps(fields.card_cvc, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "cc-csc",
          placeholder: "123",
        }}
        errors={fields.card_cvc.errors}
      />
      <Field
        labelProps={{ children: "Name on card" }}
        inputProps={{
          ...getInputProps(fields.card_name, { type: "text" }),
          autoComplete: "cc-name",
        }}
        errors={fields.card_name.errors}
        className="sm:col-span-2"
      />
    </>
  );
}

/**
 * The payment step every paying form shares (tokens, a plan, a gift card): the
 * card on our own page, or, with a hosted checkout, the note that the
 * processor's page comes next. Either way the form carries its idempotency key.
 */
export function PaymentStep({
  cardsOnOurPage,
  hostedNotice,
  ...card
}: {
  cardsOnOurPage: boolean;
  hostedNotice: PaymentNoticeData;
  fields: Fields;
  idempotencyKey: string;
  savedCards?: SavedCardOption[];
  canSaveCard?: boolean;
}) {
  if (cardsOnOurPage) return <PaymentFields {...card} />;
  return (
    <>
      <input type="hidden" name="idempotency_key" value={card.idempotencyKey} />
      <PaymentNotice notice={hostedNotice} />
    </>
  );
}
