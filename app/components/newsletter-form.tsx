import { classes } from "~/lib/classes";
import { useFetcher } from "react-router";
import { HONEYPOT_FIELD } from "~models/forms/honeypot";

type NewsletterReply = { ok: boolean; message: string; email?: string };

/**
 * The newsletter box (footer, blog sidebar). Deliberately without Conform and
 * zod, so that no page pays for them: the server validates and answers. With
 * JavaScript the answer appears in place; without, /newsletter shows it.
 */
export function NewsletterForm({
  idPrefix = "newsletter",
  compact = false,
  reply: pageReply,
}: {
  idPrefix?: string;
  compact?: boolean;
  reply?: NewsletterReply;
}) {
  const fetcher = useFetcher<NewsletterReply>();
  // Without JavaScript the /newsletter page hands in its action's answer, so
  // the typed email and its error survive the round trip.
  const reply = fetcher.data ?? pageReply;
  const pending = fetcher.state !== "idle";
  const inputId = `${idPrefix}-email`;
  const statusId = `${idPrefix}-status`;
  return (
    <fetcher.Form method="post" action="/newsletter" className="relative flex flex-col gap-3" noValidate>
      <label
        htmlFor={inputId}
        className={compact ? "text-sm font-medium text-text" : "font-display text-sm font-semibold text-text"}
      >
        Newsletter: new work and ideas, once a month
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          defaultValue={reply && !reply.ok ? reply.email : undefined}
          aria-invalid={reply && !reply.ok ? true : undefined}
          aria-describedby={reply ? statusId : undefined}
          className={classes(
            "min-w-0 flex-1 rounded-full border border-border bg-canvas px-4 py-2.5",
            "text-sm text-text placeholder:text-text-muted/70 focus:border-text-muted",
          )}
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-full bg-text px-4 py-2.5 text-sm font-semibold text-canvas disabled:opacity-70"
        >
          {pending ? "…" : "Subscribe"}
        </button>
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p
        id={statusId}
        role="status"
        className={`text-sm ${reply?.ok ? "text-green" : "text-red"} empty:hidden`}
      >
        {reply?.message ?? ""}
      </p>
    </fetcher.Form>
  );
}
