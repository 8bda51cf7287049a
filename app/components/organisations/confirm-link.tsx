import { useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { classes } from "~/lib/classes";

// An irreversible team step (remove a member, leave) with a confirmation that
// states its consequence, as ConfirmStep does for projects (decision 0057):
// without JavaScript the button is a link to this page with `?<param>=<value>`,
// where the dialog is shown open in the page with its POST form; with
// JavaScript the link opens it as a modal dialog.

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
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = `${id}-heading`;
  return (
    <>
      <Link
        to={href}
        preventScrollReset
        onClick={(event) => {
          const d = dialog.current;
          if (!d?.showModal) return;
          event.preventDefault();
          if (!d.open) d.showModal();
        }}
        className={`inline-block border border-red/40 text-red hover:bg-red/10 ${pill}`}
        data-testid={testId}
      >
        {button}
      </Link>
      <dialog
        ref={dialog}
        open={open || undefined}
        aria-labelledby={headingId}
        className={classes(
          "m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border",
          "border-red/40 bg-surface p-6 text-text backdrop:bg-black/60",
          "[&:not(:modal)]:static [&:not(:modal)]:mt-3 [&:not(:modal)]:w-full",
        )}
        data-testid={testId ? `${testId}-dialog` : undefined}
      >
        <Form
          method="post"
          action="?"
          className="flex flex-col gap-4"
          onSubmit={() => dialog.current?.close()}
        >
          <h2 id={headingId} className="font-display text-lg font-semibold">
            {heading}
          </h2>
          <p className="text-text-muted">{consequence}</p>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value={intent} className={`bg-red text-red-ink ${pill}`}>
              {confirm}
            </button>
            <Link
              to="?"
              preventScrollReset
              onClick={(event) => {
                if (!dialog.current?.open) return;
                event.preventDefault();
                dialog.current.close();
              }}
              className={`border border-border ${pill}`}
            >
              Not now
            </Link>
          </div>
        </Form>
      </dialog>
    </>
  );
}
