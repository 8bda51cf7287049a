import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { PHONE_COUNTRY_OPTIONS } from "~models/forms/countries";
import { HONEYPOT_FIELD } from "~models/forms/honeypot";
import { FieldFrame, inputClass, useFieldIds, type ListOfErrors } from "./forms";

// The public forms' own fields. The textarea is shared with the back-office,
// so it lives in forms.tsx; it is exported here too for the public forms.
export { TextareaField } from "./forms";

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
  const ids = useFieldIds(numberProps.id, { errors });
  return (
    <FieldFrame ids={ids} labelProps={{ children: label }} errors={errors}>
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
          id={ids.id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          className={inputClass}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
      </div>
    </FieldFrame>
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
