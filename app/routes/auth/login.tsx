import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES, LoginFormSchema } from "~models/identity/accounts";
import { minutesUntil } from "~models/identity/accounts.server";
import {
  CheckboxField,
  Field,
  FormMessages,
  FormStatus,
  PasswordField,
  SubmitButton,
} from "~/components/forms";
import {
  authenticator,
  InvalidCredentialsError,
  landingPath,
  requireAnonymous,
  safeRedirect,
  startSession,
  TooManyAttemptsError,
} from "~/lib/auth.server";
import type { Route } from "./+types/login";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = () => [{ title: "Sign in — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const formData = await requireForm(request);
  const submission = parseWithZod(formData, { schema: LoginFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await authenticator.authenticate("password", withForm(request, formData));
    // The hidden field carries the target; a form posted without it still has it in the URL.
    const asked = submission.value.redirectTo || new URL(request.url).searchParams.get("redirectTo");
    return await startSession(request, user, {
      remember: submission.value.remember,
      redirectTo: safeRedirect(asked, landingPath(user)),
    });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      return data(
        {
          result: submission.reply({
            formErrors: [ACCOUNT_MESSAGES.invalidCredentials],
            hideFields: ["password"],
          }),
        },
        { status: 400 },
      );
    }
    if (error instanceof TooManyAttemptsError) {
      const message = ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(error.retryAfterSeconds));
      return data(
        { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}

/**
 * The request again with the form already read (and bounded) as its body: the
 * form strategy reads its fields from a request, and this one's body is spent.
 */
function withForm(request: Request, formData: FormData): Request {
  const headers = new Headers(request.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return new Request(request.url, { method: "POST", headers, body: formData });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const passwordReset = searchParams.get("reset") === "done";
  const [form, fields] = useZodForm(LoginFormSchema, {
    id: "login",
    lastResult: actionData?.result,
    defaultValue: { redirectTo },
  });

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold">Welcome back</h1>
        <p className="text-text-muted">Sign in to follow your projects and spend your Creative Tokens.</p>
      </header>
      {passwordReset ? <FormStatus tone="success">{ACCOUNT_MESSAGES.resetDone}</FormStatus> : null}
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <FormMessages errors={form.errors} errorId={form.errorId} />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <Field
          labelProps={{ children: "Username or email" }}
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoFocus: true,
          }}
          errors={fields.username.errors}
        />
        <PasswordField
          labelProps={{ children: "Password" }}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
          errors={fields.password.errors}
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField
            labelProps={{ children: "Remember me" }}
            inputProps={{ ...getInputProps(fields.remember, { type: "checkbox" }), value: "on" }}
          />
          <Link to="/forgot-password" className="text-sm text-text underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pendingLabel="Signing in…" className="w-full">
          Sign in
        </SubmitButton>
      </Form>
      <p className="text-sm text-text-muted">
        New here?{" "}
        <Link
          to={redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup"}
          className="font-medium text-text underline-offset-4 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </div>
  );
}
