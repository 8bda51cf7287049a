import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import {
  AccountProfileSchema,
  DeleteAccountSchema,
  EmailChangeSchema,
  MANAGE_ACCOUNT_MESSAGES,
  PasswordChangeSchema,
} from "~models/identity/manage-account-forms";
import { deleteAccount } from "~models/views/account-data.server";
import {
  changePassword,
  getAccountSettings,
  listActiveSessions,
  requestEmailChange,
  saveAccountProfile,
  signOutOtherSessions,
} from "~models/identity/account-settings.server";
import { deleteUserSessions } from "~models/identity/sessions.server";
import { EmailForm, PasswordForm, ProfileForm } from "~/components/account/profile-forms";
import { AccountSection } from "~/components/account/section";
import { DataRightsSection, SessionsSection } from "~/components/account/security";
import { currentSessionId, endSession } from "~/lib/auth.server";
import { memberOf } from "~/lib/membership.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/profile";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [{ title: "Profile Settings — Ascendra" }];

const SITE_NAME = "Ascendra";

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const [settings, sessions] = await Promise.all([
    getAccountSettings(member.person.id),
    listActiveSessions(member.person.id, await currentSessionId(request)),
  ]);
  if (!settings) throw data(null, { status: 404 });
  // This browser and the newest others: the rest are counted (Sign out other sessions ends them all).
  return {
    settings,
    sessions: sessions.slice(0, SESSIONS_SHOWN),
    moreSessions: Math.max(0, sessions.length - SESSIONS_SHOWN),
  };
}

/** Active sessions listed; an account signed in on more browsers gets a count of the rest. */
const SESSIONS_SHOWN = 10;

const INTENTS = ["profile", "password", "email", "signout-others", "signout-all", "delete"] as const;
type Intent = (typeof INTENTS)[number];
type ActionData = { form: Intent; result?: SubmissionResult<string[]>; message?: string };

const reply = (body: ActionData, status = 200) => data<ActionData>(body, { status });

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const formData = await requireForm(request);
  const intent = INTENTS.find((i) => i === formData.get("intent"));
  if (!intent) return reply({ form: "profile", message: "Unknown action." }, 400);
  const sessionId = await currentSessionId(request);

  switch (intent) {
    case "profile": {
      const submission = parseWithZod(formData, { schema: AccountProfileSchema });
      if (submission.status !== "success") return reply({ form: intent, result: submission.reply() }, 400);
      const saved = await saveAccountProfile(member.person.id, submission.value);
      if (!saved.ok)
        return reply(
          { form: intent, result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) },
          400,
        );
      return reply({
        form: intent,
        result: submission.reply({ resetForm: true }),
        message: MANAGE_ACCOUNT_MESSAGES.profileUpdated,
      });
    }
    case "password": {
      const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
      if (submission.status !== "success")
        return reply(
          {
            form: intent,
            result: submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }),
          },
          400,
        );
      const changed = await changePassword(member.person.id, submission.value, sessionId, {
        siteName: SITE_NAME,
      });
      if (!changed.ok)
        return reply(
          {
            form: intent,
            result: submission.reply({
              fieldErrors: { [changed.field]: [changed.message] },
              hideFields: ["currentPassword", "newPassword", "confirmPassword"],
            }),
          },
          400,
        );
      return reply({
        form: intent,
        result: submission.reply({ resetForm: true }),
        message: MANAGE_ACCOUNT_MESSAGES.passwordChanged,
      });
    }
    case "email": {
      const submission = parseWithZod(formData, { schema: EmailChangeSchema });
      if (submission.status !== "success")
        return reply({ form: intent, result: submission.reply({ hideFields: ["currentPassword"] }) }, 400);
      const requested = await requestEmailChange(member.person.id, submission.value, {
        baseUrl: publicBaseUrl(request),
        siteName: SITE_NAME,
      });
      if (!requested.ok)
        return reply(
          {
            form: intent,
            result: submission.reply({
              fieldErrors: { [requested.field]: [requested.message] },
              hideFields: ["currentPassword"],
            }),
          },
          400,
        );
      return reply({
        form: intent,
        result: submission.reply({ resetForm: true }),
        message: MANAGE_ACCOUNT_MESSAGES.emailChangeSent(requested.newEmail),
      });
    }
    case "signout-others": {
      const count = await signOutOtherSessions(member.person.id, sessionId);
      return reply({ form: intent, message: MANAGE_ACCOUNT_MESSAGES.otherSessionsSignedOut(count) });
    }
    case "signout-all": {
      await deleteUserSessions(member.person.id);
      return endSession(request);
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
      if (submission.status !== "success")
        return reply({ form: intent, result: submission.reply({ hideFields: ["password"] }) }, 400);
      const deleted = await deleteAccount(member.person.id, submission.value.password, {
        siteName: SITE_NAME,
      });
      if (!deleted.ok)
        return reply(
          {
            form: intent,
            result: submission.reply({
              fieldErrors: { password: [deleted.message] },
              hideFields: ["password"],
            }),
          },
          400,
        );
      return endSession(request, "/account-deleted");
    }
  }
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, sessions, moreSessions } = loaderData;
  const result = (form: Intent) => (actionData?.form === form ? actionData.result : undefined);
  const message = (form: Intent) => (actionData?.form === form ? (actionData.message ?? null) : null);
  // After a save the form starts again from the saved values (and Cancel returns to them).
  const savedKey = JSON.stringify([
    settings.fullName,
    settings.phone,
    settings.phoneCountry,
    settings.company,
    settings.companyEmail,
    settings.companyWebsite,
    settings.address,
    settings.notifications,
    settings.privacy,
  ]);
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Profile Settings</h1>
        <p className="text-text-muted">
          Signed in as <strong className="text-text">{settings.username}</strong>.
        </p>
      </header>
      <ProfileForm
        key={savedKey}
        defaults={{ ...settings, pendingEmail: settings.pendingEmail }}
        lastResult={result("profile")}
        saved={message("profile")}
      />
      <AccountSection
        id="account-security"
        title="Account security"
        intro="Your password and the email you sign in with."
      >
        <PasswordForm lastResult={result("password")} message={message("password")} />
        <EmailForm
          currentEmail={settings.email}
          pendingEmail={settings.pendingEmail?.newEmail ?? null}
          lastResult={result("email")}
          message={message("email")}
        />
      </AccountSection>
      <SessionsSection sessions={sessions} message={message("signout-others")} />
      {moreSessions ? (
        <p className="-mt-6 text-sm text-text-muted" data-testid="more-sessions">
          {`And ${moreSessions} older session${moreSessions === 1 ? "" : "s"}: Sign out other sessions ends them all.`}
        </p>
      ) : null}
      <DataRightsSection lastResult={result("delete")} />
    </div>
  );
}
