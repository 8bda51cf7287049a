import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";
import { PhoneField } from "~/components/form-fields";

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
      <Field
        labelProps={{ children: "Company name" }}
        inputProps={{ ...getInputProps(fields.company_name, { type: "text" }), autoComplete: "organization" }}
        errors={fields.company_name.errors}
      />
      <Field
        labelProps={{ children: "Your name" }}
        inputProps={{ ...getInputProps(fields.your_name, { type: "text" }), autoComplete: "name" }}
        errors={fields.your_name.errors}
      />
      <Field
        labelProps={{ children: "Designation" }}
        inputProps={{
          ...getInputProps(fields.company_designation, { type: "text" }),
          autoComplete: "organization-title",
        }}
        errors={fields.company_designation.errors}
      />
      <Field
        labelProps={{ children: "Company email" }}
        inputProps={{ ...getInputProps(fields.company_email, { type: "email" }), autoComplete: "email" }}
        errors={fields.company_email.errors}
      />
      <PhoneField
        label="Phone number"
        countryProps={getSelectProps(fields.phone_country)}
        numberProps={getInputProps(fields.phone_number, { type: "tel" })}
        errors={fields.phone_number.errors}
      />
    </>
  );
}
