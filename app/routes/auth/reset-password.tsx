import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { ACCOUNT_MESSAGES, ResetPasswordSchema } from "~models/identity/accounts";
import { isResetTokenValid, resetPassword } from "~models/identity/password-reset.server";
import { FormMessages, FormStatus, SubmitButton } from "~/components/forms";
import type { Route } from "./+types/reset-password";
import { requireForm } from "~/lib/body/form.server";
import { loaderHeaders } from "~/lib/route-headers";
import { useZodForm } from "~/lib/use-zod-form";
import { NewPasswordFields } from "~/components/new-password-fields";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password — Ascendra" },
  { name: "robots", content: "noindex" },
];

// The page's URL holds a secret token: the loader's Referrer-Policy: same-origin
// must reach the response, or the token rides along in the Referer header to
// other sites. Not no-referrer: with it a browser posts the page's own form
// with "Origin: null", which the cross-site check rightly refuses.
export const headers = loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const valid = await isResetTokenValid(params.token);
  return data({ valid }, { status: valid ? 200 : 410, headers: { "Referrer-Policy": "same-origin" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await requireForm(request), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  const reset = await resetPassword(params.token, submission.value.password);
  if (!reset.ok && reset.reason === "password") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: [reset.message] },
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status: 400 },
    );
  }
  if (!reset.ok) {
    return data(
      {
        result: submission.reply({
          formErrors: [ACCOUNT_MESSAGES.resetInvalid],
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status: 410 },
    );
  }
  return redirect("/login?reset=done");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
  });
  if (!loaderData.valid) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="font-display text-3xl font-semibold">Link expired</h1>
        <FormStatus tone="error">{ACCOUNT_MESSAGES.resetInvalid}</FormStatus>
        <Link
          to="/forgot-password"
          className="self-start rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
        >
          Get a new link
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold">Choose a new password</h1>
        <p className="text-text-muted">After this, every device signed in to your account is signed out.</p>
      </header>
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <FormMessages errors={form.errors} errorId={form.errorId} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label="New password"
        />
        <SubmitButton pendingLabel="Saving…" className="w-full">
          Save the new password
        </SubmitButton>
      </Form>
    </div>
  );
}
