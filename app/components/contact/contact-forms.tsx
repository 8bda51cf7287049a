import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
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
import { CheckboxField } from "~/components/forms";
import { ChoiceField, InputField, LongTextField, PublicForm, selectOptions } from "~/components/public-form";
import { CompanyFields } from "./company-fields";
import { useZodForm } from "~/lib/use-zod-form";
import type { ContactDetails } from "~models/identity/contact-details";

export type ContactFormName = "office_visit" | "investor_meeting" | "service_quote";
export type ContactActionData =
  { form: string; result: SubmissionResult<string[]>; success: string | null } | undefined;

/** The three forms share the page's one action: each reads back only its own reply. */
const replyFor = (name: ContactFormName, actionData: ContactActionData) =>
  actionData?.form === name ? actionData : undefined;

/** Where each form posts: the page, scrolled back to the form's section. */
const ACTIONS: Record<ContactFormName, string> = {
  office_visit: "/contact#offline-meet",
  investor_meeting: "/contact#investors-partners",
  service_quote: "/contact#get-a-quote",
};

/** The company fields' starting values: a signed-in account's own details; India's dial code otherwise. */
const companyDefaults = (me: ContactDetails) => ({
  your_name: me.name,
  company_name: me.company,
  company_email: me.companyEmail || me.email,
  phone_country: me.phoneCountry || "IN",
  phone_number: me.phone,
});

function GoogleMeetField<Value>({ field }: { field: FieldMetadata<Value> }) {
  return (
    <div className="sm:col-span-2">
      <CheckboxField
        labelProps={{ children: "Connect on Google Meet" }}
        inputProps={{ ...getInputProps(field, { type: "checkbox" }), value: "on" }}
      />
    </div>
  );
}

export function OfficeVisitForm({
  actionData,
  today,
  me,
}: {
  actionData: ContactActionData;
  today: string;
  me: ContactDetails;
}) {
  const reply = replyFor("office_visit", actionData);
  const [form, fields] = useZodForm(OfficeVisitSchema, {
    id: "office-visit",
    lastResult: reply?.result,
    defaultValue: { ...companyDefaults(me), city: "Mumbai", country: "India" },
  });
  return (
    <PublicForm
      form={form}
      action={ACTIONS.office_visit}
      intent="office_visit"
      success={reply?.success ?? null}
      submitLabel="CONFIRM BOOKING"
    >
      <CompanyFields fields={fields} />
      <InputField
        label="Company address"
        field={fields.company_address}
        autoComplete="street-address"
        className="sm:col-span-2"
      />
      <InputField label="Visit date" field={fields.visit_date} type="date" inputProps={{ min: today }} />
      <ChoiceField label="City" field={fields.city} options={selectOptions(CITIES)} />
      <ChoiceField label="Country" field={fields.country} options={selectOptions(COUNTRY_OPTIONS)} />
      <p className="text-sm text-text-muted sm:col-span-2">{CONTACT_MESSAGES.visitConfirmation}</p>
    </PublicForm>
  );
}

export function InvestorMeetingForm({
  actionData,
  me,
}: {
  actionData: ContactActionData;
  me: ContactDetails;
}) {
  const reply = replyFor("investor_meeting", actionData);
  const [form, fields] = useZodForm(InvestorMeetingSchema, {
    id: "investor-meeting",
    lastResult: reply?.result,
    defaultValue: { ...companyDefaults(me), meeting_type: "investor" },
  });
  return (
    <PublicForm
      form={form}
      action={ACTIONS.investor_meeting}
      intent="investor_meeting"
      success={reply?.success ?? null}
      submitLabel="CONFIRM MEETING"
    >
      <CompanyFields fields={fields} />
      <ChoiceField label="Meeting type" field={fields.meeting_type} options={selectOptions(MEETING_TYPES)} />
      <LongTextField label="Meeting agenda (optional)" field={fields.meeting_agenda} />
      <GoogleMeetField field={fields.connect_google_meet} />
    </PublicForm>
  );
}

export function ServiceQuoteForm({ actionData, me }: { actionData: ContactActionData; me: ContactDetails }) {
  const reply = replyFor("service_quote", actionData);
  const [form, fields] = useZodForm(ServiceQuoteSchema, {
    id: "service-quote",
    lastResult: reply?.result,
    defaultValue: companyDefaults(me),
  });
  return (
    <PublicForm
      form={form}
      action={ACTIONS.service_quote}
      intent="service_quote"
      success={reply?.success ?? null}
      submitLabel="GET A QUOTE"
    >
      <CompanyFields fields={fields} />
      <ChoiceField
        label="Service"
        field={fields.selected_service}
        options={selectOptions(SERVICES, "Choose a service")}
      />
      <ChoiceField
        label="Solution"
        field={fields.selected_solution}
        options={selectOptions(SOLUTIONS, "Choose a solution")}
      />
      <LongTextField
        label="Your brief"
        field={fields.additional_brief}
        minLength={20}
        placeholder="What are you making, for whom, and by when?"
      />
      <GoogleMeetField field={fields.connect_google_meet} />
    </PublicForm>
  );
}
