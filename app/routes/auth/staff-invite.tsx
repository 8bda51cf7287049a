import type { z } from "zod";
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AcceptExistingStaffSchema, AcceptNewStaffSchema, STAFF_MESSAGES } from "~models/back-office/staff";
import { acceptInvitation, getInvitation } from "~models/back-office/staff.server";
import { Field, FormMessages, FormStatus, SubmitButton } from "~/components/forms";
import { startSession } from "~/lib/auth.server";
import type { Route } from "./+types/staff-invite";
import { requireForm } from "~/lib/body/form.server";
import { loaderHeaders } from "~/lib/route-headers";
import { useZodForm } from "~/lib/use-zod-form";
import { NewPasswordFields } from "~/components/new-password-fields";

// /staff-invite/:token : the link in a staff invitation. It works once: the
// invited person sets a password (and a username for a new account), becomes
// staff, and lands in the back-office signed in.

export const meta: Route.MetaFunction = () => [
  { title: "Join the team — Ascendra" },
  { name: "robots", content: "noindex" },
];

// The token is in the path: never send it on to another site.
const SAME_ORIGIN_REFERRER = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

// The page's URL holds a secret token: the loader's Referrer-Policy: same-origin
// must reach the response, or the token rides along in the Referer header to
// other sites. Not no-referrer: with it a browser posts the page's own form
// with "Origin: null", which the cross-site check rightly refuses.
export const headers = loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await getInvitation(params.token);
  if (!invitation) return data({ valid: false as const }, { status: 410, headers: SAME_ORIGIN_REFERRER });
  return data(
    { valid: true as const, email: invitation.email, account: invitation.account?.username ?? null },
    { headers: SAME_ORIGIN_REFERRER },
  );
}

const HIDDEN = ["password", "confirmPassword"];

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await requireForm(request);
  const invitation = await getInvitation(params.token);
  const schema = invitation?.account ? AcceptExistingStaffSchema : AcceptNewStaffSchema;
  const submission = parseWithZod(formData, { schema });
  if (!invitation)
    return data(
      { result: submission.reply({ formErrors: [STAFF_MESSAGES.inviteInvalid], hideFields: HIDDEN }) },
      { status: 410 },
    );
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const value = submission.value as { password: string; username?: string };
  const accepted = await acceptInvitation(params.token, {
    username: value.username,
    password: value.password,
  });
  if (!accepted.ok && accepted.reason === "invalid")
    return data(
      { result: submission.reply({ formErrors: [STAFF_MESSAGES.inviteInvalid], hideFields: HIDDEN }) },
      { status: 410 },
    );
  if (!accepted.ok)
    return data(
      {
        result: submission.reply({
          fieldErrors: { [accepted.field]: [accepted.message] },
          hideFields: HIDDEN,
        }),
      },
      { status: accepted.field === "password" ? 400 : 409 },
    );
  return startSession(request, accepted.user, { remember: false, redirectTo: "/admin" });
}

export default function StaffInvite({ loaderData, actionData }: Route.ComponentProps) {
  // One form for both cases; the username field only shows for a new account.
  const schema: z.ZodType<unknown, Partial<z.input<typeof AcceptNewStaffSchema>>> = loaderData.valid &&
  loaderData.account
    ? AcceptExistingStaffSchema
    : AcceptNewStaffSchema;
  const [form, fields] = useZodForm(schema, {
    id: "staff-invite",
    lastResult: actionData?.result,
  });
  if (!loaderData.valid) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="font-display text-3xl font-semibold">Link expired</h1>
        <FormStatus tone="error">{STAFF_MESSAGES.inviteInvalid}</FormStatus>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold">Join the team</h1>
        <p className="text-text-muted">
          {loaderData.account
            ? `${loaderData.email} already has an account (${loaderData.account}). ` +
              "Choose a new password for it: it becomes a staff account and is signed out everywhere else."
            : `You are invited as ${loaderData.email}. Choose a username and a password.`}
        </p>
      </header>
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <FormMessages errors={form.errors} errorId={form.errorId} />
        {loaderData.account ? null : (
          <Field
            labelProps={{ children: "Username" }}
            inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
            errors={fields.username.errors}
          />
        )}
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton pendingLabel="Joining…" className="w-full">
          Join the team
        </SubmitButton>
      </Form>
    </div>
  );
}
