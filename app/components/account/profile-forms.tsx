import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "react-router";
import {
  AccountProfileSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
} from "~models/identity/manage-account-forms";
import { Field, FormMessages, PasswordField, SubmitButton } from "~/components/forms";
import { PhoneField, TextareaField } from "~/components/form-fields";
import { AccountSection, secondaryButtonClass, Toggle } from "./section";
import { useZodForm } from "~/lib/use-zod-form";
import { NewPasswordFields } from "~/components/new-password-fields";

// Profile Settings' forms. Each posts to the same route with its own "intent",
// so they work without JavaScript; with it, Conform validates inline.

type Result = SubmissionResult<string[]> | undefined;

export type ProfileDefaults = {
  fullName: string;
  email: string;
  phone: string;
  phoneCountry: string;
  company: string;
  companyEmail: string;
  companyWebsite: string;
  address: string;
  notifications: { email: boolean; sms: boolean; projectUpdates: boolean; marketing: boolean };
  privacy: { showcaseWork: boolean; listAsClient: boolean };
  pendingEmail: { newEmail: string } | null;
};

/** Conform reads a checked checkbox as "on". */
const onOff = (flags: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v ? "on" : undefined]));

/**
 * Personal info, notification and privacy toggles: one form, Save Changes
 * and Cancel. Cancel is a reset button: it puts back the saved values, with
 * or without JavaScript.
 */
export function ProfileForm({
  defaults,
  lastResult,
  saved,
}: {
  defaults: ProfileDefaults;
  lastResult: Result;
  saved: string | null;
}) {
  const [form, fields] = useZodForm(AccountProfileSchema, {
    id: "profile",
    lastResult,
    defaultValue: {
      fullName: defaults.fullName,
      phone: defaults.phone,
      phoneCountry: defaults.phoneCountry,
      company: defaults.company,
      companyEmail: defaults.companyEmail,
      companyWebsite: defaults.companyWebsite,
      address: defaults.address,
      notifications: onOff(defaults.notifications),
      privacy: onOff(defaults.privacy),
    },
  });
  const notifications = fields.notifications.getFieldset();
  const privacy = fields.privacy.getFieldset();
  const toggle = (field: typeof notifications.email) => ({
    ...getInputProps(field, { type: "checkbox" }),
    id: field.id,
  });
  return (
    <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="profile" />
      <FormMessages success={saved} errors={form.errors} errorId={form.errorId} />
      <AccountSection
        id="personal-info"
        title="Personal information"
        intro="How we address you, and how our team reaches you."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            labelProps={{ children: "Full name" }}
            inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }}
            errors={fields.fullName.errors}
          />
          {/* Shown, not edited here: the email changes through its own form, re-verified by a link. */}
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-text">Email</p>
            <p
              className="rounded-xl border border-dashed border-border px-4 py-3 break-all text-text-muted"
              data-testid="profile-email"
            >
              {defaults.email}
            </p>
            <p className="text-sm text-text-muted">
              {defaults.pendingEmail
                ? `Waiting for you to confirm ${defaults.pendingEmail.newEmail}.`
                : "Change it under Account security, below."}
            </p>
          </div>
          <PhoneField
            label="Phone (optional)"
            countryProps={getSelectProps(fields.phoneCountry)}
            numberProps={{ ...getInputProps(fields.phone, { type: "tel" }), placeholder: "98200 12345" }}
            errors={fields.phone.errors}
          />
          <Field
            labelProps={{ children: "Company (optional)" }}
            inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
            errors={fields.company.errors}
          />
          <Field
            labelProps={{ children: "Company email (optional)" }}
            inputProps={{
              ...getInputProps(fields.companyEmail, { type: "email" }),
              autoComplete: "work email",
            }}
            errors={fields.companyEmail.errors}
          />
          <Field
            labelProps={{ children: "Website (optional)" }}
            inputProps={{ ...getInputProps(fields.companyWebsite, { type: "url" }), placeholder: "https://" }}
            errors={fields.companyWebsite.errors}
          />
          <TextareaField
            className="sm:col-span-2"
            label="Address (optional)"
            textareaProps={{ ...getTextareaProps(fields.address), rows: 3, autoComplete: "street-address" }}
            errors={fields.address.errors}
          />
        </div>
      </AccountSection>
      <AccountSection
        id="notifications"
        title="Notifications"
        intro="Which emails we send you. Security emails (password and email changes) always reach you."
      >
        <div className="flex flex-col gap-4">
          <Toggle
            label="Email notifications"
            description="Turn off to stop every email below, whatever their own switch says."
            inputProps={toggle(notifications.email)}
          />
          <Toggle
            label="SMS notifications"
            description="Text messages about your projects. We don't send texts yet; we'll follow this choice when we do."
            inputProps={toggle(notifications.sms)}
          />
          <Toggle
            label="Project updates"
            description="An email when you submit a project and whenever its status changes."
            inputProps={toggle(notifications.projectUpdates)}
          />
          <Toggle
            label="Marketing emails"
            description="Offers, new services and our newsletter. Turning this off also takes you off the newsletter."
            inputProps={toggle(notifications.marketing)}
          />
        </div>
      </AccountSection>
      <AccountSection
        id="privacy"
        title="Privacy"
        intro="What we may share about our work together. Both are off until you say yes."
      >
        <div className="flex flex-col gap-4">
          <Toggle
            label="Feature my finished work"
            description="We may show projects we completed for you in our portfolio and case studies."
            inputProps={toggle(privacy.showcaseWork)}
          />
          <Toggle
            label="Name me as a client"
            description="We may list your name or company among the brands we work with."
            inputProps={toggle(privacy.listAsClient)}
          />
        </div>
      </AccountSection>
      <div className="flex flex-wrap gap-3">
        <SubmitButton intent="profile" pendingLabel="Saving…">
          Save Changes
        </SubmitButton>
        <button type="reset" className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function PasswordForm({ lastResult, message }: { lastResult: Result; message: string | null }) {
  const [form, fields] = useZodForm(PasswordChangeSchema, {
    id: "password",
    lastResult,
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      <h3 className="font-semibold">Change password</h3>
      <FormMessages success={message} errors={form.errors} errorId={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-3">
        <PasswordField
          labelProps={{ children: "Current password" }}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
          errors={fields.currentPassword.errors}
        />
        <NewPasswordFields
          password={fields.newPassword}
          confirmPassword={fields.confirmPassword}
          label="New password"
        />
      </div>
      <p className="text-sm text-text-muted">
        At least 6 characters. Changing it signs out every other session and revokes API keys; this browser
        stays signed in.
      </p>
      <SubmitButton intent="password" className="self-start" pendingLabel="Changing…">
        Change Password
      </SubmitButton>
    </Form>
  );
}

export function EmailForm({
  currentEmail,
  pendingEmail,
  lastResult,
  message,
}: {
  currentEmail: string;
  pendingEmail: string | null;
  lastResult: Result;
  message: string | null;
}) {
  const [form, fields] = useZodForm(EmailChangeSchema, {
    id: "email",
    lastResult,
  });
  return (
    <Form method="post" className="flex flex-col gap-4 border-t border-border pt-5" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="email" />
      <h3 className="font-semibold">Change email</h3>
      <p className="text-sm text-text-muted">
        Your email is <strong className="text-text">{currentEmail}</strong>. We send a link to the new
        address; it changes when you open it.
        {pendingEmail && !message ? ` A link to ${pendingEmail} is waiting to be opened.` : ""}
      </p>
      <FormMessages success={message} errors={form.errors} errorId={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: "New email" }}
          inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), autoComplete: "email" }}
          errors={fields.newEmail.errors}
        />
        <PasswordField
          labelProps={{ children: "Current password" }}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            id: "email-current-password",
            autoComplete: "current-password",
          }}
          errors={fields.currentPassword.errors}
        />
      </div>
      <SubmitButton intent="email" className="self-start" pendingLabel="Sending…">
        Send verification link
      </SubmitButton>
    </Form>
  );
}
