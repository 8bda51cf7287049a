import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES, SignupFormSchema } from "~models/accounts";
import { minutesUntil, signUp } from "~models/accounts.server";
import { Field, FormMessages, PasswordField, SubmitButton } from "~/components/forms";
import { RedirectWithoutJs, SuccessMark, useRedirectCountdown } from "~/components/redirect-countdown";
import { clientAddress, requireAnonymous } from "~/lib/auth.server";
import type { Route } from "./+types/signup";
import { parseFormData } from "~/lib/request-input.server";

/** After signing up, the success screen hands over to /login after 3 seconds (spec 001 §9). */
export const SIGNUP_REDIRECT_SECONDS = 3;

export const meta: Route.MetaFunction = () => [{ title: "Create your account — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  // A /referrals invitation links here with ?ref=CODE.
  return { referralCode: (new URL(request.url).searchParams.get("ref") ?? "").trim().slice(0, 20) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await parseFormData(request), { schema: SignupFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), signedUp: false }, { status: 400 });
  }
  const { username, email, password, referral_code } = submission.value;
  const result = await signUp({ username, email, password, referral_code, clientAddress: clientAddress(request) });
  if (!result.ok) {
    const hideFields = ["password", "confirmPassword"];
    if (result.field === "form") {
      const message = ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(result.retryAfterSeconds));
      return data({ result: submission.reply({ formErrors: [message], hideFields }), signedUp: false }, { status: 429 });
    }
    return data(
      { result: submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields }), signedUp: false },
      { status: 409 },
    );
  }
  return { result: submission.reply({ resetForm: true }), signedUp: true };
}

function SignupSuccess() {
  const seconds = useRedirectCountdown(SIGNUP_REDIRECT_SECONDS, "/login");
  return (
    <div className="flex flex-col gap-6" role="status">
      <RedirectWithoutJs seconds={SIGNUP_REDIRECT_SECONDS} to="/login" />
      <SuccessMark />
      <h1 className="font-display text-3xl font-semibold">Account created</h1>
      <p className="text-text-muted">
        Welcome to Ascendra. Taking you to sign in in <span data-testid="signup-countdown">{seconds}</span>…
      </p>
      <Link to="/login" className="self-start rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas">
        Sign in now
      </Link>
    </div>
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    defaultValue: { referral_code: loaderData.referralCode },
    constraint: getZodConstraint(SignupFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupFormSchema }),
  });
  if (actionData?.signedUp) return <SignupSuccess />;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold">Create your account</h1>
        <p className="text-text-muted">Submit projects, follow every step and shop with Creative Tokens.</p>
      </header>
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <FormMessages errors={form.errors} errorId={form.errorId} />
        <Field
          labelProps={{ children: "Username" }}
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoFocus: true }}
          errors={fields.username.errors}
        />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <PasswordField
          labelProps={{ children: "Password" }}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <PasswordField
          labelProps={{ children: "Confirm password" }}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <Field
          labelProps={{ children: "Referral code (optional)" }}
          inputProps={{ ...getInputProps(fields.referral_code, { type: "text" }), autoComplete: "off", spellCheck: false }}
          errors={fields.referral_code.errors}
        />
        <SubmitButton pendingLabel="Creating your account…" className="w-full">
          Sign up
        </SubmitButton>
      </Form>
      <p className="text-sm text-text-muted">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-text underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
