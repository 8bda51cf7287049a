import { data, Form, Link, redirect } from "react-router";
import { findInvitation } from "~models/identity/organisation-invitations.server";
import { invitationProblem, ORGANISATION_MESSAGES } from "~models/identity/organisations";
import { ROLE_LABELS } from "~models/identity/roles";
import { SignupApiSchema } from "~models/identity/accounts";
import {
  acceptOrganisationInvitation,
  signUpForInvitation,
} from "~models/views/organisation-invitations.server";
import { Field, FormStatus, SubmitButton } from "~/components/forms";
import { clientAddress, currentSessionId, getUser, startSession } from "~/lib/auth.server";
import { requireForm } from "~/lib/body/form.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/invitation";

// /invitations/:token : the link in an invitation to an organisation (issue
// #40). Signed in with the invited address: join. Signed out: sign in (and come
// back here) or sign up with the address, which the link proves. Expired,
// withdrawn or used: say so.

export const meta: Route.MetaFunction = () => [
  { title: "Join an organisation — Ascendra" },
  { name: "robots", content: "noindex" },
];

// The token is in the path: never send it on to another site (as the staff invitation's page).
const SAME_ORIGIN_REFERRER = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };
export const headers = loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const [found, user] = await Promise.all([findInvitation(params.token), getUser(request)]);
  if (!found)
    return data(
      { ok: false as const, message: ORGANISATION_MESSAGES.invitationUnknown },
      { status: 404, headers: SAME_ORIGIN_REFERRER },
    );
  if (found.state !== "pending")
    return data(
      { ok: false as const, message: invitationProblem(found.state) },
      { status: 410, headers: SAME_ORIGIN_REFERRER },
    );
  return data(
    {
      ok: true as const,
      email: found.email,
      organisation: found.organisationName,
      role: ROLE_LABELS[found.role],
      signedIn: user ? { username: user.username, matches: user.email.toLowerCase() === found.email } : null,
      here: new URL(request.url).pathname,
    },
    { headers: SAME_ORIGIN_REFERRER },
  );
}

type ActionData = { message?: string; errors?: { username?: string; password?: string }; username?: string };

const SignupFields = SignupApiSchema.pick({ username: true, password: true });

export async function action({ request, params }: Route.ActionArgs) {
  const form = await requireForm(request);
  const user = await getUser(request);
  if (user) {
    const accepted = await acceptOrganisationInvitation({
      token: params.token,
      person: user,
      sessionId: await currentSessionId(request),
    });
    if (!accepted.ok) return data<ActionData>({ message: accepted.message }, { status: 400 });
    return redirect("/dashboard2/team");
  }
  const username = String(form.get("username") ?? "");
  const parsed = SignupFields.safeParse({ username, password: String(form.get("password") ?? "") });
  if (!parsed.success) {
    const errors: ActionData["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "username" | "password";
      errors[field] ??= issue.message;
    }
    return data<ActionData>({ errors, username }, { status: 400 });
  }
  const signedUp = await signUpForInvitation({
    token: params.token,
    ...parsed.data,
    clientAddress: clientAddress(request),
  });
  if (!signedUp.ok)
    return data<ActionData>(
      signedUp.field === "form"
        ? { message: signedUp.message, username }
        : { errors: { [signedUp.field]: signedUp.message }, username },
      { status: 400 },
    );
  return startSession(request, signedUp.user, {
    remember: false,
    redirectTo: "/dashboard2/team",
    organisationId: signedUp.organisationId,
  });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok)
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 px-5 py-12">
        <h1 className="font-display text-3xl font-semibold">Invitation</h1>
        <FormStatus tone="error">{loaderData.message}</FormStatus>
        <Link to="/" className="font-semibold underline-offset-4 hover:underline">
          Go to the home page
        </Link>
      </div>
    );
  const { email, organisation, role, signedIn, here } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-5 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Join {organisation}</h1>
        <p className="text-text-muted">
          You are invited as <strong>{role.toLowerCase()}</strong>, at {email}.
        </p>
      </header>
      {actionData?.message ? <FormStatus tone="error">{actionData.message}</FormStatus> : null}
      {signedIn ? (
        signedIn.matches ? (
          <Form method="post" className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5">
            <p>
              Signed in as <strong>{signedIn.username}</strong>.
            </p>
            <SubmitButton className="self-start" pendingLabel="Joining…">
              Join {organisation}
            </SubmitButton>
          </Form>
        ) : (
          <div className="flex flex-col gap-3">
            <FormStatus tone="error">{ORGANISATION_MESSAGES.wrongAddress(email)}</FormStatus>
            <Form method="post" action="/logout">
              <button type="submit" className="font-semibold underline-offset-4 hover:underline">
                Sign out
              </button>
            </Form>
          </div>
        )
      ) : (
        <>
          <section className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-5">
            <h2 className="font-display text-lg font-semibold">Already have an account with {email}?</h2>
            <Link
              to={`/login?${new URLSearchParams({ redirectTo: here })}`}
              className="self-start rounded-full border border-border px-5 py-2.5 text-sm font-semibold hover:border-text-muted"
            >
              Sign in to accept
            </Link>
          </section>
          <Form
            method="post"
            className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
            noValidate
          >
            <h2 className="font-display text-lg font-semibold">New here? Sign up</h2>
            <Field
              labelProps={{ children: "Email" }}
              inputProps={{
                name: "email",
                type: "email",
                value: email,
                readOnly: true,
                autoComplete: "email",
              }}
              hint="The invited address; opening the link confirmed it."
            />
            <Field
              labelProps={{ children: "Username" }}
              inputProps={{
                name: "username",
                autoComplete: "username",
                defaultValue: actionData?.username ?? "",
              }}
              errors={actionData?.errors?.username ? [actionData.errors.username] : undefined}
            />
            <Field
              labelProps={{ children: "Password" }}
              inputProps={{ name: "password", type: "password", autoComplete: "new-password" }}
              errors={actionData?.errors?.password ? [actionData.errors.password] : undefined}
            />
            <SubmitButton className="self-start" pendingLabel="Signing up…">
              Sign up and join
            </SubmitButton>
          </Form>
        </>
      )}
    </div>
  );
}
