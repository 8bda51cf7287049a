import type { ReactNode } from "react";
import { ConfirmDialog } from "~/components/projects/confirm-step";

// An irreversible team step (remove a member, leave) with a confirmation that
// states its consequence, through the shared ConfirmDialog (decision 0057):
// without JavaScript the button is a link to this page with `?<param>=<value>`,
// where the dialog is shown open in the page with its POST form.

const pill = "rounded-full px-4 py-2 text-sm font-semibold";

export function ConfirmLink({
  id,
  href,
  open,
  button,
  heading,
  consequence,
  confirm,
  intent,
  hidden = {},
  testId,
}: {
  id: string;
  href: string;
  open: boolean;
  button: ReactNode;
  heading: string;
  consequence: string;
  confirm: string;
  intent: string;
  hidden?: Record<string, string>;
  testId?: string;
}) {
  return (
    <ConfirmDialog
      href={href}
      open={open}
      trigger={button}
      triggerClassName="inline-block border border-red/40 text-red hover:bg-red/10"
      heading={heading}
      headingId={`${id}-heading`}
      consequence={consequence}
      confirm={confirm}
      confirmClassName="bg-red text-red-ink"
      intent={intent}
      hidden={hidden}
      pill={pill}
      dialogClassName="border-red/40 [&:not(:modal)]:static [&:not(:modal)]:mt-3 [&:not(:modal)]:w-full"
      inPlace
      triggerTestId={testId}
      dialogTestId={testId ? `${testId}-dialog` : undefined}
    />
  );
}
