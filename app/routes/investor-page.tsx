import {
  INTEREST_LEVELS,
  INVESTMENT_RANGES,
  InvestmentInquirySchema,
  INVESTOR_TYPES,
} from "~models/forms/inquiries";
import { submitInvestmentInquiry } from "~models/forms/submissions.server";
import {
  ChoiceField,
  FormPanel,
  InputField,
  LongTextField,
  PhoneNumberField,
  PublicForm,
  selectOptions,
} from "~/components/public-form";
import { CardGrid, Section } from "~/components/content/page-header";
import { formPrefill } from "~/lib/form-prefill.server";
import { loadContentPage } from "~/lib/load-content-page.server";
import { handleFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/investor-page";
import { useZodForm } from "~/lib/use-zod-form";

/** The pitch deck, reasons, milestones and testimonials (seeds/investors.json). */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ content, meta }, me] = await Promise.all([
    loadContentPage(request, "investors", "/investorpage"),
    formPrefill(request),
  ]);
  const { seo: _seo, ...sections } = content;
  return { ...sections, meta, me };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  return handleFormPage(request, {
    form: "investment_inquiry",
    schema: InvestmentInquirySchema,
    submit: submitInvestmentInquiry,
  });
}

export default function InvestorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deck, reasons, milestones, testimonials, me } = loaderData;
  const [form, fields] = useZodForm(InvestmentInquirySchema, {
    id: "investment-inquiry",
    lastResult: actionData?.result,
    defaultValue: {
      full_name: me.name,
      email_address: me.email,
      organization: me.company,
      phone_country: me.phoneCountry || "IN",
      phone_number: me.phone,
      investor_type: "individual",
    },
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
      <FormPanel id="inquiry" title="Investment inquiry" className="scroll-mt-24">
        <PublicForm
          form={form}
          action="/investorpage#inquiry"
          success={actionData?.success}
          submitLabel="Send inquiry"
        >
          <InputField label="Full name" field={fields.full_name} autoComplete="name" />
          <InputField label="Email address" field={fields.email_address} type="email" autoComplete="email" />
          <ChoiceField
            label="Interest level"
            field={fields.investment_interest}
            options={selectOptions(INTEREST_LEVELS, "Choose your interest level")}
          />
          <ChoiceField
            label="Investor type"
            field={fields.investor_type}
            options={selectOptions(INVESTOR_TYPES)}
          />
          <InputField
            label="Organization (optional)"
            field={fields.organization}
            autoComplete="organization"
          />
          <ChoiceField
            label="Investment range (optional)"
            field={fields.investment_amount_range}
            options={selectOptions(INVESTMENT_RANGES, "Choose a range")}
          />
          <PhoneNumberField
            label="Phone number (optional)"
            country={fields.phone_country}
            number={fields.phone_number}
          />
          <InputField
            label="LinkedIn profile (optional)"
            field={fields.linkedin_profile}
            type="url"
            inputProps={{ placeholder: "https://www.linkedin.com/in/…" }}
          />
          <LongTextField
            label="Previous investments (optional)"
            field={fields.previous_investments}
            rows={3}
          />
          <LongTextField label="Message" field={fields.message} minLength={50} />
        </PublicForm>
      </FormPanel>
    </div>
  );
}
