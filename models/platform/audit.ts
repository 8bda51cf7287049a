// The audit log's vocabulary. Pure, so the back-office filters, the models and
// the tests share one list. See docs/decisions/0017-back-office-and-audit-log.md.

/**
 * Every action the log records, "<area>.<verb>", with a label for people.
 * Token movements (tokens.*) are written by models/billing/tokens.server.ts with every
 * ledger row, in its transaction (docs/decisions/0026).
 */
export const AUDIT_ACTIONS = {
  "submission.mark_handled": "Marked a submission handled",
  "submission.mark_unhandled": "Reopened a submission",
  "submission.reply": "Replied to a submission",
  "submission.download_attachment": "Downloaded an attachment",
  "inbox.export": "Exported the inbox",
  "report.export": "Exported a report",
  "project.transition": "Changed a project's status",
  "project.comment": "Wrote to a client",
  "project.file_upload": "Uploaded a deliverable",
  "project.hold": "Put a project on hold",
  "project.resume": "Ended a project's hold",
  "project.pin_resolve": "Resolved a client's pin",
  "client.revoke_sessions": "Signed a client out everywhere",
  "client.revoke_api_tokens": "Revoked a client's API keys",
  "email.retry": "Retried an email",
  "staff.invite": "Invited a staff member",
  "staff.invite_revoked": "Withdrew a staff invitation",
  "staff.invite_accepted": "Joined the staff",
  "staff.remove": "Removed a staff member",
  "staff.access": "Changed a staff member's access",
  "tokens.grant": "Tokens granted",
  "tokens.purchase": "Tokens bought",
  "tokens.spend": "Tokens spent",
  "tokens.deduct": "Tokens deducted",
  "tokens.expire": "Tokens expired",
  "tokens.refund": "Tokens taken back for a refund",
  "payment.refund": "Refunded a payment",
  "invoicing.settings": "Changed the invoicing settings",
  "invoice.export": "Exported the tax invoices",
  "catalog.create": "Added to the catalogue",
  "catalog.update": "Changed a catalogue item",
  "catalog.retire": "Retired a catalogue item",
  "catalog.restore": "Put a catalogue item back on sale",
  "chat_faq.create": "Answered a question the chat assistant could not",
  "chat_faq.update": "Changed a chat FAQ entry",
  "chat_faq.delete": "Deleted a chat FAQ entry",
  "chat_faq.attach": "Attached chat questions to an FAQ entry",
  "meeting.confirm": "Confirmed a meeting",
  "meeting.reschedule": "Moved a meeting",
  "meeting.cancel": "Cancelled a meeting",
  "organisation.create": "Created an organisation",
  "organisation.invite": "Invited someone to an organisation",
  "organisation.invite_resent": "Sent an organisation invitation again",
  "organisation.invite_revoked": "Withdrew an organisation invitation",
  "organisation.invite_accepted": "Joined an organisation",
  "organisation.role": "Changed a member's role",
  "organisation.remove": "Removed a member from an organisation",
  "organisation.leave": "Left an organisation",
  "organisation.delete": "Deleted an organisation",
  "organisation.cap": "Changed a member's monthly token cap",
  "proposal.create": "Wrote a proposal",
  "proposal.update": "Changed a proposal draft",
  "proposal.revise": "Started a new version of a proposal",
  "proposal.send": "Sent a proposal",
  "proposal.sign": "Signed a proposal",
  "proposal.decline": "Declined a proposal",
  "proposal.deposit_paid": "Paid a proposal's deposit",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Who can appear as an actor: staff, a client acting for themselves (a token spend), or the system (an expiry). */
export const AUDIT_ACTOR_ROLES = ["staff", "client", "system"] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

/** The kinds of thing an entry is about; a submission's target type is its inbox type. */
export const AUDIT_TARGET_TYPES = [
  "submission",
  "inbox",
  "project",
  "user",
  "email",
  "staff_invitation",
  "shop_item",
  "token_package",
  "subscription_plan",
  "chat_faq",
  "report",
  "invoicing",
  "organisation",
  "proposal",
] as const;

export const auditActionLabel = (action: string) =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** The labels of the actions in `entries` only: a page sends these instead of the whole list. */
export const auditLabelsFor = (entries: ReadonlyArray<{ action: string }>): Record<string, string> =>
  Object.fromEntries(entries.map((entry) => [entry.action, auditActionLabel(entry.action)]));
