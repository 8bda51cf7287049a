import { data, Form, Link, redirect } from "react-router";
import {
  inviteMember,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationFieldErrors,
} from "~models/identity/organisation-invitations.server";
import {
  changeMemberRole,
  clientActor,
  getEmailPreferences,
  listMembers,
  removeMember,
  setEmailPreferences,
  setMonthlyTokenCap,
} from "~models/identity/organisations.server";
import {
  EMAIL_PREFERENCES,
  isOrganisationRole,
  ORGANISATION_MESSAGES,
  type EmailPreferences,
} from "~models/identity/organisations";
import { can, ORGANISATION_ROLES, ROLE_LABELS } from "~models/identity/roles";
import { fullNameOf } from "~models/identity/manage-account";
import { getSiteShell } from "~models/content/site-content.server";
import { ConfirmLink } from "~/components/organisations/confirm-link";
import { OrganisationSwitcher } from "~/components/organisations/organisation-switcher";
import { accountSummaryForRequest } from "~models/views/account-summary.server";
import { deleteOrganisation } from "~models/views/organisation-deletion.server";
import { CheckboxField, Field, FormStatus, SelectField, SubmitButton } from "~/components/forms";
import { clientAddress } from "~/lib/auth.server";
import { requireForm } from "~/lib/body/form.server";
import { formatDate } from "~/lib/format";
import { memberOf } from "~/lib/membership.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/team";

// The workspace's Team section (issue #40): who is in the organisation and with
// which role; owners invite, re-role, cap and remove; anyone leaves (not the
// last owner) and chooses which emails they get.

export const meta: Route.MetaFunction = () => [{ title: "Team — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const manage = can(member.role, "members");
  const url = new URL(request.url);
  const [members, invitations, preferences, { organisations }] = await Promise.all([
    listMembers(member.organisation.id),
    manage ? listPendingInvitations(member.organisation.id) : Promise.resolve([]),
    getEmailPreferences(member.organisation.id, member.person.id),
    // The person's organisations, for the switcher: the shell's summary already has them.
    accountSummaryForRequest(request, { accountId: member.accountId, personId: member.person.id }),
  ]);
  return {
    organisation: member.organisation,
    role: member.role,
    me: member.person.username,
    emailVerified: member.person.emailVerified,
    manage,
    members: members.map((m) => ({ ...m, name: fullNameOf(m) })),
    invitations,
    preferences,
    organisations,
    // Deleting is offered to an owner alone in an organisation that is not their own account (decision 0078).
    deletable: can(member.role, "delete") && members.length === 1 && member.accountId !== member.person.id,
    // After a deletion, the organisation the person is now in says which one went.
    deleted: url.searchParams.get("deleted"),
    // The confirm steps' own addresses (without JavaScript): ?remove=<username>, ?leave, ?delete.
    confirming: {
      remove: url.searchParams.get("remove"),
      leave: url.searchParams.has("leave"),
      delete: url.searchParams.has("delete"),
    },
  };
}

type ActionData = {
  message?: string;
  tone?: "success" | "error";
  /** Which form the answer belongs to. */
  form?: string;
  errors?: InvitationFieldErrors;
  values?: { email: string; role: string };
};

const answer = (body: ActionData, status = 200) => data<ActionData>(body, { status });

/** A whole number of tokens, or null for no cap; undefined when it is neither. */
function parseCap(value: FormDataEntryValue | null): number | null | undefined {
  const text = String(value ?? "").trim();
  if (!text) return null;
  if (!/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const form = await requireForm(request);
  const intent = String(form.get("intent") ?? "");
  const organisation = member.organisation;
  const actor = clientActor(member.person, clientAddress(request));
  const target = (username: string) => ({
    organisationId: organisation.id,
    organisationName: organisation.name,
    username,
  });

  if (intent === "preferences") {
    const preferences = Object.fromEntries(
      EMAIL_PREFERENCES.map((p) => [p.key, form.get(p.field) === "on"]),
    ) as EmailPreferences;
    await setEmailPreferences(organisation.id, member.person.id, preferences);
    return answer({ form: "preferences", message: ORGANISATION_MESSAGES.preferencesSaved, tone: "success" });
  }
  if (intent === "leave") {
    const left = await removeMember(target(member.person.username), actor, { leave: true });
    if (!left.ok) return answer({ form: "leave", message: left.message, tone: "error" }, left.status);
    return redirect("/dashboard2");
  }
  if (intent === "delete") {
    const deleted = await deleteOrganisation(
      {
        organisationId: organisation.id,
        organisationName: organisation.name,
        accountId: member.accountId,
        personId: member.person.id,
      },
      actor,
    );
    if (!deleted.ok)
      return answer({ form: "delete", message: deleted.message, tone: "error" }, deleted.status);
    return redirect(`/dashboard2/team?deleted=${encodeURIComponent(organisation.name)}`);
  }
  if (!can(member.role, "members"))
    return answer({ form: intent, message: ORGANISATION_MESSAGES.notAllowed, tone: "error" }, 403);

  const mail = async () => ({ baseUrl: publicBaseUrl(request), siteName: (await getSiteShell()).site.name });
  const inviter = { ...member.person };
  switch (intent) {
    case "invite": {
      const values = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") };
      const invited = await inviteMember({
        organisation,
        inviter,
        email: values.email,
        role: values.role,
        mail: await mail(),
      });
      if (!invited.ok)
        return answer(
          { form: "invite", errors: invited.errors, values, message: invited.errors.form, tone: "error" },
          invited.status,
        );
      return answer({
        form: "invite",
        message: ORGANISATION_MESSAGES.invited(invited.email),
        tone: "success",
      });
    }
    case "resend": {
      const resent = await resendInvitation({
        organisation,
        inviter,
        invitationId: String(form.get("id") ?? ""),
        mail: await mail(),
      });
      return resent.ok
        ? answer({ form: "invitations", message: ORGANISATION_MESSAGES.resent, tone: "success" })
        : answer({ form: "invitations", message: resent.message, tone: "error" }, resent.status);
    }
    case "revoke": {
      const revoked = await revokeInvitation({
        organisation,
        actor: member.person,
        invitationId: String(form.get("id") ?? ""),
      });
      return revoked
        ? answer({ form: "invitations", message: ORGANISATION_MESSAGES.revoked, tone: "success" })
        : answer({ form: "invitations", message: ORGANISATION_MESSAGES.invitationGone, tone: "error" }, 404);
    }
    case "role": {
      const username = String(form.get("username") ?? "");
      const role = form.get("role");
      if (!isOrganisationRole(role))
        return answer({ form: "members", message: ORGANISATION_MESSAGES.invalidRole, tone: "error" }, 400);
      const changed = await changeMemberRole(target(username), role, actor);
      return changed.ok
        ? answer({
            form: "members",
            message: ORGANISATION_MESSAGES.roleChanged(username, ROLE_LABELS[role].toLowerCase()),
            tone: "success",
          })
        : answer({ form: "members", message: changed.message, tone: "error" }, changed.status);
    }
    case "cap": {
      const username = String(form.get("username") ?? "");
      const cap = parseCap(form.get("cap"));
      if (cap === undefined)
        return answer({ form: "members", message: ORGANISATION_MESSAGES.invalidCap, tone: "error" }, 400);
      const set = await setMonthlyTokenCap(target(username), cap, actor);
      return set.ok
        ? answer({ form: "members", message: ORGANISATION_MESSAGES.capSaved(username), tone: "success" })
        : answer({ form: "members", message: set.message, tone: "error" }, set.status);
    }
    case "remove": {
      const username = String(form.get("username") ?? "");
      const removed = await removeMember(target(username), actor);
      if (!removed.ok)
        return answer({ form: "members", message: removed.message, tone: "error" }, removed.status);
      // The confirm step's address is done with.
      return answer({ form: "members", message: ORGANISATION_MESSAGES.removed(username), tone: "success" });
    }
    default:
      return answer({ message: "Unknown action.", tone: "error" }, 400);
  }
}

const ROLE_OPTIONS = ORGANISATION_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const smallButton =
  "rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:border-text-muted";
const card = "flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5";

function Outcome({ actionData, form }: { actionData: ActionData | undefined; form: string }) {
  if (!actionData?.message || actionData.form !== form) return null;
  return <FormStatus tone={actionData.tone ?? "success"}>{actionData.message}</FormStatus>;
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const {
    organisation,
    role,
    me,
    emailVerified,
    manage,
    members,
    invitations,
    preferences,
    organisations,
    confirming,
  } = loaderData;
  const inviteErrors = actionData?.form === "invite" ? actionData.errors : undefined;
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Team</h1>
        <p className="text-text-muted">
          <span data-testid="organisation-name">{organisation.name}</span> · you are{" "}
          <strong data-testid="my-role">{ROLE_LABELS[role]}</strong>. Everyone here shares one wallet and one
          set of projects; what each person may do follows their role.
        </p>
        {loaderData.deleted ? (
          <p role="status" className="text-sm font-semibold" data-testid="organisation-deleted">
            {ORGANISATION_MESSAGES.deleted(loaderData.deleted)}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="organisations-heading" className={card}>
        <h2 id="organisations-heading" className="font-display text-lg font-semibold">
          Your organisations
        </h2>
        {organisations.length > 1 ? (
          <OrganisationSwitcher organisations={organisations} currentId={organisation.id} />
        ) : (
          <p className="text-sm text-text-muted">You belong to this organisation only.</p>
        )}
        <Link
          to="/organisations/new"
          className="self-start text-sm font-semibold underline-offset-4 hover:underline"
        >
          Create another organisation
        </Link>
      </section>

      <section aria-labelledby="members-heading" className={card}>
        <h2 id="members-heading" className="font-display text-lg font-semibold">
          Members
        </h2>
        <Outcome actionData={actionData} form="members" />
        <ul className="flex flex-col divide-y divide-border">
          {members.map((m) => (
            <li
              key={m.id}
              className="flex flex-col gap-3 py-4"
              data-testid="member-row"
              data-username={m.username}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <div className="flex min-w-0 flex-col">
                  <span className="font-semibold">
                    {m.username}
                    {m.username === me ? <span className="text-text-muted"> (you)</span> : null}
                  </span>
                  <span className="text-sm text-text-muted">
                    {m.name ? `${m.name} · ` : ""}
                    <span className="break-all">{m.email}</span> · joined {formatDate(m.joinedAt)}
                  </span>
                </div>
                <span
                  className="rounded-full border border-border px-3 py-1 text-xs font-semibold"
                  data-testid="member-role"
                >
                  {ROLE_LABELS[m.role]}
                  {m.monthlyTokenCap !== null ? ` · cap ${m.monthlyTokenCap} tokens a month` : ""}
                </span>
              </div>
              {manage ? (
                <div className="flex flex-wrap items-end gap-3">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="username" value={m.username} />
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="text-text-muted">Role of {m.username}</span>
                      <select name="role" defaultValue={m.role} className="field-control py-1.5 text-sm">
                        {ROLE_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" name="intent" value="role" className={smallButton}>
                      Save role<span className="sr-only"> of {m.username}</span>
                    </button>
                  </Form>
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="username" value={m.username} />
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="text-text-muted">Monthly token cap of {m.username}</span>
                      <input
                        name="cap"
                        inputMode="numeric"
                        pattern="[0-9]*"
                        placeholder="No cap"
                        defaultValue={m.monthlyTokenCap ?? ""}
                        className="field-control w-32 py-1.5 text-sm"
                      />
                    </label>
                    <button type="submit" name="intent" value="cap" className={smallButton}>
                      Save cap<span className="sr-only"> of {m.username}</span>
                    </button>
                  </Form>
                  {m.username !== me ? (
                    <div>
                      <ConfirmLink
                        id={`remove-${m.id}`}
                        href={`?${new URLSearchParams({ remove: m.username })}`}
                        open={confirming.remove === m.username}
                        button={
                          <>
                            Remove<span className="sr-only"> {m.username}</span>
                          </>
                        }
                        heading={`Remove ${m.username}?`}
                        consequence={`${m.username} loses access to ${organisation.name} at once: their sessions in it end and their API keys for it stop working. Their past work stays.`}
                        confirm={`Yes, remove ${m.username}`}
                        intent="remove"
                        hidden={{ username: m.username }}
                        testId="remove-member"
                      />
                    </div>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <div>
          <Outcome actionData={actionData} form="leave" />
          <ConfirmLink
            id="leave"
            href="?leave"
            open={confirming.leave}
            button={`Leave ${organisation.name}`}
            heading={`Leave ${organisation.name}?`}
            consequence="You lose access to its wallet, projects and files. An owner can invite you again."
            confirm="Yes, leave"
            intent="leave"
            testId="leave-organisation"
          />
        </div>
        {loaderData.deletable ? (
          <div>
            <Outcome actionData={actionData} form="delete" />
            <ConfirmLink
              id="delete-organisation"
              href="?delete"
              open={confirming.delete}
              button={`Delete ${organisation.name}`}
              heading={`Delete ${organisation.name}?`}
              consequence="The organisation, its pending invitations and your membership go for good. This cannot be undone."
              confirm={`Yes, delete ${organisation.name}`}
              intent="delete"
              testId="delete-organisation"
            />
          </div>
        ) : null}
      </section>

      {manage ? (
        <section aria-labelledby="invite-heading" className={card}>
          <h2 id="invite-heading" className="font-display text-lg font-semibold">
            Invite someone
          </h2>
          {emailVerified ? (
            <Form
              method="post"
              className="flex flex-col gap-3 sm:flex-row sm:items-start"
              noValidate
              // A new, empty form after an invitation went out.
              key={
                actionData?.form === "invite" && actionData.tone === "success" ? actionData.message : "invite"
              }
            >
              <input type="hidden" name="intent" value="invite" />
              <Field
                className="flex-1"
                labelProps={{ children: "Email address" }}
                inputProps={{
                  name: "email",
                  type: "email",
                  autoComplete: "off",
                  defaultValue: actionData?.form === "invite" ? actionData.values?.email : "",
                }}
                hint="They get a link that works for 7 days."
                errors={inviteErrors?.email ? [inviteErrors.email] : undefined}
              />
              <SelectField
                labelProps={{ children: "Role" }}
                selectProps={{
                  name: "role",
                  defaultValue: (actionData?.form === "invite" && actionData.values?.role) || "member",
                }}
                options={ROLE_OPTIONS}
                errors={inviteErrors?.role ? [inviteErrors.role] : undefined}
              />
              <SubmitButton className="sm:mt-7" pendingLabel="Sending…" intent="invite">
                Send invitation
              </SubmitButton>
            </Form>
          ) : (
            <p className="text-sm text-text-muted">{ORGANISATION_MESSAGES.unverified}</p>
          )}
          <Outcome actionData={actionData} form="invite" />
          <p className="text-sm text-text-muted">
            Owner: everything, including the team. Approver: briefs, approves proofs and pays for revision
            rounds from the wallet. Billing: buys tokens and plans, receipts and payment methods. Member:
            briefs, comments and downloads; cannot spend or approve.
          </p>
        </section>
      ) : null}

      {manage && (invitations.length || actionData?.form === "invitations") ? (
        <section aria-labelledby="pending-heading" className={card}>
          <h2 id="pending-heading" className="font-display text-lg font-semibold">
            Waiting for an answer
          </h2>
          <Outcome actionData={actionData} form="invitations" />
          <ul className="flex flex-col divide-y divide-border">
            {invitations.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="invitation-row"
              >
                <span className="min-w-0">
                  <span className="font-semibold break-all">{invite.email}</span>{" "}
                  <span className="text-sm text-text-muted">
                    as {ROLE_LABELS[invite.role].toLowerCase()} · link works until{" "}
                    {formatDate(invite.expiresAt)}
                  </span>
                </span>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={invite.id} />
                  <button type="submit" name="intent" value="resend" className={smallButton}>
                    Resend<span className="sr-only"> the invitation to {invite.email}</span>
                  </button>
                  <button type="submit" name="intent" value="revoke" className={smallButton}>
                    Withdraw<span className="sr-only"> the invitation to {invite.email}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {preferences ? (
        <section aria-labelledby="emails-heading" className={card}>
          <h2 id="emails-heading" className="font-display text-lg font-semibold">
            Emails you get about {organisation.name}
          </h2>
          <Outcome actionData={actionData} form="preferences" />
          <Form method="post" className="flex flex-col gap-3">
            {EMAIL_PREFERENCES.map((p) => (
              <CheckboxField
                key={p.key}
                labelProps={{ children: p.label }}
                inputProps={{ name: p.field, defaultChecked: preferences[p.key] }}
              />
            ))}
            <SubmitButton
              className="self-start"
              pendingLabel="Saving…"
              name="intent"
              value="preferences"
              intent="preferences"
            >
              Save email preferences
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
