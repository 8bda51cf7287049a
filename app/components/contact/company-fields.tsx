import type { FieldMetadata } from "@conform-to/react";
import { InputField, PhoneNumberField } from "~/components/public-form";

type CompanyFieldsMetadata = {
  company_name: FieldMetadata<string>;
  your_name: FieldMetadata<string>;
  company_designation: FieldMetadata<string>;
  company_email: FieldMetadata<string>;
  phone_country: FieldMetadata<string>;
  phone_number: FieldMetadata<string>;
};

/** The fields the visit, meeting and quote forms share (docs/product.md, "Public forms"). */
export function CompanyFields({ fields }: { fields: CompanyFieldsMetadata }) {
  return (
    <>
      <InputField label="Company name" field={fields.company_name} autoComplete="organization" />
      <InputField label="Your name" field={fields.your_name} autoComplete="name" />
      <InputField label="Designation" field={fields.company_designation} autoComplete="organization-title" />
      <InputField label="Company email" field={fields.company_email} type="email" autoComplete="email" />
      <PhoneNumberField label="Phone number" country={fields.phone_country} number={fields.phone_number} />
    </>
  );
}
