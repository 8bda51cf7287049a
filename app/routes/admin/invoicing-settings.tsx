import { data, Form } from "react-router";
import {
  INDIAN_STATES,
  INVOICING_MESSAGES,
  invoicingSettingsSchema,
  lutInForce,
  type InvoicingSettings,
} from "~models/billing/invoices";
import { getInvoicingSettings, saveInvoicingSettings } from "~models/billing/invoices.server";
import { ActionMessage, PageHeader } from "~/components/admin/ui";
import { Field, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { adminMeta } from "~/lib/admin-meta";
import { requireForm } from "~/lib/body/form.server";
import { requireMoneyAccess } from "~/lib/money-report.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoicing-settings";

// /admin/settings/invoicing (decision 0082): the agency's legal details, GSTIN,
// PAN, LUT, SAC code and rate, and the exchange rates invoices freeze. Saved
// settings are the agency's own from then on: the seed no longer changes them.
// Issued invoices keep the settings they were issued with. Full access only.

export const meta: Route.MetaFunction = () => adminMeta("Invoicing settings");

/** The form's flat fields, and where each sits in the settings. */
const FIELDS = {
  legalName: ["supplier", "legalName"],
  tradeName: ["supplier", "tradeName"],
  addressLines: ["supplier", "addressLines"],
  stateCode: ["supplier", "stateCode"],
  gstin: ["supplier", "gstin"],
  pan: ["supplier", "pan"],
  email: ["supplier", "email"],
  invoicePrefix: ["invoicePrefix"],
  creditNotePrefix: ["creditNotePrefix"],
  lutReference: ["lut", "reference"],
  lutValidFrom: ["lut", "validFrom"],
  lutValidTo: ["lut", "validTo"],
  sacCode: ["sac", "code"],
  sacDescription: ["sac", "description"],
  gstRatePercent: ["sac", "gstRatePercent"],
  rateUSD: ["exchangeRates", "USD"],
  rateEUR: ["exchangeRates", "EUR"],
  ratesAsOf: ["exchangeRates", "asOf"],
} as const;
type FieldName = keyof typeof FIELDS;
type Values = Record<FieldName, string>;

const valuesOf = (s: InvoicingSettings): Values => ({
  legalName: s.supplier.legalName,
  tradeName: s.supplier.tradeName,
  addressLines: s.supplier.addressLines.join("\n"),
  stateCode: s.supplier.stateCode,
  gstin: s.supplier.gstin,
  pan: s.supplier.pan,
  email: s.supplier.email,
  invoicePrefix: s.invoicePrefix,
  creditNotePrefix: s.creditNotePrefix,
  lutReference: s.lut.reference,
  lutValidFrom: s.lut.validFrom,
  lutValidTo: s.lut.validTo,
  sacCode: s.sac.code,
  sacDescription: s.sac.description,
  gstRatePercent: String(s.sac.gstRatePercent),
  rateUSD: s.exchangeRates.USD,
  rateEUR: s.exchangeRates.EUR,
  ratesAsOf: s.exchangeRates.asOf,
});

function settingsOf(v: Values): unknown {
  const rate = Number(v.gstRatePercent);
  return {
    supplier: {
      legalName: v.legalName,
      tradeName: v.tradeName,
      addressLines: v.addressLines
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      stateCode: v.stateCode,
      gstin: v.gstin,
      pan: v.pan,
      email: v.email.trim(),
    },
    invoicePrefix: v.invoicePrefix.trim().toUpperCase(),
    creditNotePrefix: v.creditNotePrefix.trim().toUpperCase(),
    lut: { reference: v.lutReference, validFrom: v.lutValidFrom.trim(), validTo: v.lutValidTo.trim() },
    sac: {
      code: v.sacCode.trim(),
      description: v.sacDescription,
      gstRatePercent: v.gstRatePercent.trim() === "" || Number.isNaN(rate) ? v.gstRatePercent : rate,
    },
    exchangeRates: { USD: v.rateUSD, EUR: v.rateEUR, asOf: v.ratesAsOf.trim() },
  };
}

/** The form field an issue's path points at. */
function fieldOf(path: readonly PropertyKey[]): FieldName {
  const found = (Object.entries(FIELDS) as [FieldName, readonly string[]][]).find(([, at]) =>
    at.every((part, i) => path[i] === part),
  );
  return found?.[0] ?? "legalName";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMoneyAccess((await staffOf({ request, context })).user);
  const settings = await getInvoicingSettings();
  return {
    values: valuesOf(settings),
    lutWarning: lutInForce(settings, new Date()) ? null : INVOICING_MESSAGES.lutNotInForce,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, actor } = await staffOf({ request, context });
  requireMoneyAccess(user);
  const form = await requireForm(request);
  const typed = Object.fromEntries(
    (Object.keys(FIELDS) as FieldName[]).map((name) => [name, String(form.get(name) ?? "")]),
  ) as Values;
  const parsed = invoicingSettingsSchema.safeParse(settingsOf(typed));
  if (!parsed.success) {
    const errors: Partial<Record<FieldName, string>> = {};
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
    return data(
      { typed, errors, message: "Check the highlighted fields: nothing was saved.", tone: "error" as const },
      { status: 400 },
    );
  }
  await saveInvoicingSettings(parsed.data, actor);
  return { typed: null, errors: {}, message: INVOICING_MESSAGES.saved, tone: "success" as const };
}

const stateOptions = INDIAN_STATES.map(([value, label]) => ({ value, label: `${label} (${value})` }));

export default function InvoicingSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.typed ?? loaderData.values;
  const errors: Partial<Record<FieldName, string>> = actionData?.errors ?? {};
  const field = (
    name: FieldName,
    label: string,
    extra: { hint?: string; type?: string; className?: string } = {},
  ) => (
    <Field
      className={extra.className}
      labelProps={{ children: label }}
      inputProps={{ name, defaultValue: values[name], type: extra.type ?? "text", spellCheck: false }}
      hint={extra.hint}
      errors={errors[name] ? [errors[name]] : undefined}
    />
  );
  const fieldset = "grid gap-4 rounded-2xl border border-border bg-surface p-5 md:grid-cols-2";
  const legend = "px-1 text-sm font-semibold";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Invoicing settings"
        description="What every tax invoice says about the agency, and the rates it applies. Invoices already issued keep what they were issued with."
      />
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />
      {loaderData.lutWarning ? (
        <p
          className="rounded-xl border border-yellow/40 bg-yellow/15 px-4 py-3 text-sm"
          data-testid="lut-warning"
        >
          {loaderData.lutWarning}
        </p>
      ) : null}
      <Form method="post" key={JSON.stringify(values)} className="flex flex-col gap-6" noValidate>
        <fieldset className={fieldset}>
          <legend className={legend}>The agency</legend>
          {field("legalName", "Legal name", { className: "md:col-span-2" })}
          {field("tradeName", "Trade name")}
          {field("email", "Accounts email", { type: "email" })}
          <TextareaField
            className="md:col-span-2"
            label="Address (one line each)"
            textareaProps={{ name: "addressLines", defaultValue: values.addressLines, rows: 4 }}
            errors={errors.addressLines ? [errors.addressLines] : undefined}
          />
          <SelectField
            labelProps={{ children: "State" }}
            selectProps={{ name: "stateCode", defaultValue: values.stateCode }}
            options={stateOptions}
            errors={errors.stateCode ? [errors.stateCode] : undefined}
          />
          {field("gstin", "GSTIN", { hint: "Leave empty if not registered: invoices then charge no GST." })}
          {field("pan", "PAN")}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>Numbers, SAC and GST</legend>
          {field("invoicePrefix", "Invoice prefix", { hint: "Invoices are PREFIX/26-27/000001." })}
          {field("creditNotePrefix", "Credit note prefix", { hint: "Credit notes have their own series." })}
          {field("sacCode", "SAC code", { hint: "998361: advertising services." })}
          {field("sacDescription", "SAC description")}
          {field("gstRatePercent", "GST rate (%)", { hint: "18: CGST 9% + SGST 9%, or IGST 18%." })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>Letter of Undertaking (exports without IGST)</legend>
          {field("lutReference", "LUT reference (ARN)", { className: "md:col-span-2" })}
          {field("lutValidFrom", "Valid from", { type: "date" })}
          {field("lutValidTo", "Valid to", { type: "date" })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>Exchange rates (rupees per unit)</legend>
          {field("rateUSD", "1 US dollar (USD)")}
          {field("rateEUR", "1 euro (EUR)")}
          {field("ratesAsOf", "Rates as of", {
            type: "date",
            hint: "Each invoice freezes the rate of the day it is issued.",
          })}
        </fieldset>
        <div>
          <SubmitButton pendingLabel="Saving…">Save invoicing settings</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
