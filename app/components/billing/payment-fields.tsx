import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~models/payments";
import { Field, SelectField } from "~/components/forms";

type PaymentFieldNames = "payment_method" | "card_number" | "card_expiry" | "card_cvc" | "card_name";
type Fields = Record<PaymentFieldNames, FieldMetadata<string | undefined>>;

const methodOptions = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/**
 * The card that pays, as plain inputs (no JavaScript needed). The numbers go
 * to the payment gateway only; we keep the brand and the last four digits.
 */
export function PaymentFields({ fields, idempotencyKey }: { fields: Fields; idempotencyKey: string }) {
  return (
    <fieldset className="grid gap-5 rounded-2xl border border-border p-5 sm:grid-cols-2">
      <legend className="px-2 font-display text-sm font-semibold">Payment</legend>
      {/* The same key on a resubmitted form: the payment is taken once. */}
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      <SelectField labelProps={{ children: "Payment method" }} selectProps={getSelectProps(fields.payment_method)} options={methodOptions} errors={fields.payment_method.errors} className="sm:col-span-2" />
      <Field
        labelProps={{ children: "Card number" }}
        inputProps={{ ...getInputProps(fields.card_number, { type: "text" }), inputMode: "numeric", autoComplete: "cc-number", placeholder: "4242 4242 4242 4242" }}
        errors={fields.card_number.errors}
        className="sm:col-span-2"
      />
      <Field labelProps={{ children: "Expiry (MM/YY)" }} inputProps={{ ...getInputProps(fields.card_expiry, { type: "text" }), inputMode: "numeric", autoComplete: "cc-exp", placeholder: "12/30" }} errors={fields.card_expiry.errors} />
      <Field labelProps={{ children: "Security code" }} inputProps={{ ...getInputProps(fields.card_cvc, { type: "text" }), inputMode: "numeric", autoComplete: "cc-csc", placeholder: "123" }} errors={fields.card_cvc.errors} />
      <Field labelProps={{ children: "Name on card" }} inputProps={{ ...getInputProps(fields.card_name, { type: "text" }), autoComplete: "cc-name" }} errors={fields.card_name.errors} className="sm:col-span-2" />
      <p className="text-sm text-text-muted sm:col-span-2" data-testid="test-mode-note">
        Test mode: pay with 4242 4242 4242 4242, any future expiry and any security code. The card 4000 0000 0000 0002 is declined.
      </p>
    </fieldset>
  );
}
