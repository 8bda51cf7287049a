import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import {
  ATTACHMENT_RULES,
  BUDGET_RANGES,
  COLLABORATION_TYPES,
  CollaborationSchema,
  EXPECTED_TIMELINES,
} from "~models/forms/applications";
import { submitCollaboration } from "~models/forms/applications.server";
import { UPLOAD_MESSAGES } from "~models/platform/uploads";
import { Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { Honeypot, TextareaField } from "~/components/form-fields";
import { CardGrid, Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { handleUploadFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/collab-page";
import { useZodForm } from "~/lib/use-zod-form";

/** The partners and collaboration types (seeds/collaborations.json). */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "collaborations", "/collabpage");
  return { partners: content.partners, types: content.types, meta };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  return handleUploadFormPage(request, {
    form: "collaboration",
    schema: CollaborationSchema,
    submit: submitCollaboration,
    fileField: "attached_file",
    maxFileBytes: ATTACHMENT_RULES.maxBytes,
    tooLargeMessage: UPLOAD_MESSAGES.tooLarge(ATTACHMENT_RULES.maxBytes),
  });
}

const options = (list: readonly { value: string; label: string }[]) =>
  list.map((item) => ({ value: item.value, label: item.label }));

export default function CollabPage({ loaderData, actionData }: Route.ComponentProps) {
  const { partners, types } = loaderData;
  const [form, fields] = useZodForm(CollaborationSchema, {
    id: "collaboration",
    lastResult: actionData?.result,
    defaultValue: { collaboration_type: "other" },
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
      <section
        id="pitch"
        aria-labelledby="pitch-title"
        className="rounded-3xl border border-border bg-surface p-6 sm:p-10"
      >
        <h2 id="pitch-title" className="mb-8 font-display text-2xl font-semibold sm:text-3xl">
          Pitch your idea
        </h2>
        <Form
          method="post"
          action="/collabpage#pitch"
          encType="multipart/form-data"
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
            labelProps={{ children: "Name" }}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            errors={fields.name.errors}
          />
          <Field
            labelProps={{ children: "Email" }}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
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
            labelProps={{ children: "Collaboration type" }}
            selectProps={getSelectProps(fields.collaboration_type)}
            options={options(COLLABORATION_TYPES)}
            errors={fields.collaboration_type.errors}
          />
          <SelectField
            labelProps={{ children: "Expected timeline (optional)" }}
            selectProps={getSelectProps(fields.expected_timeline)}
            options={[{ value: "", label: "Choose a timeline" }, ...options(EXPECTED_TIMELINES)]}
            errors={fields.expected_timeline.errors}
          />
          <SelectField
            labelProps={{ children: "Budget range (optional)" }}
            selectProps={getSelectProps(fields.budget_range)}
            options={[{ value: "", label: "Choose a range" }, ...options(BUDGET_RANGES)]}
            errors={fields.budget_range.errors}
          />
          <div className="sm:col-span-2">
            <TextareaField
              label="Your collaboration idea"
              minLength={100}
              textareaProps={{ ...getTextareaProps(fields.collaboration_idea), rows: 6 }}
              errors={fields.collaboration_idea.errors}
            />
          </div>
          <Field
            labelProps={{
              children: "Attachment (optional: PDF, DOC, DOCX, PPT, PPTX, JPG or PNG, up to 10 MB)",
            }}
            inputProps={{
              ...getInputProps(fields.attached_file, { type: "file" }),
              accept: ".pdf,.doc,.docx,.ppt,.pptx,.jpg,.jpeg,.png",
            }}
            errors={fields.attached_file.errors}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <SubmitButton>Send pitch</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
