import type { ReactNode } from "react";
import { FormStatus } from "~/components/forms";

export type Notice = { tone: "success" | "error"; message: string } | null | undefined;

/** The answer to the last action on a page (announced politely, once: by this region only), with anything extra to show. */
export function ActionNotice({
  notice,
  children,
  testId = "action-notice",
}: {
  notice: Notice;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div aria-live="polite" className="empty:hidden" data-testid={testId}>
      {notice ? (
        <FormStatus tone={notice.tone} announce={false}>
          {notice.message}
          {children}
        </FormStatus>
      ) : null}
    </div>
  );
}

/** A Creative Tokens amount with its yellow dot. */
export function Tokens({ value, testId }: { value: number; testId?: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold">
      <span className="size-2 rounded-full bg-yellow" aria-hidden="true" />
      <span data-testid={testId}>{value}</span> tokens
    </span>
  );
}
