import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { ORGANISATION_MESSAGES } from "../identity/organisations";

// Deleting an organisation (issue #40, decision 0078): its owner may, when they
// are its only member, when it is not their own account (that is deleting the
// account, from Settings), and when it holds nothing the studio must keep —
// no projects, token movements, payments, purchases, plans, meetings or
// proposals. Deleting its account row removes the organisation, its
// memberships and invitations with it (ON DELETE CASCADE); sessions and API
// keys in it fall back to the person's other organisations (SET NULL).
// Audited in the same transaction.

export type DeleteOrganisationResult = { ok: true } | { ok: false; status: 400 | 403; message: string };

type Target = { organisationId: string; organisationName: string; accountId: string; personId: string };

export function deleteOrganisation(target: Target, actor: AuditActor): Promise<DeleteOrganisationResult> {
  return db().transaction(async (tx) => {
    // The memberships locked first: an invitation accepted meanwhile waits, then finds no organisation.
    const members = (
      (await tx.execute(sql`
        select user_id, role from organisation_members
         where organisation_id = ${target.organisationId} for update`)) as unknown as {
        rows: { user_id: string; role: string }[];
      }
    ).rows;
    const mine = members.find((m) => m.user_id === target.personId);
    if (!mine || mine.role !== "owner")
      return { ok: false, status: 403, message: ORGANISATION_MESSAGES.deleteNotOwner } as const;
    if (members.length > 1)
      return { ok: false, status: 400, message: ORGANISATION_MESSAGES.deleteHasMembers } as const;
    if (target.accountId === target.personId)
      return { ok: false, status: 400, message: ORGANISATION_MESSAGES.deleteOwnAccount } as const;
    const account = target.accountId;
    const [held] = (
      (await tx.execute(sql`
        select exists (select 1 from projects where user_id = ${account})
            or exists (select 1 from token_ledger where user_id = ${account})
            or exists (select 1 from payments where user_id = ${account})
            or exists (select 1 from purchases where user_id = ${account})
            or exists (select 1 from checkouts where user_id = ${account})
            or exists (select 1 from subscriptions where user_id = ${account})
            or exists (select 1 from meetings where user_id = ${account})
            or exists (select 1 from proposals where account_id = ${account}) as holds`)) as unknown as {
        rows: { holds: boolean }[];
      }
    ).rows;
    if (held?.holds)
      return { ok: false, status: 400, message: ORGANISATION_MESSAGES.deleteHoldsRecords } as const;
    await recordAudit(
      {
        actor,
        action: "organisation.delete",
        target: { type: "organisation", id: target.organisationId, label: target.organisationName },
        before: { account_id: account, members: members.length },
      },
      tx,
    );
    // Only an organisation's own account row (role 'organisation', which cannot sign in) is ever deleted here.
    await tx.execute(sql`delete from users where id = ${account} and role = 'organisation'`);
    return { ok: true } as const;
  });
}
