import { classes } from "~/lib/classes";
import {
  useId,
  useState,
  useSyncExternalStore,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useNavigation } from "react-router";

import { ErrorList, type ListOfErrors } from "./error-list";
import { OUTCOME_PROPS } from "~/lib/outcome-focus";

export { ErrorList, type ListOfErrors };

/** True once React has hydrated: controls that need JavaScript render only then. */
const noSubscription = () => () => {};
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The look of every text input, select and textarea: one class from app.css
 * (a component, so a utility added beside it, such as py-2, wins). A form page
 * has dozens of controls, and the utilities spelled out on each were a tenth
 * of /contact's document.
 */
export const inputClass = "field-control";

type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };

/**
 * The ids that tie a control to what describes it: its errors (only while
 * there are some), a character counter and a hint. `describedBy` lists the
 * ones present, in that order.
 */
export function useFieldIds(
  ownId: string | undefined,
  { errors, hint, counter = false }: { errors?: ListOfErrors; hint?: ReactNode; counter?: boolean },
) {
  const fallbackId = useId();
  const id = ownId ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return {
    id,
    errorId,
    counterId,
    hintId,
    invalid: errorId ? true : undefined,
    describedBy: [errorId, counterId, hintId].filter(Boolean).join(" ") || undefined,
  };
}

/** A field's frame: its label, the control(s) given as children, then the hint and the errors. */
export function FieldFrame({
  ids,
  labelProps,
  hint,
  errors,
  className,
  children,
}: {
  ids: { id: string; hintId?: string; errorId?: string };
  labelProps: LabelProps;
  hint?: ReactNode;
  errors?: ListOfErrors;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div data-field-frame className={`flex flex-col gap-2 ${className ?? ""}`}>
      <label htmlFor={ids.id} className="text-sm font-medium text-text" {...labelProps} />
      {children}
      {hint ? (
        <p id={ids.hintId} className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={ids.errorId} errors={errors} />
    </div>
  );
}

type FieldProps = {
  labelProps: LabelProps;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
};

export function Field({ labelProps, inputProps, errors, hint, className }: FieldProps) {
  const ids = useFieldIds(inputProps.id, { errors, hint });
  return (
    <FieldFrame ids={ids} labelProps={labelProps} hint={hint} errors={errors} className={className}>
      <input
        {...inputProps}
        id={ids.id}
        className={inputClass}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = {
  labelProps: LabelProps;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  options: Array<{ value: string; label: string }>;
  errors?: ListOfErrors;
  className?: string;
};

export function SelectField({ labelProps, selectProps, options, errors, className }: SelectFieldProps) {
  const ids = useFieldIds(selectProps.id, { errors });
  return (
    <FieldFrame ids={ids} labelProps={labelProps} errors={errors} className={className}>
      <select
        {...selectProps}
        id={ids.id}
        className={inputClass}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A password input; once JavaScript runs it gains a Show/Hide toggle. */
export function PasswordField({ labelProps, inputProps, errors, className }: FieldProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const ids = useFieldIds(inputProps.id, { errors });
  return (
    <FieldFrame ids={ids} labelProps={labelProps} errors={errors} className={className}>
      <div className="relative">
        <input
          {...inputProps}
          id={ids.id}
          type={visible ? "text" : "password"}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
        {/* Hidden until a script can run it: React once hydrated, an island page's script (decision 0045). */}
        <button
          type="button"
          hidden={!hydrated}
          data-password-toggle
          onClick={() => setVisible((v) => !v)}
          aria-controls={ids.id}
          aria-pressed={visible}
          className="absolute inset-y-1.5 right-1.5 rounded-lg px-3 text-sm font-medium text-text-muted hover:text-text"
        >
          {visible ? "Hide" : "Show"}
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * A textarea. With `minLength` it shows how many characters are written
 * (trimmed, as the server counts them) against that minimum.
 */
export function TextareaField({
  label,
  textareaProps,
  errors,
  minLength,
  hint,
  className,
}: {
  label: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: ListOfErrors;
  minLength?: number;
  hint?: ReactNode;
  className?: string;
}) {
  const ids = useFieldIds(textareaProps.id, { errors, hint, counter: Boolean(minLength) });
  const [count, setCount] = useState(String(textareaProps.defaultValue ?? "").trim().length);
  return (
    <FieldFrame ids={ids} labelProps={{ children: label }} hint={hint} errors={errors} className={className}>
      <textarea
        rows={5}
        {...textareaProps}
        id={ids.id}
        onInput={(event) => setCount(event.currentTarget.value.trim().length)}
        className={`${inputClass} min-h-32 resize-y`}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
      {minLength ? (
        <p
          id={ids.counterId}
          data-counter-min={minLength}
          className={`text-sm ${count >= minLength ? "text-green" : "text-text-muted"}`}
          aria-live="polite"
        >
          {count} / {minLength} characters minimum
        </p>
      ) : null}
    </FieldFrame>
  );
}

export function CheckboxField({
  labelProps,
  inputProps,
}: {
  labelProps: LabelProps;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <div className="flex items-center gap-3">
      <input {...inputProps} id={id} type="checkbox" className="size-4 accent-[var(--color-yellow)]" />
      <label htmlFor={id} className="text-sm text-text" {...labelProps} />
    </div>
  );
}

/**
 * The primary submit button; while its form is submitting it is disabled and
 * says so. On a page with several forms, `intent` (the form's hidden "intent"
 * value) picks which submission counts.
 */
export function SubmitButton({
  children,
  pendingLabel,
  className,
  name,
  value,
  intent,
}: {
  children: ReactNode;
  pendingLabel?: ReactNode;
  className?: string;
  name?: string;
  value?: string;
  intent?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending}
      data-pending-label={typeof pendingLabel === "string" ? pendingLabel : undefined}
      className={classes(
        "inline-flex items-center justify-center gap-2 rounded-full bg-text px-6",
        "py-3.5 text-sm font-semibold text-canvas transition-opacity",
        "disabled:opacity-70 aria-disabled:opacity-70",
        className ?? "",
      )}
    >
      {pending ? (pendingLabel ?? "SUBMITTING...") : children}
    </button>
  );
}

/** A message for the whole form (success or failure), announced to screen readers. */
/**
 * A success or error message. It is its own live region (status, or alert for
 * an error) unless `announce` is false: inside a region that already
 * announces it, a second one makes screen readers say it twice.
 */
export function FormStatus({
  tone,
  children,
  id,
  announce = true,
}: {
  tone: "error" | "success";
  children: ReactNode;
  id?: string;
  announce?: boolean;
}) {
  return (
    <div
      id={id}
      role={announce ? (tone === "error" ? "alert" : "status") : undefined}
      {...OUTCOME_PROPS}
      className={`rounded-xl border px-4 py-3 text-sm ${tone === "error" ? "border-red/50 bg-red/10 text-text" : "border-green/50 bg-green/10 text-text"}`}
    >
      {children}
    </div>
  );
}

/**
 * The messages at the top of a form: the success text after a submission
 * (with anything extra to show), or the form-level error. Each is announced
 * once: the success by the polite region that is always there (so it is heard
 * when it appears), the error as an alert of its own.
 */
export function FormMessages({
  success,
  errors,
  errorId,
  className,
  children,
}: {
  success?: string | null;
  errors?: string[];
  errorId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <div aria-live="polite" className={`empty:hidden ${className ?? ""}`}>
        {success ? (
          <FormStatus tone="success" announce={false}>
            {success}
            {children}
          </FormStatus>
        ) : null}
      </div>
      {errors?.length ? (
        <div className={className}>
          <FormStatus tone="error" id={errorId}>
            {errors[0]}
          </FormStatus>
        </div>
      ) : null}
    </>
  );
}
