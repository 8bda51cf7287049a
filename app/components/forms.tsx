import {
  useId,
  useState,
  useSyncExternalStore,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from "react";
import { useNavigation } from "react-router";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** True once React has hydrated: controls that need JavaScript render only then. */
const noSubscription = () => () => {};
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="flex flex-col gap-1">
      {shown.map((error) => (
        <li key={error} className="flex items-start gap-1.5 text-sm text-red">
          <svg viewBox="0 0 16 16" width="14" height="14" className="mt-0.5 shrink-0" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.5v4.2M8 11h.01" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}

/** The look of every text input, select and textarea. */
export const inputClass =
  "w-full rounded-xl border border-border bg-surface px-4 py-3 text-base text-text placeholder:text-text-muted/70 transition-colors focus:border-text-muted aria-[invalid=true]:border-red";

type FieldProps = {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
};

export function Field({ labelProps, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-2 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-text" {...labelProps} />
      <input
        {...inputProps}
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type SelectFieldProps = {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  options: Array<{ value: string; label: string }>;
  errors?: ListOfErrors;
  className?: string;
};

export function SelectField({ labelProps, selectProps, options, errors, className }: SelectFieldProps) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-2 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-text" {...labelProps} />
      <select
        {...selectProps}
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A password input; once JavaScript runs it gains a Show/Hide toggle. */
export function PasswordField(props: FieldProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const fallbackId = useId();
  const id = props.inputProps.id ?? fallbackId;
  const errorId = props.errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-2 ${props.className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-text" {...props.labelProps} />
      <div className="relative">
        <input
          {...props.inputProps}
          id={id}
          type={visible ? "text" : "password"}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={id}
            aria-pressed={visible}
            className="absolute inset-y-1.5 right-1.5 rounded-lg px-3 text-sm font-medium text-text-muted hover:text-text"
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      <ErrorList id={errorId} errors={props.errors} />
    </div>
  );
}

export function CheckboxField({
  labelProps,
  inputProps,
}: {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
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
      className={`inline-flex items-center justify-center gap-2 rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas transition-opacity disabled:opacity-70 ${className ?? ""}`}
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
