import { data, Form, Link } from "react-router";
import {
  confirmNewsletter,
  isNewsletterTokenValid,
  unsubscribeNewsletter,
} from "~models/forms/newsletter.server";
import { SUPPORT_MESSAGES } from "~models/forms/support";
import { FormStatus, SubmitButton } from "~/components/forms";
import type { Route } from "./+types/newsletter-token";
import { loaderHeaders } from "~/lib/route-headers";

// /newsletter/confirm/:token and /newsletter/unsubscribe/:token. The emailed
// link opens a page; the change itself is a POST (no GET changes state).

const kindOf = (kind: string | undefined) =>
  kind === "confirm" ? "confirm" : kind === "unsubscribe" ? "unsubscribe" : null;

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter — Ascendra" },
  { name: "robots", content: "noindex" },
];

// The page's URL holds a secret token: the loader's Referrer-Policy: same-origin
// must reach the response, or the token rides along in the Referer header to
// other sites. Not no-referrer: with it a browser posts the page's own form
// with "Origin: null", which the cross-site check rightly refuses.
export const headers = loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const kind = kindOf(params.kind);
  if (!kind) throw data(null, { status: 404 });
  const valid = await isNewsletterTokenValid(kind, params.token);
  return data({ kind, valid }, { status: valid ? 200 : 410, headers: { "Referrer-Policy": "same-origin" } });
}

export async function action({ params }: Route.ActionArgs) {
  const kind = kindOf(params.kind);
  if (!kind) throw data(null, { status: 404 });
  const done =
    kind === "confirm" ? await confirmNewsletter(params.token) : await unsubscribeNewsletter(params.token);
  if (!done) return data({ message: SUPPORT_MESSAGES.newsletterLinkInvalid, ok: false }, { status: 410 });
  return {
    message:
      kind === "confirm" ? SUPPORT_MESSAGES.newsletterConfirmed : SUPPORT_MESSAGES.newsletterUnsubscribed,
    ok: true,
  };
}

export default function NewsletterToken({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, valid } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-6 px-5 py-20">
      <h1 className="font-display text-3xl font-semibold">
        {kind === "confirm" ? "Confirm your subscription" : "Unsubscribe"}
      </h1>
      {actionData ? (
        <FormStatus tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormStatus>
      ) : valid ? (
        <Form method="post">
          <SubmitButton>{kind === "confirm" ? "Yes, subscribe me" : "Unsubscribe me"}</SubmitButton>
        </Form>
      ) : (
        <FormStatus tone="error">{SUPPORT_MESSAGES.newsletterLinkInvalid}</FormStatus>
      )}
      <Link to="/" className="text-sm underline underline-offset-4">
        Back to home
      </Link>
    </div>
  );
}
