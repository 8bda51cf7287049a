import { data, Form, Link } from "react-router";
import { EMAIL_VERIFICATION_MESSAGES } from "~models/identity/email-verification";
import { resendEmailVerification } from "~models/identity/email-verification.server";
import { minutesUntil } from "~models/identity/accounts.server";
import { FormStatus, SubmitButton } from "~/components/forms";
import { memberOf } from "~/lib/membership.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/confirm-email";

// /confirm-email: whether the signed-in client's address is confirmed, and
// "Send the link again" (the dashboard's notice posts here, without JavaScript
// too). Decision 0053.

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your email — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  return { email: member.person.email, verified: member.person.emailVerified };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const sent = await resendEmailVerification(member.person.id, {
    baseUrl: publicBaseUrl(request),
    siteName: "Ascendra",
  });
  if (sent.ok) return { ok: true, message: EMAIL_VERIFICATION_MESSAGES.sent(sent.email) };
  if (sent.reason === "verified") return { ok: true, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified };
  return data(
    { ok: false, message: EMAIL_VERIFICATION_MESSAGES.tooMany(minutesUntil(sent.retryAfterSeconds)) },
    { status: 429 },
  );
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-6 px-5 py-20">
      <h1 className="font-display text-3xl font-semibold">Confirm your email</h1>
      {actionData ? (
        <FormStatus tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormStatus>
      ) : null}
      {loaderData.verified ? (
        actionData ? null : (
          <FormStatus tone="success">{EMAIL_VERIFICATION_MESSAGES.alreadyVerified}</FormStatus>
        )
      ) : (
        <>
          <p className="text-text-muted">
            {EMAIL_VERIFICATION_MESSAGES.notice} {EMAIL_VERIFICATION_MESSAGES.noticeDetail(loaderData.email)}
          </p>
          <Form method="post">
            <SubmitButton pendingLabel="Sending…">{EMAIL_VERIFICATION_MESSAGES.resendButton}</SubmitButton>
          </Form>
        </>
      )}
      <Link to="/dashboard2" className="text-sm underline underline-offset-4">
        Back to your dashboard
      </Link>
    </div>
  );
}
