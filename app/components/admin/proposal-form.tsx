import { Form } from "react-router";
import {
  PROPOSAL_CATEGORY_OPTIONS,
  PROPOSAL_CURRENCIES,
  PROPOSAL_PRICING_OPTIONS,
  type ProposalFormValues,
} from "~models/projects/proposals";
import { ErrorList, inputClass, SubmitButton } from "~/components/forms";

// A proposal's draft, as staff write it (decision 0084). Plain inputs, every
// line row shown (blank rows are ignored), so it works without JavaScript;
// amounts are typed in whole units of the currency, or in tokens. The totals
// and the deposit are worked out on the server.

const label = "flex flex-col gap-1.5 text-sm font-medium";

function Text({
  name,
  title,
  values,
  errors,
  type = "text",
  hint,
  ...rest
}: {
  name: keyof ProposalFormValues;
  title: string;
  values: ProposalFormValues;
  errors: Record<string, string>;
  type?: string;
  hint?: string;
  min?: number;
  max?: number;
  required?: boolean;
}) {
  const error = errors[name];
  return (
    <label className={label}>
      {title}
      <input
        name={name}
        type={type}
        defaultValue={String(values[name] ?? "")}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : hint ? `${name}-hint` : undefined}
        {...rest}
      />
      {hint ? (
        <span id={`${name}-hint`} className="text-xs font-normal text-text-muted">
          {hint}
        </span>
      ) : null}
      <ErrorList id={`${name}-error`} errors={error ? [error] : undefined} />
    </label>
  );
}

function Select({
  name,
  title,
  values,
  errors,
  options,
}: {
  name: keyof ProposalFormValues;
  title: string;
  values: ProposalFormValues;
  errors: Record<string, string>;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const error = errors[name];
  return (
    <label className={label}>
      {title}
      <select
        name={name}
        defaultValue={String(values[name] ?? "")}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={`${name}-error`} errors={error ? [error] : undefined} />
    </label>
  );
}

export function ProposalForm({
  values,
  errors,
  intent,
  submitLabel,
  hidden = {},
  organisations = [],
}: {
  values: ProposalFormValues;
  errors: Record<string, string>;
  intent: string;
  submitLabel: string;
  hidden?: Record<string, string>;
  /** The client person's organisations: a picker when they belong to several (decision 0085). */
  organisations?: ReadonlyArray<{ id: string; name: string }>;
}) {
  return (
    <Form
      method="post"
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5"
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {Object.keys(errors).length ? (
        <p role="alert" className="rounded-xl border border-red/50 bg-red/10 px-4 py-3 text-sm">
          Please correct the fields marked below.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Text
          name="client_email"
          title="Client account email"
          type="email"
          values={values}
          errors={errors}
          required
          hint="The proposal goes to the organisation of the client account with this email."
        />
        <Text name="title" title="Title" values={values} errors={errors} required />
      </div>
      {organisations.length > 1 || errors.organisation_id ? (
        <Select
          name="organisation_id"
          title="Organisation"
          values={values}
          errors={errors}
          options={[
            { value: "", label: "Choose the organisation…" },
            ...organisations.map((o) => ({ value: o.id, label: o.name })),
          ]}
        />
      ) : null}
      <label className={label}>
        Scope (Markdown)
        <textarea
          name="scope"
          rows={10}
          defaultValue={values.scope}
          className={`${inputClass} min-h-40 resize-y font-mono text-sm`}
          aria-invalid={errors.scope ? true : undefined}
          aria-describedby={errors.scope ? "scope-error" : undefined}
        />
        <ErrorList id="scope-error" errors={errors.scope ? [errors.scope] : undefined} />
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          name="pricing"
          title="Priced in"
          values={values}
          errors={errors}
          options={PROPOSAL_PRICING_OPTIONS}
        />
        <Select
          name="currency"
          title="Currency (money only)"
          values={values}
          errors={errors}
          options={PROPOSAL_CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        <Select
          name="category"
          title="Project category"
          values={values}
          errors={errors}
          options={PROPOSAL_CATEGORY_OPTIONS}
        />
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.lines ? "lines-error" : "lines-hint"}
      >
        <legend className="mb-1 text-sm font-semibold">Line items</legend>
        <p id="lines-hint" className="text-xs text-text-muted">
          Amount per unit in whole units of the currency (e.g. 45000 or 1250.50), or in tokens. Leave unused
          rows empty.
        </p>
        <ErrorList id="lines-error" errors={errors.lines ? [errors.lines] : undefined} />
        {values.lines.map((line, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_6rem_10rem]">
            <label className="flex flex-col gap-1 text-xs">
              <span className={i ? "sr-only" : ""}>Line {i + 1}: description</span>
              <input name={`line_${i}_description`} defaultValue={line.description} className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-xs">
              <span className={i ? "sr-only" : ""}>Line {i + 1}: quantity</span>
              <input
                name={`line_${i}_quantity`}
                defaultValue={line.quantity}
                inputMode="numeric"
                className={inputClass}
              />
            </label>
            <label className="flex flex-col gap-1 text-xs">
              <span className={i ? "sr-only" : ""}>Line {i + 1}: amount per unit</span>
              <input
                name={`line_${i}_amount`}
                defaultValue={line.amount}
                inputMode="decimal"
                className={inputClass}
              />
            </label>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Text
          name="deposit_percent"
          title="Deposit (%)"
          type="number"
          min={1}
          max={100}
          values={values}
          errors={errors}
        />
        <Text name="valid_until" title="Valid until" type="date" values={values} errors={errors} />
        <Text
          name="delivery_days"
          title="Delivery (days)"
          type="number"
          min={1}
          max={730}
          values={values}
          errors={errors}
        />
      </div>
      <p className="text-xs text-text-muted">
        The terms are the current ones in seeds/proposal-terms.md; the balance is invoiced on delivery.
      </p>
      <SubmitButton className="self-start" pendingLabel="Saving…" intent={intent}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
