import { and, eq, gt, isNull } from "drizzle-orm";
import { can } from "../identity/roles";
import { type Transaction } from "../platform/db.server";
import { type QueuedEmail } from "../platform/mail.server";
import { notifyStaff } from "../platform/notifications.server";
import {
  notifyOrganisation,
  organisationRecipients,
  queueOrganisationEmail,
} from "../platform/organisation-recipients.server";
import { siteUrl } from "../platform/site-url";
import { organisationMembers, organisations, proposals } from "../schema";
import { formatProposalAmount, type ProposalPricing } from "./proposals";

// The balance of a proposal's price (decision 0084): total − deposit, due once
// the project opened from it is delivered ("completed": staff hand the work
// over), never for a 100% deposit. Marked in the completing transition's
// transaction, once (`balance_due_at` is set only while null); the people
// with the billing right are told. Billing pays it (proposal-balances.server.ts).

/** The members who may pay (owner, billing); an account of its own is its own payer. */
async function payersOf(tx: Transaction, accountId: string) {
  const everyone = await organisationRecipients(accountId, "payments", tx);
  const members = await tx
    .select({ id: organisationMembers.userId, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisations.accountId, accountId));
  if (!members.length) return everyone;
  const payers = new Set(members.filter((m) => can(m.role, "buy")).map((m) => m.id));
  return everyone.filter((r) => payers.has(r.id));
}

/**
 * Inside the transition that completes `projectId`: when the project came from a proposal with a
 * balance, the balance becomes due (once) and its payers are told. Returns the emails to send after
 * the commit (none when nothing became due).
 */
export async function markProposalBalanceDue(
  tx: Transaction,
  projectId: string,
  now = new Date(),
): Promise<QueuedEmail[]> {
  const [row] = await tx
    .update(proposals)
    .set({ balanceDueAt: now, updatedAt: now })
    .where(
      and(
        eq(proposals.projectId, projectId),
        eq(proposals.status, "paid"),
        isNull(proposals.balanceDueAt),
        eq(proposals.balanceSchedule, "on_delivery"),
        // A 100% deposit leaves nothing: it is never due.
        gt(proposals.total, proposals.depositAmount),
      ),
    )
    .returning();
  if (!row) return [];
  const amount = formatProposalAmount(
    row.total - row.depositAmount,
    row.pricing as ProposalPricing,
    row.currency,
  );
  const link = `/proposals/${row.id}`;
  const payers = await payersOf(tx, row.accountId);
  await notifyOrganisation(
    row.accountId,
    "payments",
    {
      type: "warning",
      title: "Balance due",
      message: `“${row.title}” has been delivered: the balance of ${amount} is now due.`,
      link,
    },
    tx,
    payers,
  );
  const emails = await queueOrganisationEmail(
    row.accountId,
    "payments",
    {
      kind: "proposal",
      subject: `Balance due: ${row.title}`,
      text:
        `“${row.title}” has been delivered. The balance of the proposal (version ${row.version}), ${amount}, is now due.\n\n` +
        `Pay it at ${siteUrl()}${link}\n\nAscendra`,
    },
    tx,
    payers,
  );
  await notifyStaff(
    {
      type: "info",
      title: "Proposal balance due",
      message: `“${row.title}”: ${amount} is now due.`,
      link: `/admin/proposals/${row.id}`,
    },
    tx,
  );
  return emails;
}
