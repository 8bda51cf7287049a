import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform types form values as Record<string, any>
type FormSchema = $ZodType<unknown, Record<string, any>>;

type FormOptions<Schema extends FormSchema> = Omit<
  Parameters<typeof useForm<input<Schema>, output<Schema>>>[0],
  "onValidate" | "constraint" | "shouldValidate" | "shouldRevalidate"
> & {
  /**
   * The schema whose rules become HTML attributes (required, maxlength…), so the
   * browser checks them before hydration. Defaults to the validating schema; a form
   * whose schema adds refinements passes the plain object here; `false` leaves the
   * fields without native constraints.
   */
  constraintFrom?: $ZodType | false;
};

/**
 * Conform's `useForm` set up the way every form of the site uses it: the same
 * zod schema validates on the client (after the first submit, then on each input)
 * and on the server, and its rules become native constraints so the form also
 * validates with JavaScript off.
 */
export function useZodForm<Schema extends FormSchema>(schema: Schema, options: FormOptions<Schema>) {
  const { constraintFrom = schema, ...rest } = options;
  return useForm<input<Schema>, output<Schema>>({
    ...rest,
    constraint: constraintFrom ? getZodConstraint(constraintFrom) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
