import {
  useId,
  useState,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { PHONE_COUNTRY_OPTIONS } from "~models/forms/common";
import { HONEYPOT_FIELD } from "~models/forms/honeypot";
import { ErrorList, inputClass, type ListOfErrors } from "./forms";

/** A country (with dial code) and the number; without JS a plain select and tel input. */
export function PhoneField({
  label,
  countryProps,
  numberProps,
  errors,
}: {
  label: ReactNode;
  countryProps: SelectHTMLAttributes<HTMLSelectElement>;
  numberProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
}) {
  const fallbackId = useId();
  const id = numberProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <div className="grid grid-cols-[minmax(0,9.5rem)_1fr] gap-2">
        <select {...countryProps} aria-label="Phone number country" className={inputClass}>
          {PHONE_COUNTRY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          {...numberProps}
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          className={inputClass}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A textarea; with `minLength` it shows how many characters are written (counted on the server too). */
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
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const counterId = minLength ? `${id}-counter` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const [count, setCount] = useState(String(textareaProps.defaultValue ?? "").trim().length);
  return (
    <div className={`flex flex-col gap-2 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <textarea
        rows={5}
        {...textareaProps}
        id={id}
        onInput={(event) => setCount(event.currentTarget.value.trim().length)}
        className={`${inputClass} min-h-32 resize-y`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, counterId, hintId].filter(Boolean).join(" ") || undefined}
      />
      {minLength ? (
        <p
          id={counterId}
          className={`text-sm ${count >= minLength ? "text-green" : "text-text-muted"}`}
          aria-live="polite"
        >
          {count} / {minLength} characters minimum
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The spam trap: invisible and unreachable for people, filled in by naive bots. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
