import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { CAREER_ROLES, CV_RULES, JobApplicationSchema, WHY_JOIN_FIELD } from "~models/forms/applications";
import { submitJobApplication } from "~models/forms/applications.server";
import { UPLOAD_MESSAGES } from "~models/uploads";
import { Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { Honeypot, TextareaField } from "~/components/form-fields";
import { handleUploadFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/career-page";

export const meta: Route.MetaFunction = () => [
  { title: "Careers — Ascendra" },
  { name: "description", content: "Join the Ascendra studio: designers, developers, writers and strategists who care about craft." },
];

export async function action({ request }: Route.ActionArgs) {
  return handleUploadFormPage(request, {
    form: "job_application",
    schema: JobApplicationSchema,
    submit: submitJobApplication,
    fileField: "cv_resume",
    tooLargeMessage: UPLOAD_MESSAGES.tooLarge(CV_RULES.maxBytes),
  });
}

/** The form's fields; the motivation field's name carries the agency's name (WHY_JOIN_FIELD). */
type JobApplicationFields = { full_name: string; email_address: string; role_of_interest: string; cv_resume: File; why_join: string };

export default function CareerPage({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<JobApplicationFields>({
    id: "job-application",
    lastResult: actionData?.result,
    constraint: getZodConstraint(JobApplicationSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JobApplicationSchema as unknown as z.ZodType<JobApplicationFields> }),
  });
  const whyJoin = fields[WHY_JOIN_FIELD as "why_join"];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-red uppercase">Careers</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-6xl">Make the work you want to be known for</h1>
        <p className="max-w-2xl text-lg text-text-muted">Small senior teams, real clients, and time to get the details right. Tell us what you do best.</p>
      </header>
      {/* Why join us and the open positions sit above this form (content pages). */}
      <section id="apply" aria-labelledby="apply-title" className="rounded-3xl border border-border bg-surface p-6 sm:p-10">
        <h2 id="apply-title" className="mb-8 font-display text-2xl font-semibold sm:text-3xl">
          Apply
        </h2>
        <Form method="post" action="/careerpage#apply" encType="multipart/form-data" className="relative grid gap-5 sm:grid-cols-2" {...getFormProps(form)}>
          <Honeypot />
          <FormMessages success={actionData?.success} errors={form.errors} errorId={form.errorId} className="sm:col-span-2" />
          <Field labelProps={{ children: "Full name" }} inputProps={{ ...getInputProps(fields.full_name, { type: "text" }), autoComplete: "name" }} errors={fields.full_name.errors} />
          <Field labelProps={{ children: "Email address" }} inputProps={{ ...getInputProps(fields.email_address, { type: "email" }), autoComplete: "email" }} errors={fields.email_address.errors} />
          <SelectField
            labelProps={{ children: "Role of interest" }}
            selectProps={getSelectProps(fields.role_of_interest)}
            options={[{ value: "", label: "Choose a role" }, ...CAREER_ROLES.map((r) => ({ value: r.value, label: r.label }))]}
            errors={fields.role_of_interest.errors}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <TextareaField label="Why do you want to join Ascendra?" textareaProps={getTextareaProps(whyJoin)} errors={whyJoin.errors} />
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
