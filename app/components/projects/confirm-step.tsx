import { classes } from "~/lib/classes";
import { useRef } from "react";
import { Form, Link } from "react-router";

// An irreversible step with a confirmation that states its consequence
// (decision 0057). Without JavaScript the button is a link to the confirm page
// (?confirm=<step>), where the same <dialog> is shown open in the page with
// its POST form; with JavaScript the link opens it as a modal dialog.

export type ConfirmCopy = {
  step: "approve" | "cancel" | "spend" | "spend_balance" | "send";
  button: string;
  heading: string;
  consequence: string;
  confirm: string;
  hidden?: Record<string, string>;
  danger?: boolean;
};

const pill = "rounded-full px-5 py-3 text-sm font-semibold";

export function ConfirmStep({ copy, open }: { copy: ConfirmCopy; open: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = `confirm-${copy.step}-heading`;
  return (
    <>
      <Link
        to={`?confirm=${copy.step}`}
        onClick={(event) => {
          const d = dialog.current;
          if (!d?.showModal) return;
          event.preventDefault();
          if (!d.open) d.showModal();
        }}
        className={`block text-center ${pill} ${copy.danger ? "border border-red/40 text-red hover:bg-red/10" : "bg-text text-canvas"}`}
        data-testid={`${copy.step}-button`}
      >
        {copy.button}
      </Link>
      <dialog
        ref={dialog}
        open={open || undefined}
        aria-labelledby={heading}
        className={classes(
          "m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border",
          "border-yellow/40 bg-surface p-6 text-text backdrop:bg-black/60",
          "[&:not(:modal)]:static [&:not(:modal)]:w-full",
        )}
        data-testid="confirm-page"
      >
        <Form method="post" className="flex flex-col gap-4" onSubmit={() => dialog.current?.close()}>
          <h2 id={heading} className="font-display text-lg font-semibold">
            {copy.heading}
          </h2>
          <p className="text-text-muted">{copy.consequence}</p>
          {Object.entries(copy.hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value={copy.step}
              className={`${pill} ${copy.danger ? "bg-red text-red-ink" : "bg-text text-canvas"}`}
            >
              {copy.confirm}
            </button>
            <Link
              to="?"
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
