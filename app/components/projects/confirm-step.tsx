import { useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { classes } from "~/lib/classes";

// The one mechanism behind every irreversible step's confirmation (decision 0057):
// the trigger is a link to the page with the step in its query (`href`), where,
// without JavaScript, the <dialog> is shown open in the page with its POST form;
// with JavaScript the link opens the same dialog as a modal. "Not now" goes back
// to the page without the query, or closes the modal.

type ConfirmDialogProps = {
  href: string;
  open: boolean;
  trigger: ReactNode;
  triggerClassName: string;
  heading: string;
  headingId: string;
  consequence: string;
  confirm: string;
  confirmClassName: string;
  /** The `intent` the confirm button posts. */
  intent: string;
  hidden?: Record<string, string>;
  /** The rounded button's size and weight, shared by the trigger, the confirm button and "Not now". */
  pill: string;
  /** The dialog's border and, shown in the page, its spacing. */
  dialogClassName: string;
  /** Keep the page's scroll position and post to the page without the step's query. */
  inPlace?: boolean;
  triggerTestId?: string;
  dialogTestId?: string;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { pill, inPlace = false } = props;
  return (
    <>
      <Link
        to={props.href}
        preventScrollReset={inPlace || undefined}
        onClick={(event) => {
          const d = dialog.current;
          if (!d?.showModal) return;
          event.preventDefault();
          if (!d.open) d.showModal();
        }}
        className={`${props.triggerClassName} ${pill}`}
        data-testid={props.triggerTestId}
      >
        {props.trigger}
      </Link>
      <dialog
        ref={dialog}
        open={props.open || undefined}
        aria-labelledby={props.headingId}
        className={classes(
          "m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border",
          "bg-surface p-6 text-text backdrop:bg-black/60",
          props.dialogClassName,
        )}
        data-testid={props.dialogTestId}
      >
        <Form
          method="post"
          action={inPlace ? "?" : undefined}
          className="flex flex-col gap-4"
          onSubmit={() => dialog.current?.close()}
        >
          <h2 id={props.headingId} className="font-display text-lg font-semibold">
            {props.heading}
          </h2>
          <p className="text-text-muted">{props.consequence}</p>
          {Object.entries(props.hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value={props.intent}
              className={`${props.confirmClassName} ${pill}`}
            >
              {props.confirm}
            </button>
            <Link
              to="?"
              preventScrollReset={inPlace || undefined}
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

// An irreversible step of a project, an order or a proposal with a confirmation
// that states its consequence (decision 0057), through the shared ConfirmDialog:
// without JavaScript the confirm page is ?confirm=<step>.

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
  return (
    <ConfirmDialog
      href={`?confirm=${copy.step}`}
      open={open}
      trigger={copy.button}
      triggerClassName={`block text-center ${copy.danger ? "border border-red/40 text-red hover:bg-red/10" : "bg-text text-canvas"}`}
      heading={copy.heading}
      headingId={`confirm-${copy.step}-heading`}
      consequence={copy.consequence}
      confirm={copy.confirm}
      confirmClassName={copy.danger ? "bg-red text-red-ink" : "bg-text text-canvas"}
      intent={copy.step}
      hidden={copy.hidden}
      pill={pill}
      dialogClassName="border-yellow/40 [&:not(:modal)]:static [&:not(:modal)]:w-full"
      triggerTestId={`${copy.step}-button`}
      dialogTestId="confirm-page"
    />
  );
}
