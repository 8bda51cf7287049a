import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { DeleteAccountSchema } from "~models/identity/manage-account-forms";
import { FormMessages, PasswordField, SubmitButton } from "~/components/forms";
import { formatDateTime } from "~/lib/format";
import { AccountSection, secondaryButtonClass } from "./section";
import { useZodForm } from "~/lib/use-zod-form";

export type SessionView = {
  device: string;
  createdAt: Date | string;
  expiresAt: Date | string;
  remember: boolean;
  current: boolean;
};

/** Active sessions, with "sign out other sessions" and "sign out everywhere". */
export function SessionsSection({ sessions, message }: { sessions: SessionView[]; message: string | null }) {
  return (
    <AccountSection id="sessions" title="Active sessions" intro="Browsers signed in to your account.">
      <FormMessages success={message} />
      <ul className="flex flex-col gap-2" data-testid="sessions">
        {sessions.map((session, index) => (
          <li
            key={index}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border px-4 py-3"
            data-testid="session"
          >
            <span className="flex flex-col">
              <span className="font-medium">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green/15 px-2 py-0.5 text-xs font-semibold text-green">
                    This browser
                  </span>
                ) : null}
              </span>
              <span className="text-sm text-text-muted">
                Signed in {formatDateTime(session.createdAt)} ·{" "}
                {session.remember ? "remembered until" : "ends by"} {formatDateTime(session.expiresAt)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="signout-others" className={secondaryButtonClass}>
          Sign out other sessions
        </button>
        <button
          type="submit"
          name="intent"
          value="signout-all"
          className={`${secondaryButtonClass} text-red`}
        >
          Sign out everywhere
        </button>
      </Form>
    </AccountSection>
  );
}

/** Data rights: a JSON copy of everything, and deleting the account (confirmed with the password). */
export function DataRightsSection({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm(DeleteAccountSchema, {
    id: "delete",
    lastResult,
  });
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <AccountSection
      id="your-data"
      title="Your data"
      intro="Take a copy of everything your account holds, or delete the account."
    >
      {/* A plain document POST: the browser saves the JSON file, with or without JavaScript. */}
      <form method="post" action="/manageaccount/export" className="flex flex-wrap items-center gap-3">
        <button type="submit" className={secondaryButtonClass}>
          Download my data (JSON)
        </button>
        <span className="text-sm text-text-muted">
          Profile, settings, projects, conversations, notifications, sessions, form submissions and billing
          records.
        </span>
      </form>
      <details className="rounded-2xl border border-red/40" open={failed || undefined}>
        <summary className="cursor-pointer list-none rounded-2xl px-5 py-3.5 text-sm font-semibold text-red hover:bg-red/10 [&::-webkit-details-marker]:hidden">
          Delete my account
        </summary>
        <Form method="post" className="flex flex-col gap-4 px-5 pb-5" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="delete" />
          <p className="text-sm text-text-muted">
            This cannot be undone. Your name, email, phone, company, address and settings are erased, you are
            signed out everywhere and your API keys stop working. We keep financial records (payments,
            receipts, tokens) as the law requires, and the projects we worked on, without your name.
          </p>
          <FormMessages errors={form.errors} errorId={form.errorId} />
          <PasswordField
            className="max-w-sm"
            labelProps={{ children: "Your password" }}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              id: "delete-password",
              autoComplete: "current-password",
            }}
            errors={fields.password.errors}
          />
          <SubmitButton intent="delete" className="self-start bg-red! text-red-ink!" pendingLabel="Deleting…">
            Delete my account permanently
          </SubmitButton>
        </Form>
      </details>
    </AccountSection>
  );
}
