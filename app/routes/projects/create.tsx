import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { getTokenUsage } from "~models/views/dashboard.server";
import { BUDGETS, CATEGORIES, PROJECT_MESSAGES, TIMELINES } from "~models/projects/projects";
import { ProjectFormSchema } from "~models/projects/project-forms";
import { createProject } from "~models/views/create-project.server";
import { formatFileSize, PROJECT_FILE_RULES, UPLOAD_MESSAGES } from "~models/platform/uploads";
import {
  CheckboxField,
  Field,
  FormStatus,
  SelectField,
  SubmitButton,
  TextareaField,
} from "~/components/forms";
import { RedirectWithoutJs, SuccessMark, useRedirectCountdown } from "~/components/redirect-countdown";
import { StepSliderField } from "~/components/projects/fields";
import { memberOf } from "~/lib/membership.server";
import { viewerOf } from "~/lib/member-summary.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import { readUploadForm } from "~/lib/body/form.server";
import { BODY_LIMITS } from "~/lib/body/limits";
import type { Route } from "./+types/create";
import { useZodForm } from "~/lib/use-zod-form";
import { OUTCOME_PROPS } from "~/lib/outcome-focus";

/** After submitting, the success message hands over to /dashboard2 after 2 seconds (docs/product.md, "Projects"). */
export const CREATE_REDIRECT_SECONDS = 2;

export const meta: Route.MetaFunction = () => [
  { title: "Start a project — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const tokens = await getTokenUsage(member.accountId);
  return { tokens: tokens.balance };
}

type ActionData = { result: SubmissionResult<string[]>; submitted: boolean; projectId?: string };

/** A reply that carries only a message, for a body too large to read. */
const messageOnly = (fieldErrors: Record<string, string[]>) =>
  parseWithZod(new FormData(), { schema: z.object({}) }).reply({ fieldErrors });

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  // A file over the limit is skipped as it streams, so the brief typed beside it comes back (decision 0031).
  const read = await readUploadForm(request, {
    maxFileBytes: PROJECT_FILE_RULES.maxBytes,
    maxBodyBytes: BODY_LIMITS.publicUpload,
  });
  if (!read.ok) {
    return data<ActionData>(
      {
        result: messageOnly({ files: [UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes)] }),
        submitted: false,
      },
      { status: 413 },
    );
  }
  const submission = parseWithZod(read.formData, { schema: ProjectFormSchema });
  if (read.oversizedFiles.length)
    return data<ActionData>(
      {
        result: submission.reply({
          fieldErrors: { files: [UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes)] },
        }),
        submitted: false,
      },
      { status: 400 },
    );
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply(), submitted: false }, { status: 400 });

  const created = await createProject(viewerOf(member), submission.value, {
    siteUrl: publicBaseUrl(request),
  });
  if (!created.ok) {
    const reply =
      created.field === "form"
        ? submission.reply({ formErrors: [created.message] })
        : submission.reply({ fieldErrors: { files: [created.message] } });
    return data<ActionData>(
      { result: reply, submitted: false },
      { status: created.field === "form" ? 409 : 400 },
    );
  }
  return data<ActionData>({
    result: submission.reply({ resetForm: true }),
    submitted: true,
    projectId: created.project.id,
  });
}

function Submitted({ projectId }: { projectId?: string }) {
  const seconds = useRedirectCountdown(CREATE_REDIRECT_SECONDS, "/dashboard2");
  return (
    <div className="flex flex-col gap-6" role="status" {...OUTCOME_PROPS}>
      <RedirectWithoutJs seconds={CREATE_REDIRECT_SECONDS} to="/dashboard2" />
      <SuccessMark />
      <h1 className="font-display text-2xl font-semibold sm:text-3xl">{PROJECT_MESSAGES.submitted}</h1>
      <p className="text-text-muted">
        Taking you to your dashboard in <span data-testid="create-countdown">{seconds}</span>…
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/dashboard2" className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas">
          Go to dashboard
        </Link>
        {projectId ? (
          <Link
            to={`/project/${projectId}`}
            className="rounded-full border border-border px-6 py-3.5 text-sm font-semibold"
          >
            View project
          </Link>
        ) : null}
      </div>
    </div>
  );
}

const placeholder = (label: string) => ({ value: "", label });

export default function CreateProject({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(ProjectFormSchema, {
    id: "create-project",
    lastResult: actionData?.result,
    defaultValue: { timeline: String(TIMELINES.length - 1) },
  });

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      {actionData?.submitted ? (
        <Submitted projectId={actionData.projectId} />
      ) : (
        <>
          <header className="flex flex-col gap-3">
            <p className="font-display text-xs tracking-[0.3em] text-green uppercase">New project</p>
            <h1 className="font-display text-3xl font-semibold sm:text-4xl">Start a project</h1>
            <p className="text-text-muted">
              Tell us what you need. Our team reviews every brief and answers in your project conversation.
            </p>
          </header>
          <Form
            method="post"
            encType="multipart/form-data"
            className="flex flex-col gap-6"
            {...getFormProps(form)}
          >
            {form.errors?.length ? (
              <FormStatus tone="error" id={form.errorId}>
                {form.errors[0]}
              </FormStatus>
            ) : null}
            <Field
              labelProps={{ children: "Project title" }}
              inputProps={{
                ...getInputProps(fields.title, { type: "text" }),
                placeholder: "e.g. Rebrand for our coffee shop",
              }}
              errors={fields.title.errors}
            />
            <TextareaField
              label="Description"
              textareaProps={{
                ...getTextareaProps(fields.description),
                placeholder: "What should we make, for whom, and what does success look like?",
              }}
              errors={fields.description.errors}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <SelectField
                labelProps={{ children: "Category" }}
                selectProps={getSelectProps(fields.category)}
                options={[placeholder("Select a category"), ...CATEGORIES]}
                errors={fields.category.errors}
              />
              <SelectField
                labelProps={{ children: "Budget" }}
                selectProps={getSelectProps(fields.budget)}
                options={[placeholder("Select a budget range"), ...BUDGETS]}
                errors={fields.budget.errors}
              />
            </div>
            <StepSliderField
              label="Timeline"
              options={TIMELINES}
              inputProps={{
                ...getInputProps(fields.timeline, { type: "range" }),
                name: fields.timeline.name,
              }}
              errors={fields.timeline.errors}
            />
            <Field
              labelProps={{ children: "Attach a file (optional)" }}
              inputProps={{
                ...getInputProps(fields.files, { type: "file" }),
                accept: PROJECT_FILE_RULES.extensions.map((e) => `.${e}`).join(","),
              }}
              hint={`${PROJECT_FILE_RULES.extensions.map((e) => e.toUpperCase()).join(", ")}; up to ${formatFileSize(PROJECT_FILE_RULES.maxBytes)}.`}
              errors={fields.files.errors}
            />
            <div className="flex flex-col gap-1.5 rounded-xl border border-border p-4">
              <CheckboxField
                labelProps={{ children: "Use my Creative Tokens for this project" }}
                inputProps={getInputProps(fields.use_tokens, { type: "checkbox" })}
              />
              <p className="pl-7 text-sm text-text-muted">
                You have {loaderData.tokens} tokens. Nothing is deducted now: your project manager confirms
                the cost first.
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <SubmitButton pendingLabel="SUBMITTING...">Submit project</SubmitButton>
              <Link
                to="/dashboard2"
                className="rounded-full border border-border px-6 py-3.5 text-sm font-semibold hover:border-text-muted"
              >
                Cancel
              </Link>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
