import type { InferInsertModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db, type Transaction } from "../platform/db.server";
import { queueEmails, sendQueuedEmails, type OutgoingEmail } from "../platform/mail.server";
import { consumeRateLimit } from "../platform/rate-limit.server";
import { getSiteShell } from "../content/site-content.server";
import type { SiteShell } from "../content/site-content";
import { COMMON_MESSAGES } from "../platform/form-fields";
import { toE164 } from "../platform/phone.server";

/** Every public form: 10 submissions an hour per address (per form). */
export const FORM_RATE_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

export type SubmissionContext = { clientAddress: string; userId?: string | null };

export type FormOutcome =
  | { status: "ok"; id: string; message: string; extra?: Record<string, unknown> }
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  | { status: "limited"; message: string; retryAfterSeconds: number };

type InvalidOutcome = Extract<FormOutcome, { status: "invalid" }>;

/** A value a submission needs beyond what its schema checked, or the field errors that stop it. */
export type Prepared<Value> = { status: "ready"; value: Value } | InvalidOutcome;

export const ready = <Value>(value: Value): Prepared<Value> => ({ status: "ready", value });

/** Runs a validated submission under the form's rate limit. */
export async function withFormRateLimit(
  form: string,
  context: SubmissionContext,
  work: () => Promise<FormOutcome>,
): Promise<FormOutcome> {
  const limit = await consumeRateLimit(`form:${form}:${context.clientAddress}`, FORM_RATE_LIMIT);
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
      status: "limited",
      message: COMMON_MESSAGES.tooManySubmissions(minutes),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  return work();
}

/** Normalises a phone number to E.164 ("" when none was given), or returns the field error. */
export function normalisePhone(raw: string, country: string): Prepared<string> {
  if (!raw) return ready("");
  const parsed = toE164(raw, country);
  if (parsed.ok) return ready(parsed.e164);
  return { status: "invalid", fieldErrors: { phone_number: [parsed.message] } };
}

type Mailbox = "hello" | "careers" | "projects" | "support";

/** What the two emails of a submission say (see submissionEmails). */
export type Notice = {
  sender: { name: string; email: string };
  subject: string;
  summary: Array<[string, string]>;
  confirmation: string;
};

/**
 * A notification to the agency's mailbox and a copy to the sender. Both are
 * recorded in the outbox with the submission, so a failed send is retried,
 * never lost.
 */
function submissionEmails(
  site: SiteShell["site"],
  input: Notice & { kind: string; mailbox: Mailbox },
): OutgoingEmail[] {
  const details = input.summary
    .filter(([, value]) => value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
  return [
    {
      kind: `${input.kind}_notification`,
      to: site.emails[input.mailbox],
      subject: `[${site.name}] ${input.subject}`,
      text: `New ${input.subject.toLowerCase()} from ${input.sender.name} <${input.sender.email}>.\n\n${details}\n`,
    },
    {
      kind: `${input.kind}_confirmation`,
      to: input.sender.email,
      subject: `${site.name}: ${input.subject} received`,
      text: `Hi ${input.sender.name},\n\n${input.confirmation}\n\nWhat you sent us:\n${details}\n\n— The ${site.name} team\n${site.emails[input.mailbox]}\n`,
    },
  ];
}

/** Every form's table has a uuid id (models/schema/submissions.ts). */
type SubmissionTable = PgTable & { $inferSelect: { id: string } };

/**
 * One public form's submission, described once: the row it stores, the emails
 * it sends and the message the sender reads. `formSubmitter` runs it.
 */
export type FormDescription<Input, Context extends SubmissionContext, Table extends SubmissionTable> = {
  /** Names the rate limit (form:<name>:<address>) and the emails' kinds (<name>_notification…). */
  name: string;
  table: Table;
  /**
   * The row, or the field errors of what the schema cannot check (a phone
   * number against its country, a file's bytes); then nothing is stored.
   */
  row: (
    input: Input,
    context: Context,
  ) => Prepared<InferInsertModel<Table>> | Promise<Prepared<InferInsertModel<Table>>>;
  /**
   * The agency's mailbox and what its notification and the sender's copy say
   * (submissionEmails), or, for a form that writes to someone else, its own email.
   */
  email:
    | { mailbox: Mailbox; notice: (input: Input, row: Table["$inferSelect"]) => Notice }
    | {
        compose: (
          input: Input,
          row: Table["$inferSelect"],
          context: Context & { site: SiteShell["site"] },
        ) => OutgoingEmail;
      };
  /** What the sender reads once it is stored, and anything the page or API shows with it. */
  message: string | ((input: Input, row: Table["$inferSelect"]) => string);
  extra?: (row: Table["$inferSelect"]) => Record<string, unknown>;
};

async function insertRow<Table extends SubmissionTable>(
  tx: Transaction,
  table: Table,
  values: InferInsertModel<Table>,
): Promise<Table["$inferSelect"]> {
  const rows = await tx.insert(table).values(values).returning();
  // Drizzle cannot resolve the row type of a table given as a type parameter; it is the table's select model.
  return (rows as Table["$inferSelect"][])[0]!;
}

/**
 * The submit function of a described form: rate limit, then the row and its
 * emails recorded in one transaction, then the emails sent; the outcome.
 */
export function formSubmitter<Input, Context extends SubmissionContext, Table extends SubmissionTable>(
  form: FormDescription<Input, Context, Table>,
) {
  return (input: Input, context: Context): Promise<FormOutcome> =>
    withFormRateLimit(form.name, context, async () => {
      const prepared = await form.row(input, context);
      if (prepared.status === "invalid") return prepared;
      const { site } = await getSiteShell();
      const { row, emails } = await db().transaction(async (tx) => {
        const row = await insertRow(tx, form.table, prepared.value);
        const outgoing =
          "compose" in form.email
            ? [form.email.compose(input, row, { ...context, site })]
            : submissionEmails(site, {
                kind: form.name,
                mailbox: form.email.mailbox,
                ...form.email.notice(input, row),
              });
        return { row, emails: await queueEmails(outgoing, tx) };
      });
      await sendQueuedEmails(emails);
      const message = typeof form.message === "string" ? form.message : form.message(input, row);
      return form.extra
        ? { status: "ok", id: row.id, message, extra: form.extra(row) }
        : { status: "ok", id: row.id, message };
    });
}
