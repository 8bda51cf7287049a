import {
  ATTACHMENT_RULES,
  BUDGET_RANGES,
  COLLABORATION_TYPES,
  CollaborationSchema,
  EXPECTED_TIMELINES,
} from "~models/forms/applications";
import { submitCollaboration } from "~models/forms/applications.server";
import {
  ChoiceField,
  FormPanel,
  InputField,
  LongTextField,
  PublicForm,
  selectOptions,
} from "~/components/public-form";
import { CardGrid, Section } from "~/components/content/page-header";
import { formPrefill } from "~/lib/form-prefill.server";
import { loadContentPage } from "~/lib/load-content-page.server";
import { handleUploadFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/collab-page";
import { useZodForm } from "~/lib/use-zod-form";

/** The partners and collaboration types (seeds/collaborations.json). */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ content, meta }, me] = await Promise.all([
    loadContentPage(request, "collaborations", "/collabpage"),
    formPrefill(request),
  ]);
  return { partners: content.partners, types: content.types, meta, me };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  return handleUploadFormPage(request, {
    form: "collaboration",
    schema: CollaborationSchema,
    submit: submitCollaboration,
    fileField: "attached_file",
    fileRules: ATTACHMENT_RULES,
  });
}

export default function CollabPage({ loaderData, actionData }: Route.ComponentProps) {
  const { partners, types, me } = loaderData;
  const [form, fields] = useZodForm(CollaborationSchema, {
    id: "collaboration",
    lastResult: actionData?.result,
    defaultValue: { name: me.name, email: me.email, organization: me.company, collaboration_type: "other" },
  });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-blue uppercase">Collaborations</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-6xl">
          Build something with us
        </h1>
        <p className="max-w-2xl text-lg text-text-muted">
          Studios, makers, researchers and brands: if you have an idea that needs a partner, pitch it here.
        </p>
      </header>
      <Section id="partners" title={partners.title} intro={partners.intro}>
        <ul className="card-grid card-grid-3">
          {partners.items.map((partner) => (
            <li key={partner.name} className="card info-card partner" data-testid="partner">
              <img src={partner.logo} alt="" width={48} height={48} loading="lazy" />
              <h3 className="display-sm">{partner.name}</h3>
              <p className="eyebrow">{partner.kind}</p>
              <p className="muted">{partner.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="collaboration-types" title={types.title}>
        <CardGrid items={types.items} columns={4} />
      </Section>
      <FormPanel id="pitch" title="Pitch your idea">
        <PublicForm
          form={form}
          action="/collabpage#pitch"
          multipart
          success={actionData?.success}
          submitLabel="Send pitch"
        >
          <InputField label="Name" field={fields.name} autoComplete="name" />
          <InputField label="Email" field={fields.email} type="email" autoComplete="email" />
          <InputField
            label="Organization (optional)"
            field={fields.organization}
            autoComplete="organization"
          />
          <ChoiceField
            label="Collaboration type"
            field={fields.collaboration_type}
            options={selectOptions(COLLABORATION_TYPES)}
          />
          <ChoiceField
            label="Expected timeline (optional)"
            field={fields.expected_timeline}
            options={selectOptions(EXPECTED_TIMELINES, "Choose a timeline")}
          />
          <ChoiceField
            label="Budget range (optional)"
            field={fields.budget_range}
            options={selectOptions(BUDGET_RANGES, "Choose a range")}
          />
          <LongTextField
            label="Your collaboration idea"
            field={fields.collaboration_idea}
            minLength={100}
            rows={6}
          />
          <InputField
            label="Attachment (optional: PDF, DOC, DOCX, PPT, PPTX, JPG or PNG, up to 10 MB)"
            field={fields.attached_file}
            type="file"
            inputProps={{ accept: ".pdf,.doc,.docx,.ppt,.pptx,.jpg,.jpeg,.png" }}
            className="sm:col-span-2"
          />
        </PublicForm>
      </FormPanel>
    </div>
  );
}
