import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * One button that posts an intent to the page's action, with the fields it
 * acts on as hidden inputs: a plain form, so it works without JavaScript.
 */
export function PostButton({
  intent,
  fields = {},
  className,
  label,
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  className: string;
  /** The accessible name, when the visible text is not enough on its own. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
