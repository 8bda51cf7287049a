import { SupportTicketSchema, TICKET_TYPES } from "~models/forms/support";
import { submitSupportTicket } from "~models/forms/submissions.server";
import { findMember } from "~/lib/membership.server";
import { ChoiceField, InputField, LongTextField, PublicForm, selectOptions } from "~/components/public-form";
import { handleFormPage } from "~/lib/public-forms.server";
import type { Route } from "./+types/create-ticket";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = () => [
  { title: "Create a support ticket — Ascendra" },
  {
    name: "description",
    content: "Tell us what is wrong or what you need. Every ticket gets a number and a reply from the team.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await findMember(request);
  return { email: member?.person.email ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  return handleFormPage(request, {
    form: "support_ticket",
    schema: SupportTicketSchema,
    submit: submitSupportTicket,
  });
}

export default function CreateTicket({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(SupportTicketSchema, {
    id: "support-ticket",
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email, type: "Support" },
  });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-5 py-14 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className="font-display text-xs tracking-[0.3em] text-yellow uppercase">Help & support</p>
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">
          Create a Support Ticket
        </h1>
        <p className="text-lg text-text-muted">
          Describe what happened or what you need. You get a ticket number right away and our reply by email.
        </p>
      </header>
      <PublicForm
        form={form}
        stacked
        className="rounded-3xl border border-border bg-surface p-6 sm:p-10"
        success={actionData?.success}
        submitLabel="Create ticket"
      >
        <InputField label="Email" field={fields.email} type="email" autoComplete="email" />
        <InputField label="Subject" field={fields.subject} />
        <ChoiceField label="Type" field={fields.type} options={selectOptions(TICKET_TYPES)} />
        <LongTextField label="Description" field={fields.description} rows={6} wide={false} />
      </PublicForm>
    </div>
  );
}
