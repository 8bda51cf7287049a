import { data, Form, redirect } from "react-router";
import { createOrganisation, switchOrganisation } from "~models/identity/organisations.server";
import { Field, FormStatus, SubmitButton } from "~/components/forms";
import { currentSessionId, requireUser } from "~/lib/auth.server";
import { requireForm } from "~/lib/body/form.server";
import { findMember } from "~/lib/membership.server";
import type { Route } from "./+types/new";

// /organisations/new: a person who belongs to no organisation (they left, or
// were removed from, the last one) creates one, or anyone creates another. Its
// data lives on a new account row of its own (decision 0077).

export const meta: Route.MetaFunction = () => [
  { title: "Create an organisation — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (user.role === "staff") throw redirect("/admin");
  const member = await findMember(request);
  return { belongsToOne: Boolean(member) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (user.role === "staff") throw redirect("/admin");
  const form = await requireForm(request);
  const name = String(form.get("name") ?? "");
  const created = await createOrganisation(user, name);
  if (!created.ok) return data({ error: created.message, name }, { status: 400 });
  const sessionId = await currentSessionId(request);
  if (sessionId) await switchOrganisation(sessionId, user.id, created.id);
  return redirect("/dashboard2/team");
}

export default function NewOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-5 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Create an organisation</h1>
        <p className="text-text-muted">
          {loaderData.belongsToOne
            ? "A new organisation has its own wallet, projects and team. You will be its owner."
            : "You do not belong to any organisation yet. Create one to brief projects and buy tokens, or open an invitation a colleague sent you."}
        </p>
      </header>
      <Form method="post" className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5">
        {actionData?.error ? <FormStatus tone="error">{actionData.error}</FormStatus> : null}
        <Field
          labelProps={{ children: "Organisation name" }}
          inputProps={{
            name: "name",
            required: true,
            maxLength: 120,
            autoComplete: "organization",
            defaultValue: actionData?.name ?? "",
          }}
          errors={actionData?.error ? [actionData.error] : undefined}
        />
        <SubmitButton className="self-start" pendingLabel="Creating…">
          Create organisation
        </SubmitButton>
      </Form>
    </div>
  );
}
