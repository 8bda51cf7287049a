import { Link } from "react-router";
import { CAREER_ROLES, CV_RULES, JobApplicationSchema, WHY_JOIN_FIELD } from "~models/forms/applications";
import { submitJobApplication } from "~models/forms/applications.server";
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
import type { Route } from "./+types/career-page";
import { useZodForm } from "~/lib/use-zod-form";

/** Why join and the open positions (seeds/careers.json); ?role= picks a position's role in the form. */
export async function loader({ request }: Route.LoaderArgs) {
  const [{ content, meta }, me] = await Promise.all([
    loadContentPage(request, "careers", "/careerpage"),
    formPrefill(request),
  ]);
  const role = new URL(request.url).searchParams.get("role");
  return {
    whyJoin: content.whyJoin,
    positions: content.positions,
    meta,
    role: CAREER_ROLES.some((r) => r.value === role) ? role : null,
    me,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  return handleUploadFormPage(request, {
    form: "job_application",
    schema: JobApplicationSchema,
    submit: submitJobApplication,
    fileField: "cv_resume",
    fileRules: CV_RULES,
  });
}

export default function CareerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { whyJoin: reasons, positions } = loaderData;
  // The roles the page lists as open, then Other: the form offers what the page says is open
  // (the API still takes any role of CAREER_ROLES).
  const roleOptions = [
    ...positions.items.map((position) => ({ value: position.role, label: position.title })),
    ...CAREER_ROLES.filter((role) => role.value === "other"),
  ];
  const [form, fields] = useZodForm(JobApplicationSchema, {
    id: "job-application",
    lastResult: actionData?.result,
    defaultValue: {
      full_name: loaderData.me.name,
      email_address: loaderData.me.email,
      ...(loaderData.role ? { role_of_interest: loaderData.role } : {}),
    },
  });
  // The motivation field's name carries the agency's name (WHY_JOIN_FIELD); its
  // type knows the name by its prefix only, while Conform has metadata for every name.
  const whyJoin = fields[WHY_JOIN_FIELD]!;
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
      <FormPanel id="apply" title="Apply">
        <PublicForm
          form={form}
          action="/careerpage#apply"
          multipart
          success={actionData?.success}
          submitLabel="Send application"
        >
          <InputField label="Full name" field={fields.full_name} autoComplete="name" />
          <InputField label="Email address" field={fields.email_address} type="email" autoComplete="email" />
          <ChoiceField
            label="Role of interest"
            field={fields.role_of_interest}
            options={selectOptions(roleOptions, "Choose a role")}
            className="sm:col-span-2"
          />
          <LongTextField label="Why do you want to join Ascendra?" field={whyJoin} />
          <InputField
            label="CV / resume (PDF, DOC or DOCX, up to 10 MB)"
            field={fields.cv_resume}
            type="file"
            inputProps={{ accept: ".pdf,.doc,.docx" }}
            className="sm:col-span-2"
          />
        </PublicForm>
      </FormPanel>
    </div>
  );
}
