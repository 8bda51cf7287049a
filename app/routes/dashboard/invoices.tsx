import { data, Form, Link } from "react-router";
import {
  buyerTaxDetailsSchema,
  INDIAN_STATES,
  INVOICE_COUNTRIES,
  invoiceDate,
  INVOICING_MESSAGES,
  REGIME_LABELS,
  type TaxRegime,
} from "~models/billing/invoices";
import {
  getBuyerTaxDetails,
  listAccountInvoices,
  saveBuyerTaxDetails,
} from "~models/billing/invoices.server";
import { roleRefusal, TAX_INVOICES_ACTION } from "~models/identity/role-messages";
import { can } from "~models/identity/roles";
import { formatMinor } from "~models/platform/money";
import { pageNumber } from "~models/platform/pagination";
import { Field, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { ActionNotice } from "~/components/billing/notice";
import { Pager } from "~/components/pager";
import { requireForm } from "~/lib/body/form.server";
import { memberOf, type Member } from "~/lib/membership.server";
import type { Route } from "./+types/invoices";

// /dashboard2/billing/invoices (decision 0082): the organisation's tax details,
// which its next invoices carry, and its tax invoices and credit notes as PDFs.
// For members who may see billing (owner, billing); a native form, JS or not.

export const meta: Route.MetaFunction = () => [{ title: "Tax invoices — Ascendra" }];

async function billingMember(request: Request): Promise<Member> {
  const member = await memberOf(request);
  if (!can(member.role, "billing"))
    throw data(roleRefusal(member.role, "billing", TAX_INVOICES_ACTION), {
      status: 403,
      statusText: "Forbidden",
    });
  return member;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { accountId } = await billingMember(request);
  const params = new URL(request.url).searchParams;
  const page = pageNumber(params.get("page"));
  const [details, list] = await Promise.all([
    getBuyerTaxDetails(accountId),
    listAccountInvoices(accountId, page),
  ]);
  return {
    details,
    back: proposalBack(params.get("back")),
    page: { page: list.page.page, pageCount: list.page.pageCount, total: list.page.total },
    invoices: list.rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      issuedOn: invoiceDate(row.issuedAt, "short"),
      regime: REGIME_LABELS[row.regime as TaxRegime],
      total: formatMinor(row.totalMinor, row.currency, "cents"),
      inr: row.currency === "INR" ? null : formatMinor(row.inrTotalMinor, "INR", "cents"),
    })),
  };
}

/** A proposal's page the client came from to add their details before paying its deposit (decision 0085). */
const proposalBack = (value: string | null) =>
  value && /^\/proposals\/[0-9a-f-]{36}$/.test(value) ? value : null;

const FIELDS = ["legalName", "address", "country", "stateCode", "gstin", "vatNumber"] as const;
type Typed = Record<(typeof FIELDS)[number], string>;

export async function action({ request }: Route.ActionArgs) {
  const { accountId } = await billingMember(request);
  const form = await requireForm(request);
  const typed = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Typed;
  const parsed = buyerTaxDetailsSchema.safeParse(typed);
  if (!parsed.success) {
    const errors: Partial<Record<keyof Typed, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Typed;
      errors[field] ??= issue.message;
    }
    return data(
      {
        typed,
        errors,
        notice: { tone: "error" as const, message: "Check the highlighted fields: nothing was saved." },
      },
      { status: 400 },
    );
  }
  await saveBuyerTaxDetails(accountId, parsed.data);
  return {
    typed: null,
    errors: {},
    notice: { tone: "success" as const, message: INVOICING_MESSAGES.buyerSaved },
  };
}

const countryOptions = INVOICE_COUNTRIES.map(([value, label]) => ({ value, label }));
const stateOptions = [
  { value: "", label: "Choose a state (buyers in India)" },
  ...INDIAN_STATES.map(([value, label]) => ({ value, label: `${label} (${value})` })),
];

export default function Invoices({ loaderData, actionData }: Route.ComponentProps) {
  const { details, invoices, page, back } = loaderData;
  const values: Typed = actionData?.typed ?? {
    legalName: details?.legalName ?? "",
    address: details?.address ?? "",
    country: details?.country ?? "IN",
    stateCode: details?.stateCode ?? "",
    gstin: details?.gstin ?? "",
    vatNumber: details?.vatNumber ?? "",
  };
  const errors: Partial<Record<keyof Typed, string>> = actionData?.errors ?? {};
  const err = (field: keyof Typed) => (errors[field] ? [errors[field]] : undefined);
  // A new key per answer, so the fields show what the server kept, with or without JavaScript.
  const formKey = JSON.stringify(values);
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <p className="text-sm">
          <Link to="/dashboard2/billing" className="underline underline-offset-4">
            Billing & Tokens
          </Link>
        </p>
        <h1 className="font-display text-3xl font-semibold">Tax invoices</h1>
        <p className="text-text-muted">
          Every payment issues a tax invoice, and every refund a credit note. Your details below go on the
          next ones.
        </p>
      </header>

      <section className="flex flex-col gap-4" aria-labelledby="invoices-title">
        <h2 id="invoices-title" className="font-display text-xl font-semibold">
          Invoices and credit notes
        </h2>
        {invoices.length ? (
          <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
            {invoices.map((invoice) => (
              <li
                key={invoice.id}
                className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr_auto_auto] sm:items-center sm:gap-4"
                data-testid="tax-invoice"
              >
                <span className="font-semibold">{invoice.number}</span>
                <span>
                  {invoice.kind === "credit_note" ? "Credit note" : "Tax invoice"} · {invoice.issuedOn}
                  <span className="block text-xs text-text-muted">{invoice.regime}</span>
                </span>
                <span className="font-semibold sm:text-right">
                  {invoice.total}
                  {invoice.inr ? (
                    <span className="block text-xs font-normal text-text-muted">{invoice.inr}</span>
                  ) : null}
                </span>
                <a
                  href={`/dashboard2/billing/invoices/${invoice.id}/pdf`}
                  className="font-semibold underline underline-offset-4"
                  download
                >
                  PDF<span className="sr-only"> of {invoice.number}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-text-muted">{INVOICING_MESSAGES.noInvoices}</p>
        )}
        <Pager page={page} label="Invoice pages" noun={["document", "documents"]} hash="invoices-title" />
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="tax-details-title">
        <h2 id="tax-details-title" className="font-display text-xl font-semibold">
          Your tax details
        </h2>
        <p className="text-sm text-text-muted">
          In India, your state decides between CGST + SGST (Maharashtra) and IGST; a GSTIN lets you claim the
          input tax. In the EU, your VAT number puts the invoice under the reverse charge.
        </p>
        <ActionNotice notice={actionData?.notice} />
        {back ? (
          <p className="text-sm">
            <Link to={`${back}#deposit-step`} className="font-semibold underline underline-offset-4">
              Back to the proposal to pay its deposit
            </Link>
          </p>
        ) : null}
        <Form
          method="post"
          key={formKey}
          className="grid gap-4 rounded-2xl border border-border bg-surface p-6 md:grid-cols-2"
          noValidate
        >
          <Field
            className="md:col-span-2"
            labelProps={{ children: "Legal name" }}
            inputProps={{ name: "legalName", defaultValue: values.legalName, autoComplete: "organization" }}
            errors={err("legalName")}
          />
          <TextareaField
            className="md:col-span-2"
            label="Billing address"
            textareaProps={{
              name: "address",
              defaultValue: values.address,
              rows: 3,
              autoComplete: "street-address",
            }}
            errors={err("address")}
          />
          <SelectField
            labelProps={{ children: "Country" }}
            selectProps={{ name: "country", defaultValue: values.country }}
            options={countryOptions}
            errors={err("country")}
          />
          <SelectField
            labelProps={{ children: "State (India)" }}
            selectProps={{ name: "stateCode", defaultValue: values.stateCode }}
            options={stateOptions}
            errors={err("stateCode")}
          />
          <Field
            labelProps={{ children: "GSTIN (India, if registered)" }}
            inputProps={{ name: "gstin", defaultValue: values.gstin, autoComplete: "off", spellCheck: false }}
            hint="15 characters, e.g. 27AAPFU0939F1ZV."
            errors={err("gstin")}
          />
          <Field
            labelProps={{ children: "EU VAT number (EU businesses)" }}
            inputProps={{
              name: "vatNumber",
              defaultValue: values.vatNumber,
              autoComplete: "off",
              spellCheck: false,
            }}
            hint="With your country's prefix, e.g. DE123456789."
            errors={err("vatNumber")}
          />
          <div className="md:col-span-2">
            <SubmitButton pendingLabel="Saving…">Save tax details</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
