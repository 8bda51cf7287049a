import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ChatFaqSchema, type ChatFaqInput } from "~models/chat/gaps";
import { Field, SubmitButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/lib/use-zod-form";

/**
 * An FAQ entry for the chat assistant: the question as visitors ask it, the
 * answer it gives, and optionally the page it points to. Answering a gap and
 * editing an entry use it; a native form, validated on the server too.
 */
export function FaqForm({
  id,
  intent,
  submitLabel,
  defaultValue,
  lastResult,
}: {
  id: string;
  intent: string;
  submitLabel: string;
  defaultValue?: Partial<ChatFaqInput>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(ChatFaqSchema, { id, lastResult, defaultValue });
  return (
    <Form
      method="post"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      <Field
        labelProps={{ children: "Question" }}
        inputProps={getInputProps(fields.question, { type: "text" })}
        hint="As a visitor would ask it; the assistant matches visitors' wordings against it."
        errors={fields.question.errors}
      />
      <TextareaField
        label="Answer"
        textareaProps={{ ...getTextareaProps(fields.answer), rows: 5 }}
        hint="What the assistant replies, word for word."
        errors={fields.answer.errors}
      />
      <Field
        labelProps={{ children: "Link to a page of the site (optional)" }}
        inputProps={{ ...getInputProps(fields.link, { type: "text" }), placeholder: "/contact#offline-meet" }}
        hint="Shown as the answer's source. Without one, the answer links to the help page's FAQ."
        errors={fields.link.errors}
      />
      <SubmitButton className="self-start" pendingLabel="Saving…" intent={intent}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
