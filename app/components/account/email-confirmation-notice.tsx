import { Form } from "react-router";
import { EMAIL_VERIFICATION_MESSAGES } from "~models/identity/email-verification";

/**
 * Where a client looks for their meetings while their address is unconfirmed:
 * what waits on it, and the button that sends the link again. A native form
 * to /confirm-email, so it works without JavaScript (decision 0053).
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-border px-5 py-3 text-sm"
      data-testid="email-confirmation-notice"
    >
      <p className="min-w-0 flex-1">
        <strong>{EMAIL_VERIFICATION_MESSAGES.notice}</strong>{" "}
        <span className="text-text-muted">{EMAIL_VERIFICATION_MESSAGES.noticeDetail(email)}</span>
      </p>
      <Form method="post" action="/confirm-email">
        <button
          type="submit"
          className="font-semibold text-text underline underline-offset-4 hover:no-underline"
        >
          {EMAIL_VERIFICATION_MESSAGES.resendButton}
        </button>
      </Form>
    </div>
  );
}
