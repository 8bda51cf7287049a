import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Form } from "react-router";
import { Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { Honeypot, PhoneField, TextareaField } from "~/components/form-fields";

// The shape every public form shares (contact, investors, careers,
// collaborations, referrals, support): the framed section, the form with its
// spam trap and messages, the submit button, and one-line fields bound to
// Conform's metadata.

type Option = { value: string; label: string };

/** A list of options for a select, with an empty first choice when `placeholder` is given. */
export function selectOptions(list: readonly Option[] | readonly string[], placeholder?: string): Option[] {
  const options = list.map((item) => (typeof item === "string" ? { value: item, label: item } : item));
  return placeholder ? [{ value: "", label: placeholder }, ...options] : [...options];
}

/** The framed section a page's form sits in; its heading names it (`<id>-title`). */
export function FormPanel({
  id,
  title,
  className,
  titleClassName = "sm:text-3xl",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={[className, "rounded-3xl border border-border bg-surface p-6 sm:p-10"]
        .filter(Boolean)
        .join(" ")}
    >
      <h2
        id={`${id}-title`}
        className={["mb-8 font-display text-2xl font-semibold", titleClassName].filter(Boolean).join(" ")}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A public form: it posts natively (the server's reply renders without
 * JavaScript), carries the spam trap, shows the success or form-level error
 * at the top and ends with its submit button. `intent` names the form on a
 * page with several. In the two-column grid the messages and the button span
 * both columns; `stacked` lays everything in one column.
 */
export function PublicForm<Schema extends Record<string, unknown>>({
  form,
  action,
  intent,
  multipart = false,
  stacked = false,
  className,
  success,
  successDetail,
  submitLabel,
  children,
}: {
  form: FormMetadata<Schema>;
  action?: string;
  intent?: string;
  multipart?: boolean;
  stacked?: boolean;
  className?: string;
  success: string | null | undefined;
  successDetail?: ReactNode;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  const layout = stacked ? "relative flex flex-col gap-5" : "relative grid gap-5 sm:grid-cols-2";
  return (
    <Form
      method="post"
      action={action}
      encType={multipart ? "multipart/form-data" : undefined}
      className={[layout, className].filter(Boolean).join(" ")}
      {...getFormProps(form)}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <Honeypot />
      <FormMessages
        success={success}
        errors={form.errors}
        errorId={form.errorId}
        className={stacked ? undefined : "sm:col-span-2"}
      >
        {successDetail}
      </FormMessages>
      {children}
      {stacked ? (
        <SubmitButton className="self-start" intent={intent}>
          {submitLabel}
        </SubmitButton>
      ) : (
        <div className="sm:col-span-2">
          <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
        </div>
      )}
    </Form>
  );
}

type InputType = "text" | "email" | "url" | "date" | "file";

/** A labelled input bound to a field; `inputProps` adds attributes (accept, min, placeholder…). */
export function InputField<Value>({
  label,
  field,
  type = "text",
  autoComplete,
  inputProps,
  className,
}: {
  label: ReactNode;
  field: FieldMetadata<Value>;
  type?: InputType;
  autoComplete?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}) {
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        ...getInputProps(field, { type }),
        ...(autoComplete ? { autoComplete } : {}),
        ...inputProps,
      }}
      errors={field.errors}
      className={className}
    />
  );
}

/** A labelled select bound to a field. */
export function ChoiceField<Value>({
  label,
  field,
  options,
  className,
}: {
  label: ReactNode;
  field: FieldMetadata<Value>;
  options: Option[];
  className?: string;
}) {
  return (
    <SelectField
      labelProps={{ children: label }}
      selectProps={getSelectProps(field)}
      options={options}
      errors={field.errors}
      className={className}
    />
  );
}

/** A phone number bound to its two fields: the country (dial code) and the number. */
export function PhoneNumberField<Country, Number>({
  label,
  country,
  number,
}: {
  label: ReactNode;
  country: FieldMetadata<Country>;
  number: FieldMetadata<Number>;
}) {
  return (
    <PhoneField
      label={label}
      countryProps={getSelectProps(country)}
      numberProps={getInputProps(number, { type: "tel" })}
      errors={number.errors}
    />
  );
}

/**
 * A labelled textarea bound to a field, spanning both columns of the form's
 * grid; with `minLength` it counts the characters written.
 */
export function LongTextField<Value>({
  label,
  field,
  minLength,
  rows,
  placeholder,
  wide = true,
}: {
  label: ReactNode;
  field: FieldMetadata<Value>;
  minLength?: number;
  rows?: number;
  placeholder?: string;
  wide?: boolean;
}) {
  // Only what is given: an absent `rows` keeps the textarea's own default.
  const textareaProps = {
    ...getTextareaProps(field),
    ...(rows === undefined ? {} : { rows }),
    ...(placeholder === undefined ? {} : { placeholder }),
  };
  const textarea = (
    <TextareaField label={label} minLength={minLength} textareaProps={textareaProps} errors={field.errors} />
  );
  return wide ? <div className="sm:col-span-2">{textarea}</div> : textarea;
}
