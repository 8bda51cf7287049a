import { data, Form, Link } from "react-router";
import { MANAGE_ACCOUNT_MESSAGES } from "~models/identity/manage-account-forms";
import { getEmailChange } from "~models/identity/account-settings.server";
import { confirmEmailChange } from "~models/views/email-verification.server";
import { FormStatus, SubmitButton } from "~/components/forms";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/verify-email";

// /verify-email/:token: the link sent to a new email address. Opening it shows
// a button; the change itself is a POST (no GET changes state). It works
// signed in or not: the link proves the address, the request was signed in.

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your new email — Ascendra" },
  { name: "robots", content: "noindex" },
];

// The page is never stored (the site's Referrer-Policy already keeps the path, and so the token, on this origin).
export const headers = loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const change = await getEmailChange(params.token);
  return data(
    { newEmail: change?.newEmail ?? null },
    { status: change ? 200 : 410, headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ params }: Route.ActionArgs) {
  const confirmed = await confirmEmailChange(params.token, { siteName: "Ascendra" });
  if (!confirmed.ok) return data({ ok: false, message: confirmed.message }, { status: 410 });
  return { ok: true, message: MANAGE_ACCOUNT_MESSAGES.emailChanged(confirmed.email) };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-6 px-5 py-20">
      <h1 className="font-display text-3xl font-semibold">Confirm your new email</h1>
      {actionData ? (
        <FormStatus tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormStatus>
      ) : loaderData.newEmail ? (
        <>
          <p className="text-text-muted">
            Make <strong className="text-text">{loaderData.newEmail}</strong> the email address of your
            account? You will sign in and receive our emails there.
          </p>
          <Form method="post">
            <SubmitButton pendingLabel="Confirming…">Confirm new email</SubmitButton>
          </Form>
        </>
      ) : (
        <FormStatus tone="error">{MANAGE_ACCOUNT_MESSAGES.emailLinkInvalid}</FormStatus>
      )}
      <Link to="/dashboard2/settings" className="text-sm underline underline-offset-4">
        Back to Settings
      </Link>
    </div>
  );
}
