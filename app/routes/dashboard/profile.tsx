import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { ACCOUNT_MESSAGES, ProfileFormSchema } from "~models/identity/accounts";
import { getProfile, updateProfile } from "~models/identity/accounts.server";
import { accountSummaryForRequest, planAndBalance } from "~models/billing/account-summary.server";
import { COUNTRIES } from "~models/forms/countries";
import { Field, FormStatus, SelectField, SubmitButton } from "~/components/forms";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/profile";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = () => [{ title: "Profile — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return (await getProfile(user.id, accountSummaryForRequest(request, user.id).then(planAndBalance)))!;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await requireForm(request), { schema: ProfileFormSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), saved: false }, { status: 400 });
  await updateProfile(user.id, submission.value);
  return { result: submission.reply(), saved: true };
}

const countryOptions = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code}, ${c.dial})` }));

export default function ProfileTab({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile } = loaderData;
  const [form, fields] = useZodForm(ProfileFormSchema, {
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: { ...profile, first_name: user.first_name, last_name: user.last_name },
  });
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Profile</h1>
        <p className="text-text-muted">
          Signed in as <strong className="text-text">{user.username}</strong> ({user.email}).
        </p>
      </header>
      {actionData?.saved ? <FormStatus tone="success">{ACCOUNT_MESSAGES.profileUpdated}</FormStatus> : null}
      <Form method="post" className="grid gap-5 sm:grid-cols-2" {...getFormProps(form)}>
        <Field
          labelProps={{ children: "First name" }}
          inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <Field
          labelProps={{ children: "Last name" }}
          inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.last_name.errors}
        />
        <SelectField
          labelProps={{ children: "Country" }}
          selectProps={getSelectProps(fields.country_code)}
          options={countryOptions}
          errors={fields.country_code.errors}
        />
        <Field
          labelProps={{ children: "Contact number" }}
          inputProps={{ ...getInputProps(fields.contact, { type: "text" }), autoComplete: "tel" }}
          errors={fields.contact.errors}
        />
        <Field
          labelProps={{ children: "Company name" }}
          inputProps={{
            ...getInputProps(fields.company_name, { type: "text" }),
            autoComplete: "organization",
          }}
          errors={fields.company_name.errors}
          className="sm:col-span-2"
        />
        <Field
          labelProps={{ children: "Company email" }}
          inputProps={{ ...getInputProps(fields.company_email, { type: "email" }), autoComplete: "email" }}
          errors={fields.company_email.errors}
        />
        <Field
          labelProps={{ children: "Website" }}
          inputProps={{
            ...getInputProps(fields.company_website, { type: "url" }),
            autoComplete: "url",
            placeholder: "https://",
          }}
          errors={fields.company_website.errors}
        />
        <div className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
