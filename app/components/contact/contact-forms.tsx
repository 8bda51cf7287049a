import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "react-router";
import {
  CITIES,
  CONTACT_MESSAGES,
  COUNTRY_OPTIONS,
  InvestorMeetingSchema,
  MEETING_TYPES,
  OfficeVisitSchema,
  SERVICES,
  ServiceQuoteSchema,
  SOLUTIONS,
} from "~models/forms/contact";
import { CheckboxField, Field, FormMessages, SelectField, SubmitButton } from "~/components/forms";
import { Honeypot, TextareaField } from "~/components/form-fields";
import { CompanyFields } from "./company-fields";
import { useZodForm } from "~/lib/use-zod-form";

export type ContactFormName = "office_visit" | "investor_meeting" | "service_quote";
export type ContactActionData =
  { form: string; result: SubmissionResult<string[]>; success: string | null } | undefined;

const lastResultFor = (name: ContactFormName, actionData: ContactActionData) =>
  actionData?.form === name ? actionData.result : undefined;
const successFor = (name: ContactFormName, actionData: ContactActionData) =>
  actionData?.form === name ? actionData.success : null;

const options = (list: readonly { value: string; label: string }[]) =>
  list.map((item) => ({ value: item.value, label: item.label }));
const placeholder = (text: string) => [{ value: "", label: text }];

export function OfficeVisitForm({ actionData, today }: { actionData: ContactActionData; today: string }) {
  const [form, fields] = useZodForm(OfficeVisitSchema, {
    id: "office-visit",
    lastResult: lastResultFor("office_visit", actionData),
    defaultValue: { city: "Mumbai", country: "India", phone_country: "IN" },
  });
  return (
    <Form
      method="post"
      action="/contact#offline-meet"
      className="relative grid gap-5 sm:grid-cols-2"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="office_visit" />
      <Honeypot />
      <FormMessages
        success={successFor("office_visit", actionData)}
        errors={form.errors}
        errorId={form.errorId}
        className="sm:col-span-2"
      />
      <CompanyFields fields={fields} />
      <Field
        labelProps={{ children: "Company address" }}
        inputProps={{
          ...getInputProps(fields.company_address, { type: "text" }),
          autoComplete: "street-address",
        }}
        errors={fields.company_address.errors}
        className="sm:col-span-2"
      />
      <Field
        labelProps={{ children: "Visit date" }}
        inputProps={{ ...getInputProps(fields.visit_date, { type: "date" }), min: today }}
        errors={fields.visit_date.errors}
      />
      <SelectField
        labelProps={{ children: "City" }}
        selectProps={getSelectProps(fields.city)}
        options={CITIES.map((c) => ({ value: c, label: c }))}
        errors={fields.city.errors}
      />
      <SelectField
        labelProps={{ children: "Country" }}
        selectProps={getSelectProps(fields.country)}
        options={COUNTRY_OPTIONS.map((c) => ({ value: c, label: c }))}
        errors={fields.country.errors}
      />
      <p className="text-sm text-text-muted sm:col-span-2">{CONTACT_MESSAGES.visitConfirmation}</p>
      <div className="sm:col-span-2">
        <SubmitButton intent="office_visit">CONFIRM BOOKING</SubmitButton>
      </div>
    </Form>
  );
}

export function InvestorMeetingForm({ actionData }: { actionData: ContactActionData }) {
  const [form, fields] = useZodForm(InvestorMeetingSchema, {
    id: "investor-meeting",
    lastResult: lastResultFor("investor_meeting", actionData),
    defaultValue: { meeting_type: "investor", phone_country: "IN" },
  });
  return (
    <Form
      method="post"
      action="/contact#investors-partners"
      className="relative grid gap-5 sm:grid-cols-2"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="investor_meeting" />
      <Honeypot />
      <FormMessages
        success={successFor("investor_meeting", actionData)}
        errors={form.errors}
        errorId={form.errorId}
        className="sm:col-span-2"
      />
      <CompanyFields fields={fields} />
      <SelectField
        labelProps={{ children: "Meeting type" }}
        selectProps={getSelectProps(fields.meeting_type)}
        options={options(MEETING_TYPES)}
        errors={fields.meeting_type.errors}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Meeting agenda (optional)"
          textareaProps={getTextareaProps(fields.meeting_agenda)}
          errors={fields.meeting_agenda.errors}
        />
      </div>
      <div className="sm:col-span-2">
        <CheckboxField
          labelProps={{ children: "Connect on Google Meet" }}
          inputProps={{ ...getInputProps(fields.connect_google_meet, { type: "checkbox" }), value: "on" }}
        />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton intent="investor_meeting">CONFIRM MEETING</SubmitButton>
      </div>
    </Form>
  );
}

export function ServiceQuoteForm({ actionData }: { actionData: ContactActionData }) {
  const [form, fields] = useZodForm(ServiceQuoteSchema, {
    id: "service-quote",
    lastResult: lastResultFor("service_quote", actionData),
    defaultValue: { phone_country: "IN" },
  });
  return (
    <Form
      method="post"
      action="/contact#get-a-quote"
      className="relative grid gap-5 sm:grid-cols-2"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="service_quote" />
      <Honeypot />
      <FormMessages
        success={successFor("service_quote", actionData)}
        errors={form.errors}
        errorId={form.errorId}
        className="sm:col-span-2"
      />
      <CompanyFields fields={fields} />
      <SelectField
        labelProps={{ children: "Service" }}
        selectProps={getSelectProps(fields.selected_service)}
        options={[...placeholder("Choose a service"), ...options(SERVICES)]}
        errors={fields.selected_service.errors}
      />
      <SelectField
        labelProps={{ children: "Solution" }}
        selectProps={getSelectProps(fields.selected_solution)}
        options={[...placeholder("Choose a solution"), ...options(SOLUTIONS)]}
        errors={fields.selected_solution.errors}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Your brief"
          minLength={20}
          textareaProps={{
            ...getTextareaProps(fields.additional_brief),
            placeholder: "What are you making, for whom, and by when?",
          }}
          errors={fields.additional_brief.errors}
        />
      </div>
      <div className="sm:col-span-2">
        <CheckboxField
          labelProps={{ children: "Connect on Google Meet" }}
          inputProps={{ ...getInputProps(fields.connect_google_meet, { type: "checkbox" }), value: "on" }}
        />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton intent="service_quote">GET A QUOTE</SubmitButton>
      </div>
    </Form>
  );
}
