import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES, ForgotPasswordSchema } from "~models/identity/accounts";
import { minutesUntil } from "~models/identity/accounts.server";
import { requestPasswordReset } from "~models/identity/password-reset.server";
import { consumeRateLimit, RATE_LIMITS } from "~models/platform/rate-limit.server";
import { Field, FormMessages, FormStatus, SubmitButton } from "~/components/forms";
import { clientAddress } from "~/lib/auth.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/forgot-password";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password? — Ascendra" }];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await requireForm(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });

  const limit = await consumeRateLimit(`reset:${clientAddress(request)}`, RATE_LIMITS.passwordReset);
  if (limit.limited) {
    const message = ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(limit.retryAfterSeconds));
    return data({ result: submission.reply({ formErrors: [message] }), sent: false }, { status: 429 });
  }
  await requestPasswordReset(submission.value.email, {
    baseUrl: publicBaseUrl(request),
    siteName: "Ascendra",
  });
  // The same answer whether or not an account has this email.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(ForgotPasswordSchema, {
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold">Forgot your password?</h1>
        <p className="text-text-muted">
          Tell us the email of your account and we will send you a link to choose a new one.
        </p>
      </header>
      {actionData?.sent ? <FormStatus tone="success">{ACCOUNT_MESSAGES.resetRequested}</FormStatus> : null}
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <FormMessages errors={form.errors} errorId={form.errorId} />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <SubmitButton pendingLabel="Sending…" className="w-full">
          Send the reset link
        </SubmitButton>
      </Form>
      <Link to="/login" className="text-sm text-text underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </div>
  );
}
