import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ACCOUNT_MESSAGES, SignupFormSchema } from "~models/identity/accounts";
import { OptionalRegion, REGION_OPTIONS } from "~models/billing/currency-setting";
import { setAccountRegion } from "~models/billing/currency.server";
import { minutesUntil } from "~models/identity/accounts.server";
import { signUp } from "~models/views/signup.server";
import { EMAIL_VERIFICATION_MESSAGES } from "~models/identity/email-verification";
import { Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { RedirectWithoutJs, SuccessMark, useRedirectCountdown } from "~/components/redirect-countdown";
import { clientAddress, createSessionCookie, requireAnonymous, safeRedirect } from "~/lib/auth.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import { DEFAULT_REDIRECT_PATH } from "~/lib/safe-redirect";
import type { Route } from "./+types/signup";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { NewPasswordFields } from "~/components/new-password-fields";

/**
 * After signing up, the success screen moves on after 3 seconds (docs/product.md, "Accounts").
 * The new client is signed in already, so it goes where /login would have
 * sent them: the dashboard, or the page that sent them to sign up.
 */
export const SIGNUP_REDIRECT_SECONDS = 3;

export const meta: Route.MetaFunction = () => [{ title: "Create your account — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  // A /referrals invitation links here with ?ref=CODE.
  return { referralCode: (new URL(request.url).searchParams.get("ref") ?? "").trim().slice(0, 20) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const formData = await requireForm(request);
  const submission = parseWithZod(formData, { schema: SignupFormSchema });
  // Optional: empty (or anything else) leaves it to the browser's language (docs/decisions/0059).
  const region = OptionalRegion.safeParse(formData.get("region") ?? undefined);
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), signedUp: false as const },
      { status: 400 },
    );
  }
  const { username, email, password, referral_code } = submission.value;
  const result = await signUp({
    username,
    email,
    password,
    referral_code,
    clientAddress: clientAddress(request),
    mail: { baseUrl: publicBaseUrl(request), siteName: "Ascendra" },
  });
  if (!result.ok) {
    const hideFields = ["password", "confirmPassword"];
    if (result.field === "form") {
      const message = ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(result.retryAfterSeconds));
      return data(
        { result: submission.reply({ formErrors: [message], hideFields }), signedUp: false as const },
        { status: 429 },
      );
    }
    return data(
      {
        result: submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields }),
        signedUp: false as const,
      },
      // A taken name is a conflict; a common password is a bad value.
      { status: result.field === "password" ? 400 : 409 },
    );
  }
  // Signing up signs you in: the spec's API stores a token at signup, and the page does the same with a session.
  const next = safeRedirect(
    submission.value.redirectTo || new URL(request.url).searchParams.get("redirectTo"),
  );
  if (region.success && region.data) await setAccountRegion(result.user.id, region.data);
  const cookie = await createSessionCookie(request, result.user, { remember: false });
  return data(
    {
      result: submission.reply({ resetForm: true }),
      signedUp: true as const,
      next,
      email: result.user.email,
    },
    { headers: { "Set-Cookie": cookie } },
  );
}

// This page's loader sends signed-in visitors away at once; right after
// signing up, the success screen gets its 3 seconds first.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { signedUp?: boolean } | undefined)?.signedUp ? false : defaultShouldRevalidate;
}

function SignupSuccess({ next, email }: { next: string; email: string }) {
  const seconds = useRedirectCountdown(SIGNUP_REDIRECT_SECONDS, next);
  const toDashboard = next === DEFAULT_REDIRECT_PATH;
  return (
    <div className="flex flex-col gap-6" role="status">
      <RedirectWithoutJs seconds={SIGNUP_REDIRECT_SECONDS} to={next} />
      <SuccessMark />
      <h1 className="font-display text-3xl font-semibold">Account created</h1>
      <p className="text-text-muted">
        Welcome to Ascendra, you are signed in. Taking you{" "}
        {toDashboard ? "to your dashboard" : "back to where you were"} in{" "}
        <span data-testid="signup-countdown" data-countdown-to={next}>
          {seconds}
        </span>
        …
      </p>
      <p className="text-text-muted">{EMAIL_VERIFICATION_MESSAGES.signupSent(email)}</p>
      <Link
        to={next}
        className="self-start rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
      >
        {toDashboard ? "Go to your dashboard now" : "Continue now"}
      </Link>
    </div>
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields] = useZodForm(SignupFormSchema, {
    id: "signup",
    lastResult: actionData?.result,
    defaultValue: { referral_code: loaderData.referralCode, redirectTo },
  });
  // The currency chosen before an error stays chosen (it is not in the schema, so read from the reply).
  const typedRegion = (form.initialValue as { region?: unknown } | undefined)?.region;
  const region = typeof typedRegion === "string" ? typedRegion : "";
  if (actionData?.signedUp) return <SignupSuccess next={actionData.next} email={actionData.email} />;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold">Create your account</h1>
        <p className="text-text-muted">Submit projects, follow every step and shop with Creative Tokens.</p>
      </header>
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <FormMessages errors={form.errors} errorId={form.errorId} />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <Field
          labelProps={{ children: "Username" }}
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoFocus: true,
          }}
          errors={fields.username.errors}
        />
        <Field
          labelProps={{ children: "Email" }}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <Field
          labelProps={{ children: "Referral code (optional)" }}
          inputProps={{
            ...getInputProps(fields.referral_code, { type: "text" }),
            autoComplete: "off",
            spellCheck: false,
          }}
          errors={fields.referral_code.errors}
        />
        <SelectField
          key={region}
          labelProps={{ children: "Currency (optional)" }}
          selectProps={{ id: "signup-region", name: "region", defaultValue: region }}
          options={[{ value: "", label: "From my browser's language" }, ...REGION_OPTIONS]}
        />
        <SubmitButton pendingLabel="Creating your account…" className="w-full">
          Sign up
        </SubmitButton>
      </Form>
      <p className="text-sm text-text-muted">
        Already have an account?{" "}
        <Link
          to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"}
          className="font-medium text-text underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
