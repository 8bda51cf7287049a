import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MANAGE_ACCOUNT_MESSAGES } from "~models/identity/manage-account-forms";
import { ACCOUNT_MESSAGES } from "~models/identity/accounts";
import { createAccount, verifyLogin } from "~models/identity/accounts.server";
import { getProfile } from "~models/views/profile.server";
import { getApiTokenUser } from "~models/identity/api-tokens.server";
import { db } from "~models/platform/db.server";
import { getNotificationPreferences, listMarketingRecipients } from "~models/platform/notifications.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { accountEvents, emailChanges, emailOutbox, newsletterSubscribers, users } from "~models/schema";
import * as layout from "~/routes/dashboard/layout";
import * as profile from "~/routes/account/profile";
import * as verifyEmail from "~/routes/account/verify-email";
import * as login from "~/routes/auth/login";
import { call, cookieFrom, formErrors, formRequest, getRequest } from "./helpers";
import { projectOf, signedInClient, type Client } from "./project-helpers";

const outbox = (to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = lower(${to})`);

const profileFields = (overrides: Record<string, string> = {}) => ({
  intent: "profile",
  fullName: "Asha Rao",
  phoneCountry: "IN",
  phone: "98200 12345",
  company: "Rao Studio",
  address: "12 Marine Drive, Mumbai",
  "notifications.email": "on",
  "notifications.projectUpdates": "on",
  ...overrides,
});

const postProfile = (client: Client, fields: Record<string, string>) =>
  call(profile.action, formRequest("/dashboard2/settings", fields, { cookie: client.cookie }));

/** Whether a browser with this cookie is still signed in. */
async function signedIn(cookie: string): Promise<boolean> {
  const outcome = await call(layout.loader, getRequest("/dashboard2", { cookie }));
  return outcome.status === 200;
}

/** A second browser signed in to the same account. */
async function secondSession(client: Client) {
  return cookieFrom(
    await call(login.action, formRequest("/login", { username: client.username, password: "secret12" })),
  );
}

describe("manage account: profile settings", () => {
  it("needs sign-in", async () => {
    const outcome = await call(layout.loader, getRequest("/dashboard2/settings"));
    expect(outcome.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/dashboard2/settings")}`,
    );
  });

  it("saves personal info, notification and privacy toggles: Profile updated successfully!", async () => {
    const client = await signedInClient();
    const saved = await postProfile(
      client,
      profileFields({ "notifications.marketing": "on", "privacy.showcaseWork": "on" }),
    );
    expect(saved.status).toBe(200);
    expect((saved.body as { message: string }).message).toBe("Profile updated successfully!");

    const page = (await call(profile.loader, getRequest("/dashboard2/settings", { cookie: client.cookie })))
      .body as { settings: Record<string, unknown> };
    expect(page.settings).toMatchObject({
      fullName: "Asha Rao",
      phone: "+919820012345",
      phoneCountry: "IN",
      company: "Rao Studio",
      address: "12 Marine Drive, Mumbai",
      notifications: { email: true, sms: false, projectUpdates: true, marketing: true },
      privacy: { showcaseWork: true, listAsClient: false },
    });
    const [row] = await db().select().from(users).where(eq(users.id, client.id));
    expect([row!.firstName, row!.lastName]).toEqual(["Asha", "Rao"]);
    const sidebar = (await call(layout.loader, getRequest("/dashboard2", { cookie: client.cookie }))).body;
    expect(sidebar).toMatchObject({ user: { name: "Asha Rao", initials: "AR" }, plan: "Free" });
  });

  it("keeps the company email and website the dashboard's profile form had, and the API reads them", async () => {
    const client = await signedInClient();
    const wrong = await postProfile(
      client,
      profileFields({ companyEmail: "not-an-email", companyWebsite: "northwind" }),
    );
    expect(wrong.status).toBe(400);
    expect(formErrors(wrong)).toMatchObject({
      companyEmail: [ACCOUNT_MESSAGES.companyEmailInvalid],
      companyWebsite: [ACCOUNT_MESSAGES.websiteInvalid],
    });
    const saved = await postProfile(
      client,
      profileFields({ companyEmail: "hello@rao.studio", companyWebsite: "https://rao.studio" }),
    );
    expect(saved.status).toBe(200);
    const page = (await call(profile.loader, getRequest("/dashboard2/settings", { cookie: client.cookie })))
      .body as { settings: Record<string, unknown> };
    expect(page.settings).toMatchObject({
      companyEmail: "hello@rao.studio",
      companyWebsite: "https://rao.studio",
    });
    const { profile: row } = (await getProfile(
      client.id,
      Promise.resolve({ planName: "Free", balance: 0 }),
    ))!;
    expect(row).toMatchObject({ company_email: "hello@rao.studio", company_website: "https://rao.studio" });
  });

  it("validates on the server with the browser's messages", async () => {
    const client = await signedInClient();
    const outcome = await postProfile(
      client,
      profileFields({ fullName: " ", phone: "12ab", address: "x".repeat(301) }),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toMatchObject({
      fullName: [MANAGE_ACCOUNT_MESSAGES.fullNameRequired],
      phone: [
        "Please enter a valid phone number: digits only, optionally starting with + and the country code.",
      ],
      address: [MANAGE_ACCOUNT_MESSAGES.tooLong(300)],
    });
    // A number libphonenumber cannot place is refused too.
    const impossible = await postProfile(client, profileFields({ phone: "123" }));
    expect(impossible.status).toBe(400);
    expect(formErrors(impossible).phone?.[0]).toMatch(/valid phone number/);
  });

  it("notification toggles decide which emails go out", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    expect(await getNotificationPreferences(client.id)).toEqual({
      email: true,
      sms: false,
      projectUpdates: true,
      marketing: false,
    });

    // Defaults: project updates by email.
    const first = await projectOf(client, { title: "Defaults" });
    expect((await outbox(client.email)).filter((e) => e.kind === "project_update")).toHaveLength(1);

    // Project updates off: nothing, although in-app notifications still arrive.
    await postProfile(client, profileFields({ "notifications.projectUpdates": "" }));
    await transitionProject(first.id, staff, "accept");
    await projectOf(client, { title: "Quiet" });
    expect((await outbox(client.email)).filter((e) => e.kind === "project_update")).toHaveLength(1);

    // Master switch off wins over project updates on.
    const { "notifications.email": _omitted, ...withoutEmail } = profileFields();
    await postProfile(client, withoutEmail);
    await transitionProject(first.id, staff, "complete");
    expect((await outbox(client.email)).filter((e) => e.kind === "project_update")).toHaveLength(1);

    // Marketing recipients: only accounts that said yes to email and marketing.
    const keen = await signedInClient();
    await postProfile(keen, profileFields({ "notifications.marketing": "on" }));
    const recipients = (await listMarketingRecipients()).map((r) => r.userId);
    expect(recipients).toContain(keen.id);
    expect(recipients).not.toContain(client.id);
  });

  it("switching marketing off takes the account's address off the newsletter", async () => {
    const client = await signedInClient();
    await db()
      .insert(newsletterSubscribers)
      .values({ email: client.email.toUpperCase(), status: "confirmed", unsubscribeTokenHash: "x" });
    await postProfile(client, profileFields());
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${client.email})`);
    expect(row!.status).toBe("unsubscribed");
  });
});

describe("manage account: password", () => {
  it("checks the current password, then signs out other sessions and API keys but not this one", async () => {
    const client = await signedInClient();
    const other = await secondSession(client);
    const change = (fields: Record<string, string>) =>
      call(
        profile.action,
        formRequest("/dashboard2/settings", { intent: "password", ...fields }, { cookie: client.cookie }),
      );

    expect(
      formErrors(
        await change({ currentPassword: "wrong-one", newPassword: "newpass1", confirmPassword: "newpass1" }),
      ),
    ).toEqual({
      currentPassword: [MANAGE_ACCOUNT_MESSAGES.currentPasswordWrong],
    });
    expect(
      formErrors(
        await change({ currentPassword: "secret12", newPassword: "short", confirmPassword: "short" }),
      ),
    ).toEqual({ newPassword: [ACCOUNT_MESSAGES.passwordTooShort] });
    expect(
      formErrors(
        await change({ currentPassword: "secret12", newPassword: "newpass1", confirmPassword: "newpass2" }),
      ),
    ).toEqual({ confirmPassword: [ACCOUNT_MESSAGES.passwordsDoNotMatch] });
    expect(
      formErrors(
        await change({ currentPassword: "secret12", newPassword: "iloveyou", confirmPassword: "iloveyou" }),
      ),
    ).toEqual({ newPassword: [ACCOUNT_MESSAGES.passwordTooCommon] });
    expect(await verifyLogin(client.username, "iloveyou")).toBeNull();
    expect(await signedIn(other)).toBe(true);

    const done = await change({
      currentPassword: "secret12",
      newPassword: "newpass1",
      confirmPassword: "newpass1",
    });
    expect(done.status).toBe(200);
    expect((done.body as { message: string }).message).toBe(MANAGE_ACCOUNT_MESSAGES.passwordChanged);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(client.cookie)).toBe(true);
    expect(await getApiTokenUser(client.token)).toBeNull();
    expect(await verifyLogin(client.username, "secret12")).toBeNull();
    expect((await verifyLogin(client.username, "newpass1"))?.id).toBe(client.id);
    expect((await outbox(client.email)).map((e) => e.kind)).toContain("account_security");
  });

  it("allows 5 wrong current passwords in 15 minutes", async () => {
    const client = await signedInClient();
    const wrong = () =>
      call(
        profile.action,
        formRequest(
          "/dashboard2/settings",
          {
            intent: "password",
            currentPassword: "nope-nope",
            newPassword: "newpass1",
            confirmPassword: "newpass1",
          },
          { cookie: client.cookie },
        ),
      );
    for (let i = 0; i < 5; i++)
      expect(formErrors(await wrong()).currentPassword).toEqual([
        MANAGE_ACCOUNT_MESSAGES.currentPasswordWrong,
      ]);
    expect(formErrors(await wrong()).currentPassword?.[0]).toMatch(/^Too many attempts/);
  });
});

describe("manage account: email change", () => {
  const linkIn = (text: string) => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it("sends a link to the new address; the email changes only when it is opened, once", async () => {
    const client = await signedInClient();
    const newEmail = `new-${client.username}@example.org`;
    const requested = await call(
      profile.action,
      formRequest(
        "/dashboard2/settings",
        { intent: "email", newEmail, currentPassword: "secret12" },
        { cookie: client.cookie },
      ),
    );
    expect((requested.body as { message: string }).message).toBe(
      MANAGE_ACCOUNT_MESSAGES.emailChangeSent(newEmail),
    );
    expect((await db().select().from(users).where(eq(users.id, client.id)))[0]!.email).toBe(client.email);
    const [link] = await outbox(newEmail);
    expect(link!.kind).toBe("email_change");
    expect((await outbox(client.email)).map((e) => e.kind)).toContain("account_security");

    const token = linkIn(link!.text);
    const page = await call(verifyEmail.loader, getRequest(`/verify-email/${token}`), { token });
    expect(page.body).toEqual({ newEmail });
    const confirmed = await call(verifyEmail.action, formRequest(`/verify-email/${token}`, {}), { token });
    expect(confirmed.body).toEqual({ ok: true, message: MANAGE_ACCOUNT_MESSAGES.emailChanged(newEmail) });
    expect((await verifyLogin(newEmail, "secret12"))?.id).toBe(client.id);
    expect(await verifyLogin(client.email, "secret12")).toBeNull();

    const again = await call(verifyEmail.action, formRequest(`/verify-email/${token}`, {}), { token });
    expect(again.status).toBe(410);
    expect((await call(verifyEmail.loader, getRequest(`/verify-email/${token}`), { token })).status).toBe(
      410,
    );
  });

  it("refuses a wrong password, the same address, a taken one; an expired link does nothing", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const request = (newEmail: string, currentPassword = "secret12") =>
      call(
        profile.action,
        formRequest(
          "/dashboard2/settings",
          { intent: "email", newEmail, currentPassword },
          { cookie: client.cookie },
        ),
      );
    expect(formErrors(await request("fresh@example.org", "wrong-one"))).toEqual({
      currentPassword: [MANAGE_ACCOUNT_MESSAGES.currentPasswordWrong],
    });
    expect(formErrors(await request(client.email.toUpperCase()))).toEqual({
      newEmail: [MANAGE_ACCOUNT_MESSAGES.emailSame],
    });
    expect(formErrors(await request(other.email))).toEqual({ newEmail: [ACCOUNT_MESSAGES.emailTaken] });
    expect(formErrors(await request("not-an-email"))).toEqual({ newEmail: [ACCOUNT_MESSAGES.emailInvalid] });

    const newEmail = `late-${client.username}@example.org`;
    await request(newEmail);
    const token = linkIn((await outbox(newEmail))[0]!.text);
    await db()
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChanges.userId, client.id));
    expect(
      (await call(verifyEmail.action, formRequest(`/verify-email/${token}`, {}), { token })).status,
    ).toBe(410);
  });

  it("sends at most 5 links an hour", async () => {
    const client = await signedInClient();
    const request = (n: number) =>
      call(
        profile.action,
        formRequest(
          "/dashboard2/settings",
          { intent: "email", newEmail: `n${n}-${client.username}@example.org`, currentPassword: "secret12" },
          { cookie: client.cookie },
        ),
      );
    for (let n = 0; n < 5; n++) expect((await request(n)).status).toBe(200);
    expect(formErrors(await request(5)).newEmail?.[0]).toMatch(/^Too many attempts/);
    expect(await outbox(`n5-${client.username}@example.org`)).toHaveLength(0);
  });

  it("says so when someone signed up with the address after the link was sent", async () => {
    const client = await signedInClient();
    const newEmail = `race-${client.username}@example.org`;
    await call(
      profile.action,
      formRequest(
        "/dashboard2/settings",
        { intent: "email", newEmail, currentPassword: "secret12" },
        { cookie: client.cookie },
      ),
    );
    const token = linkIn((await outbox(newEmail))[0]!.text);
    await createAccount({
      username: `r${client.username}`.slice(0, 30),
      email: newEmail,
      password: "secret12",
    });
    const outcome = await call(verifyEmail.action, formRequest(`/verify-email/${token}`, {}), { token });
    expect(outcome.body).toEqual({ ok: false, message: ACCOUNT_MESSAGES.emailTaken });
    expect((await db().select().from(users).where(eq(users.id, client.id)))[0]!.email).toBe(client.email);
  });
});

describe("manage account: sessions", () => {
  it("lists this browser first and signs out the others, or everything", async () => {
    const client = await signedInClient();
    const other = await secondSession(client);
    const page = (await call(profile.loader, getRequest("/dashboard2/settings", { cookie: client.cookie })))
      .body as { sessions: { current: boolean }[] };
    expect(page.sessions.map((s) => s.current)).toEqual([true, false]);

    const signedOut = await call(
      profile.action,
      formRequest("/dashboard2/settings", { intent: "signout-others" }, { cookie: client.cookie }),
    );
    expect((signedOut.body as { message: string }).message).toBe(
      MANAGE_ACCOUNT_MESSAGES.otherSessionsSignedOut(1),
    );
    expect(await signedIn(other)).toBe(false);
    const events = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, client.id), eq(accountEvents.kind, "sessions_signed_out")));
    expect(events).toHaveLength(1);

    const everywhere = await call(
      profile.action,
      formRequest("/dashboard2/settings", { intent: "signout-all" }, { cookie: client.cookie }),
    );
    expect(everywhere.headers.get("Location")).toBe("/login");
    expect(await signedIn(client.cookie)).toBe(false);
  });
});
