import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";
import { STAFF_ACCESS_LEVELS, STAFF_MESSAGES, StaffInviteSchema } from "~models/back-office/staff";
import {
  inviteStaff,
  listPendingInvitations,
  listStaff,
  removeStaff,
  setStaffAccess,
  withdrawInvitation,
} from "~models/back-office/staff.server";
import { getSiteShell } from "~models/content/site-content.server";
import { ActionMessage, cell, DataTable, PageHeader, smallButton } from "~/components/admin/ui";
import { Field, SubmitButton } from "~/components/forms";
import { formatDate, formatDateTime } from "~/lib/format";
import { publicBaseUrl } from "~/lib/public-url.server";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/staff";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  const [staff, invitations] = await Promise.all([listStaff(), listPendingInvitations()]);
  return { me: user.id, canSetAccess: user.staffAccess === "full", staff, invitations };
}

const IntentSchema = z.object({
  intent: z.enum(["invite", "withdraw", "remove", "access"]),
  id: z.string().optional(),
  access: z.string().optional(),
});

type ActionData = { message?: string; tone?: "success" | "error"; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = IntentSchema.safeParse({
    intent: formData.get("intent"),
    id: formData.get("id") ?? undefined,
    access: formData.get("access") ?? undefined,
  });
  if (!intent.success)
    return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });

  if (intent.data.intent === "invite") {
    const submission = parseWithZod(formData, { schema: StaffInviteSchema });
    if (submission.status !== "success")
      return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const { site } = await getSiteShell();
    const invited = await inviteStaff(submission.value.email, actor, {
      baseUrl: publicBaseUrl(request),
      siteName: site.name,
    });
    if (!invited.ok)
      return data<ActionData>(
        { result: submission.reply({ fieldErrors: { email: [invited.message] } }) },
        { status: 409 },
      );
    return data<ActionData>({
      result: submission.reply({ resetForm: true }),
      message: STAFF_MESSAGES.inviteSent(invited.email),
      tone: "success",
    });
  }
  if (intent.data.intent === "withdraw") {
    const withdrawn = await withdrawInvitation(intent.data.id, actor);
    return withdrawn
      ? data<ActionData>({ message: STAFF_MESSAGES.inviteWithdrawn, tone: "success" })
      : data<ActionData>({ message: STAFF_MESSAGES.inviteInvalid, tone: "error" }, { status: 404 });
  }
  if (intent.data.intent === "access") {
    // Decision 0075: who sees money figures.
    const set = await setStaffAccess(intent.data.id, intent.data.access, actor);
    return set.ok
      ? data<ActionData>({ message: set.message, tone: "success" })
      : data<ActionData>({ message: set.message, tone: "error" }, { status: set.status });
  }
  const removed = await removeStaff(intent.data.id, actor);
  return removed.ok
    ? data<ActionData>({ message: STAFF_MESSAGES.removed(removed.username), tone: "success" })
    : data<ActionData>({ message: removed.message, tone: "error" }, { status: 409 });
}

function InviteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(StaffInviteSchema, {
    id: "invite",
    lastResult,
  });
  return (
    <Form
      method="post"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 sm:flex-row sm:items-start"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="invite" />
      <Field
        className="flex-1"
        labelProps={{ children: "Email address" }}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        hint="They get a link that works once, for 7 days, to set their password."
        errors={fields.email.errors}
      />
      <SubmitButton className="sm:mt-7" pendingLabel="Sending…" intent="invite">
        Send invitation
      </SubmitButton>
    </Form>
  );
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { me, canSetAccess, staff, invitations } = loaderData;
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can open the back-office. The first account comes from npm run create-staff; invite the rest here."
      />
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />
      <section aria-labelledby="invite-heading" className="flex flex-col gap-3">
        <h2 id="invite-heading" className="font-display text-lg font-semibold">
          Invite someone
        </h2>
        <InviteForm lastResult={actionData?.result} />
      </section>
      {invitations.length ? (
        <section aria-labelledby="pending" className="flex flex-col gap-3">
          <h2 id="pending" className="font-display text-lg font-semibold">
            Waiting for an answer
          </h2>
          <DataTable
            caption="Pending invitations"
            columns={["Email", "Invited by", "Sent", "Link works until", ""]}
          >
            {invitations.map((invite) => (
              <tr key={invite.id} data-testid="invitation-row">
                <td className={`${cell} break-all`}>{invite.email}</td>
                <td className={cell}>{invite.invitedBy ?? "—"}</td>
                <td className={`${cell} text-text-muted`}>{formatDateTime(invite.createdAt)}</td>
                <td className={`${cell} text-text-muted`}>{formatDateTime(invite.expiresAt)}</td>
                <td className={cell}>
                  <Form method="post">
                    <input type="hidden" name="id" value={invite.id} />
                    <button type="submit" name="intent" value="withdraw" className={smallButton}>
                      Withdraw<span className="sr-only"> the invitation to {invite.email}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
      <section aria-labelledby="members" className="flex flex-col gap-3">
        <h2 id="members" className="font-display text-lg font-semibold">
          On the staff
        </h2>
        <p className="text-sm text-text-muted">
          Access: Full sees everything; Studio sees no money figures (the revenue, recurring revenue and token
          liability reports and their exports).
        </p>
        <DataTable caption="Staff members" columns={["Username", "Email", "Since", "Access", ""]}>
          {staff.map((member) => (
            <tr key={member.id} data-testid="staff-row">
              <td className={`${cell} font-semibold`}>{member.username}</td>
              <td className={`${cell} break-all`}>{member.email}</td>
              <td className={`${cell} text-text-muted`}>{formatDate(member.createdAt)}</td>
              <td className={cell}>
                {canSetAccess ? (
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="id" value={member.id} />
                    <label className="sr-only" htmlFor={`access-${member.id}`}>
                      Access of {member.username}
                    </label>
                    <select
                      id={`access-${member.id}`}
                      name="access"
                      defaultValue={member.staffAccess}
                      className="field-control py-1.5 text-sm"
                    >
                      {Object.entries(STAFF_ACCESS_LEVELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                    <button type="submit" name="intent" value="access" className={smallButton}>
                      Save<span className="sr-only"> the access of {member.username}</span>
                    </button>
                  </Form>
                ) : (
                  <span className="text-sm">{STAFF_ACCESS_LEVELS[member.staffAccess]}</span>
                )}
              </td>
              <td className={cell}>
                {member.id === me ? (
                  <span className="text-sm text-text-muted">You</span>
                ) : (
                  <details>
                    <summary className="cursor-pointer text-sm font-semibold text-red">Remove</summary>
                    <Form method="post" className="mt-2 flex flex-col gap-2">
                      <input type="hidden" name="id" value={member.id} />
                      <p className="text-sm text-text-muted">
                        They become a client again and are signed out everywhere.
                      </p>
                      <button
                        type="submit"
                        name="intent"
                        value="remove"
                        className="self-start rounded-full bg-red px-4 py-2 text-sm font-semibold text-red-ink"
                      >
                        Yes, remove {member.username}
                      </button>
                    </Form>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
