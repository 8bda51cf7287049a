import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { RatingSchema } from "~models/projects/account-projects";
import { ErrorList, FormMessages, SubmitButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/lib/use-zod-form";
import { StarIcon } from "~/components/icons";

const STARS = [1, 2, 3, 4, 5] as const;

/** 1–5 stars and an optional comment for a finished project; radios, so it works without JavaScript. */
export function RatingForm({
  projectId,
  current,
  lastResult,
  message,
}: {
  projectId: string;
  current: { rating: number; comment: string } | null;
  lastResult: SubmissionResult<string[]> | undefined;
  message: string | null;
}) {
  const [form, fields] = useZodForm(RatingSchema, {
    id: `rate-${projectId}`,
    lastResult,
    defaultValue: {
      projectId,
      rating: current ? String(current.rating) : undefined,
      comment: current?.comment ?? "",
    },
  });
  const errorId = fields.rating.errors?.length ? `${fields.rating.id}-error` : undefined;
  return (
    <Form
      method="post"
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="projectId" value={projectId} />
      <FormMessages success={message} errors={form.errors} errorId={form.errorId} />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
      >
        <legend className="text-sm font-medium">{current ? "Your rating" : "Rate this project"}</legend>
        <div className="flex flex-wrap gap-3">
          {STARS.map((n) => (
            <label key={n} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                defaultChecked={fields.rating.initialValue === String(n)}
                className="size-4 accent-[var(--color-yellow)]"
              />
              <span aria-hidden="true" className="inline-flex text-yellow">
                {STARS.slice(0, n).map((star) => (
                  <StarIcon key={star} />
                ))}
              </span>
              <span className="sr-only">
                {n} star{n === 1 ? "" : "s"}
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={errorId} errors={fields.rating.errors} />
      </fieldset>
      <TextareaField
        label="Comment (optional)"
        textareaProps={{ ...getTextareaProps(fields.comment), rows: 2, id: `rate-${projectId}-comment` }}
        errors={fields.comment.errors}
      />
      <SubmitButton intent="rate" className="self-start" pendingLabel="Saving…">
        {current ? "Update rating" : "Save rating"}
      </SubmitButton>
    </Form>
  );
}
