import { inviteFriend } from "~models/forms/referrals.server";
import { ReferralSchema } from "~models/forms/support";
import { FormPanel, InputField, LongTextField, PublicForm } from "~/components/public-form";
import { findMember } from "~/lib/membership.server";
import { Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { handleFormPage } from "~/lib/public-forms.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/referrals";
import { useZodForm } from "~/lib/use-zod-form";
import { displayNameOf } from "~models/identity/manage-account";

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function loader({ request }: Route.LoaderArgs) {
  const [member, { content, meta }] = await Promise.all([
    findMember(request),
    loadContentPage(request, "referrals", "/referrals"),
  ]);
  return {
    name: member ? displayNameOf(member.person) : "",
    email: member?.person.email ?? "",
    howItWorks: content.howItWorks,
    terms: content.terms,
    meta,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const baseUrl = publicBaseUrl(request);
  return handleFormPage(request, {
    form: "referral",
    schema: ReferralSchema,
    submit: (input, context) => inviteFriend(input, { ...context, baseUrl }),
  });
}

export default function Referrals({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(ReferralSchema, {
    id: "referral",
    lastResult: actionData?.result,
    defaultValue: { referrer_name: loaderData.name, referrer_email: loaderData.email },
  });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Referrals</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-6xl">Refer & Grow</h1>
        <p className="max-w-2xl text-lg text-text-muted">
          Know a founder whose brand deserves better? Send them an invitation with your own referral code.
        </p>
      </header>
      <Section id="how-it-works" title={loaderData.howItWorks.title}>
        <ol className="steps">
          {loaderData.howItWorks.steps.map((step, i) => (
            <li key={step.title} className="card info-card">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="display-sm">{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <FormPanel id="invite" title="Invite a friend" titleClassName="">
        <PublicForm
          form={form}
          action="/referrals#invite"
          success={actionData?.success}
          successDetail={
            actionData && "extra" in actionData && actionData.extra?.code ? (
              <>
                {" "}
                Their code: <strong data-testid="referral-code">{String(actionData.extra.code)}</strong>
              </>
            ) : null
          }
          submitLabel="Send invitation"
        >
          <InputField label="Your name" field={fields.referrer_name} autoComplete="name" />
          <InputField label="Your email" field={fields.referrer_email} type="email" autoComplete="email" />
          <InputField
            label="Friend's email"
            field={fields.invitee_email}
            type="email"
            className="sm:col-span-2"
          />
          <LongTextField label="A note for your friend (optional)" field={fields.message} rows={3} />
        </PublicForm>
      </FormPanel>
      <Section id="referral-terms" title={loaderData.terms.title}>
        <ul className="fine-print">
          {loaderData.terms.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
