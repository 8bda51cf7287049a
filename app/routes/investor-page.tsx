import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import {
  INTEREST_LEVELS,
  INVESTMENT_RANGES,
  InvestmentInquirySchema,
  INVESTOR_TYPES,
} from "~models/forms/inquiries";
import { submitInvestmentInquiry } from "~models/forms/submissions.server";
import { Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { Honeypot, PhoneField, TextareaField } from "~/components/form-fields";
import { CardGrid, Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { handleFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/investor-page";
import { useZodForm } from "~/lib/use-zod-form";

/** The pitch deck, reasons, milestones and testimonials (seeds/investors.json). */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "investors", "/investorpage");
  const { seo: _seo, ...sections } = content;
  return { ...sections, meta };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  return handleFormPage(request, {
    form: "investment_inquiry",
    schema: InvestmentInquirySchema,
    submit: submitInvestmentInquiry,
  });
}

const options = (list: readonly { value: string; label: string }[]) =>
  list.map((item) => ({ value: item.value, label: item.label }));

export default function InvestorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deck, reasons, milestones, testimonials } = loaderData;
  const [form, fields] = useZodForm(InvestmentInquirySchema, {
    id: "investment-inquiry",
    lastResult: actionData?.result,
    defaultValue: { investor_type: "individual", phone_country: "IN" },
  });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-purple uppercase">Investors</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-6xl">
          Invest in how brands get made
        </h1>
        <p className="max-w-2xl text-lg text-text-muted">
          Ascendra pairs a senior creative team with a token-based studio model that clients can plan around.
          If that interests you, tell us a little about yourself.
        </p>
      </header>
      <section aria-labelledby="deck-title" className="card cta-band">
        <div>
          <h2 id="deck-title" className="display-sm">
            {deck.title}
          </h2>
          <p className="muted">{deck.text}</p>
        </div>
        <a href={deck.file} download className="btn btn-primary" type="application/pdf">
          {deck.label}
        </a>
      </section>
      <Section id="why-invest" title={reasons.title}>
        <CardGrid items={reasons.items} columns={4} />
      </Section>
      <Section id="milestones" title={milestones.title}>
        <ol className="timeline">
          {milestones.items.map((m) => (
            <li key={m.when + m.title}>
              <p className="timeline-when">{m.when}</p>
              <h3 className="display-sm">{m.title}</h3>
              <p className="muted">{m.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="testimonials" title={testimonials.title}>
        <ul className="card-grid card-grid-3">
          {testimonials.items.map((t) => (
            <li key={t.name} className="card info-card">
              <figure>
                <blockquote className="quote">“{t.quote}”</blockquote>
                <figcaption className="muted">
                  <strong className="text-text">{t.name}</strong>, {t.role}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>
      <section
        id="inquiry"
        aria-labelledby="inquiry-title"
        className="scroll-mt-24 rounded-3xl border border-border bg-surface p-6 sm:p-10"
      >
        <h2 id="inquiry-title" className="mb-8 font-display text-2xl font-semibold sm:text-3xl">
          Investment inquiry
        </h2>
        <Form
          method="post"
          action="/investorpage#inquiry"
          className="relative grid gap-5 sm:grid-cols-2"
          {...getFormProps(form)}
        >
          <Honeypot />
          <FormMessages
            success={actionData?.success}
            errors={form.errors}
            errorId={form.errorId}
            className="sm:col-span-2"
          />
          <Field
            labelProps={{ children: "Full name" }}
            inputProps={{ ...getInputProps(fields.full_name, { type: "text" }), autoComplete: "name" }}
            errors={fields.full_name.errors}
          />
          <Field
            labelProps={{ children: "Email address" }}
            inputProps={{ ...getInputProps(fields.email_address, { type: "email" }), autoComplete: "email" }}
            errors={fields.email_address.errors}
          />
          <SelectField
            labelProps={{ children: "Interest level" }}
            selectProps={getSelectProps(fields.investment_interest)}
            options={[{ value: "", label: "Choose your interest level" }, ...options(INTEREST_LEVELS)]}
            errors={fields.investment_interest.errors}
          />
          <SelectField
            labelProps={{ children: "Investor type" }}
            selectProps={getSelectProps(fields.investor_type)}
            options={options(INVESTOR_TYPES)}
            errors={fields.investor_type.errors}
          />
          <Field
            labelProps={{ children: "Organization (optional)" }}
            inputProps={{
              ...getInputProps(fields.organization, { type: "text" }),
              autoComplete: "organization",
            }}
            errors={fields.organization.errors}
          />
          <SelectField
            labelProps={{ children: "Investment range (optional)" }}
            selectProps={getSelectProps(fields.investment_amount_range)}
            options={[{ value: "", label: "Choose a range" }, ...options(INVESTMENT_RANGES)]}
            errors={fields.investment_amount_range.errors}
          />
          <PhoneField
            label="Phone number (optional)"
            countryProps={getSelectProps(fields.phone_country)}
            numberProps={getInputProps(fields.phone_number, { type: "tel" })}
            errors={fields.phone_number.errors}
          />
          <Field
            labelProps={{ children: "LinkedIn profile (optional)" }}
            inputProps={{
              ...getInputProps(fields.linkedin_profile, { type: "url" }),
              placeholder: "https://www.linkedin.com/in/…",
            }}
            errors={fields.linkedin_profile.errors}
          />
          <div className="sm:col-span-2">
            <TextareaField
              label="Previous investments (optional)"
              textareaProps={{ ...getTextareaProps(fields.previous_investments), rows: 3 }}
              errors={fields.previous_investments.errors}
            />
          </div>
          <div className="sm:col-span-2">
            <TextareaField
              label="Message"
              minLength={50}
              textareaProps={getTextareaProps(fields.message)}
              errors={fields.message.errors}
            />
          </div>
          <div className="sm:col-span-2">
            <SubmitButton>Send inquiry</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
