import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { CAREER_ROLES, CV_RULES, JobApplicationSchema, WHY_JOIN_FIELD } from "~models/forms/applications";
import { submitJobApplication } from "~models/forms/applications.server";
import { UPLOAD_MESSAGES } from "~models/platform/uploads";
import { Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { Honeypot, TextareaField } from "~/components/form-fields";
import { CardGrid, Section } from "~/components/content/page-header";
import { loadContentPage } from "~/lib/load-content-page.server";
import { handleUploadFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/career-page";

/** Why join and the open positions (seeds/careers.json); ?role= picks a position's role in the form. */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, meta } = await loadContentPage(request, "careers", "/careerpage");
  const role = new URL(request.url).searchParams.get("role");
  return {
    whyJoin: content.whyJoin,
    positions: content.positions,
    meta,
    role: CAREER_ROLES.some((r) => r.value === role) ? role : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  return handleUploadFormPage(request, {
    form: "job_application",
    schema: JobApplicationSchema,
    submit: submitJobApplication,
    fileField: "cv_resume",
    maxFileBytes: CV_RULES.maxBytes,
    tooLargeMessage: UPLOAD_MESSAGES.tooLarge(CV_RULES.maxBytes),
  });
}

/** The form's fields; the motivation field's name carries the agency's name (WHY_JOIN_FIELD). */
type JobApplicationFields = {
  full_name: string;
  email_address: string;
  role_of_interest: string;
  cv_resume: File;
  why_join: string;
};

export default function CareerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { whyJoin: reasons, positions } = loaderData;
  const [form, fields] = useForm<JobApplicationFields>({
    id: "job-application",
    lastResult: actionData?.result,
    constraint: getZodConstraint(JobApplicationSchema),
    defaultValue: loaderData.role ? { role_of_interest: loaderData.role } : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: JobApplicationSchema as unknown as z.ZodType<JobApplicationFields> }),
  });
  const whyJoin = fields[WHY_JOIN_FIELD as "why_join"];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-red uppercase">Careers</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-6xl">
          Make the work you want to be known for
        </h1>
        <p className="max-w-2xl text-lg text-text-muted">
          Small senior teams, real clients, and time to get the details right. Tell us what you do best.
        </p>
      </header>
      <Section id="why-join" title={reasons.title}>
        <CardGrid items={reasons.cards} columns={4} />
      </Section>
      <Section id="positions" title={positions.title} intro={positions.intro}>
        <ul className="position-list">
          {positions.items.map((position) => (
            <li key={position.title} className="card position" data-testid="position">
              <div>
                <h3 className="display-sm">{position.title}</h3>
                <p className="position-facts">
                  <span>{position.team}</span>
                  <span>{position.location}</span>
                  <span>{position.type}</span>
                </p>
                <p className="muted">{position.summary}</p>
              </div>
              <Link
                to={`/careerpage?role=${position.role}#apply`}
                className="btn btn-ghost"
                aria-label={`Apply: ${position.title}`}
                reloadDocument
              >
                Apply
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <section
        id="apply"
        aria-labelledby="apply-title"
        className="rounded-3xl border border-border bg-surface p-6 sm:p-10"
      >
        <h2 id="apply-title" className="mb-8 font-display text-2xl font-semibold sm:text-3xl">
          Apply
        </h2>
        <Form
          method="post"
          action="/careerpage#apply"
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
            labelProps={{ children: "Role of interest" }}
            selectProps={getSelectProps(fields.role_of_interest)}
            options={[
              { value: "", label: "Choose a role" },
              ...CAREER_ROLES.map((r) => ({ value: r.value, label: r.label })),
            ]}
            errors={fields.role_of_interest.errors}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <TextareaField
              label="Why do you want to join Ascendra?"
              textareaProps={getTextareaProps(whyJoin)}
              errors={whyJoin.errors}
            />
          </div>
          <Field
            labelProps={{ children: "CV / resume (PDF, DOC or DOCX, up to 10 MB)" }}
            inputProps={{ ...getInputProps(fields.cv_resume, { type: "file" }), accept: ".pdf,.doc,.docx" }}
            errors={fields.cv_resume.errors}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <SubmitButton>Send application</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
