import { useRef } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/forms";

// An irreversible step with a confirmation that states its consequence
// (decision 0057). Without JavaScript the button is a link to the confirm page
// (?confirm=<step>, a GET page with the POST form); with it, the same words
// open in a <dialog>.

export type ConfirmCopy = {
  step: "approve" | "cancel";
  button: string;
  heading: string;
  consequence: string;
  confirm: string;
  hidden?: Record<string, string>;
  danger?: boolean;
};

function ConfirmForm({
  copy,
  headingId,
  onKeep,
}: {
  copy: ConfirmCopy;
  headingId: string;
  onKeep?: () => void;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4" onSubmit={onKeep}>
      <h2 className="font-display text-lg font-semibold" id={headingId}>
        {copy.heading}
      </h2>
      <p className="text-text-muted" data-testid="confirm-consequence">
        {copy.consequence}
      </p>
      {Object.entries(copy.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          name="intent"
          value={copy.step}
          className={copy.danger ? "bg-red text-red-ink" : undefined}
          pendingLabel="Working…"
        >
          {copy.confirm}
        </SubmitButton>
        {onKeep ? (
          <button
            type="button"
            onClick={onKeep}
            className="rounded-full border border-border px-5 py-3 text-sm font-semibold"
          >
            Not now
          </button>
        ) : (
          <Link to="?" className="rounded-full border border-border px-5 py-3 text-sm font-semibold">
            Not now
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The button: a link to the confirm page that, with JavaScript, opens the dialog instead. */
export function ConfirmStep({ copy }: { copy: ConfirmCopy }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Link
        to={`?confirm=${copy.step}`}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
        className={`block rounded-full px-5 py-3.5 text-center text-sm font-semibold ${copy.danger ? "border border-red/40 text-red hover:bg-red/10" : "bg-text text-canvas"}`}
        data-testid={`${copy.step}-button`}
      >
        {copy.button}
      </Link>
      <dialog
        ref={dialog}
        aria-labelledby={`dialog-${copy.step}-heading`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-6 text-text backdrop:bg-black/60"
      >
        <ConfirmForm
          copy={copy}
          headingId={`dialog-${copy.step}-heading`}
          onKeep={() => dialog.current?.close()}
        />
      </dialog>
    </>
  );
}

/** The confirm page's body (no JavaScript): the same words and form. */
export function ConfirmPanel({ copy }: { copy: ConfirmCopy }) {
  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-yellow/40 bg-surface p-6"
      aria-labelledby={`confirm-${copy.step}-heading`}
      data-testid="confirm-page"
    >
      <ConfirmForm copy={copy} headingId={`confirm-${copy.step}-heading`} />
    </section>
  );
}
