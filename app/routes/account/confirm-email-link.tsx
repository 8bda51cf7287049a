import { data, Form, Link } from "react-router";
import { EMAIL_VERIFICATION_MESSAGES } from "~models/identity/email-verification";
import { getEmailVerification } from "~models/identity/email-verification.server";
import { verifyEmail } from "~models/views/email-verification.server";
import { FormStatus, SubmitButton } from "~/components/forms";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/confirm-email-link";

// /confirm-email/:token: the link emailed to a new account's address. Opening
// it shows a button; confirming is a POST (no GET changes state, and mail
// scanners open links). It works signed in or not: the link proves the address.

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your email — Ascendra" },
  { name: "robots", content: "noindex" },
];

// Never stored (the site's Referrer-Policy already keeps the path, and so the token, on this origin).
export const headers = loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const link = await getEmailVerification(params.token);
  return data(
    { email: link?.email ?? null },
    { status: link ? 200 : 410, headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ params }: Route.ActionArgs) {
  const confirmed = await verifyEmail(params.token);
  if (!confirmed.ok)
    return data({ ok: false, message: EMAIL_VERIFICATION_MESSAGES.linkInvalid }, { status: 410 });
  // The status is explicit: the loader that runs after this action finds the link used (410),
  // and a document answer takes the loader's status when the action names none.
  return data({ ok: true, message: EMAIL_VERIFICATION_MESSAGES.verified(confirmed.email) }, { status: 200 });
}

export default function ConfirmEmailLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-6 px-5 py-20">
      <h1 className="font-display text-3xl font-semibold">Confirm your email</h1>
      {actionData ? (
        <FormStatus tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormStatus>
      ) : loaderData.email ? (
        <>
          <p className="text-text-muted">
            Confirm that <strong className="text-text">{loaderData.email}</strong> is the address of your
            account?
          </p>
          <Form method="post">
            <SubmitButton pendingLabel="Confirming…">Confirm my email</SubmitButton>
          </Form>
        </>
      ) : (
        <FormStatus tone="error">{EMAIL_VERIFICATION_MESSAGES.linkInvalid}</FormStatus>
      )}
      <Link to="/dashboard2" className="text-sm underline underline-offset-4">
        Go to your dashboard
      </Link>
    </div>
  );
}
