// A payment page's notices (docs/decisions/0036): test mode, payments off, the
// hosted page's note, and the state of a checkout after Stripe's page. The
// words come from the loader (app/lib/checkout.server.ts), so this stays small.

import { OUTCOME_PROPS } from "~/lib/outcome-focus";

export type PaymentNoticeData = { id: string; text: string } | null;

/** `outcome` marks the notice that answers a payment (the checkout's state), so focus can move to it. */
export function PaymentNotice({ notice, outcome = false }: { notice: PaymentNoticeData; outcome?: boolean }) {
  if (!notice) return null;
  return (
    <p
      className="rounded-xl border border-yellow/60 bg-yellow/10 px-4 py-3 text-sm"
      data-testid={notice.id}
      {...(outcome ? OUTCOME_PROPS : {})}
    >
      {notice.text}
    </p>
  );
}
