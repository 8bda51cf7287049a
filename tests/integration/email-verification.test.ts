import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { submitInvestorMeeting } from "~models/forms/submissions.server";
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_MS } from "~models/identity/email-verification";
import { exportAccountData } from "~models/views/account-data.server";
import { sha256 } from "~models/identity/passwords.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { emailOutbox, emailVerifications, meetings, users } from "~models/schema";
import * as confirmLink from "~/routes/account/confirm-email-link";
import * as confirmPage from "~/routes/account/confirm-email";
import * as verifyEmailChange from "~/routes/account/verify-email";
import * as profilePage from "~/routes/account/profile";
import * as meetingPage from "~/routes/admin/meeting";
import * as apiSignup from "~/routes/api/auth-signup";
import * as signupPage from "~/routes/auth/signup";
import * as dashboardHome from "~/routes/dashboard/index";
import * as inviteRoute from "~/routes/dashboard/meeting-invite";
import * as meetingsTab from "~/routes/dashboard/meetings";
import * as giftPage from "~/routes/gift";
import { call, cookieFrom, formRequest, getRequest, jsonRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

// Email verification (docs/decisions/0053): an address typed at signup proves
// nothing, so meetings booked with it and emails sent to it wait until the
// owner opens the link the outbox sent there.

const PASSWORD = "Saffron-Kite-2031";
let counter = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

let staff: Client;

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

/** Signs up on /signup, as a visitor does; returns the session cookie. */
async function signUp(email: string) {
  const username = fresh("v");
  const outcome = await call(
    signupPage.action,
    formRequest("/signup", { username, email, password: PASSWORD, confirmPassword: PASSWORD }),
  );
  expect(outcome.status).toBe(200);
  const [user] = await db().select().from(users).where(eq(users.username, username));
  return { id: user!.id, username, email, cookie: cookieFrom(outcome) };
}

/** A visitor, signed out, asks for an investor meeting with `email`; staff confirm it with a call link. */
async function meetingBookedWith(email: string) {
  const requested = await submitInvestorMeeting(
    {
      company_name: "Rao Foods",
      your_name: "Asha Rao",
      company_designation: "Founder",
      company_email: email,
      phone_country: "IN",
      phone_number: "98200 12345",
      meeting_type: "partner",
      connect_google_meet: true,
      meeting_agenda: "Distribution in Pune",
    } as never,
    { clientAddress: "198.51.100.91" },
  );
  if (requested.status !== "ok") throw new Error(JSON.stringify(requested));
  const meetingUrl = `https://meet.example.com/${fresh("room")}`;
  const confirmed = await call(
    meetingPage.action,
    formRequest(
      `/admin/meetings/investor_meeting/${requested.id}`,
      {
        intent: "confirm",
        date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        time: "11:00",
        duration: "30",
        time_zone: "Asia/Kolkata",
        meeting_url: meetingUrl,
      },
      { cookie: staff.cookie },
    ),
    { source: "investor_meeting", id: requested.id },
  );
  expect(confirmed.status).toBe(200);
  const [meeting] = await db().select().from(meetings).where(eq(meetings.sourceId, requested.id));
  return { id: meeting!.id, meetingUrl };
}

const meetingsOf = (cookie: string) =>
  call(meetingsTab.loader, getRequest("/dashboard2/meetings", { cookie }));

const downloadInvite = (cookie: string, id: string) =>
  call(inviteRoute.loader, getRequest(`/dashboard2/meetings/${id}/invite.ics`, { cookie }), { id });

/** The newest confirmation email sent to an address, and the token in its link. */
async function confirmationTo(email: string) {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "email_verification")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = row ? /https?:\/\/\S+\/confirm-email\/(\S+)/.exec(row.text) : null;
  return { email: row ?? null, token: link?.[1] ?? "" };
}

const openLink = (token: string) =>
  call(confirmLink.loader, getRequest(`/confirm-email/${token}`), { token });
const confirm = (token: string) =>
  call(confirmLink.action, formRequest(`/confirm-email/${token}`, {}), { token });

describe("a meeting booked with someone else's address", () => {
  it("is not shown to an account that signed up with the address and never confirmed it: no meeting, no link, no .ics", async () => {
    const victim = `${fresh("investor")}@example.com`;
    const mallory = await signUp(victim);
    const meeting = await meetingBookedWith(victim);

    const listed = await meetingsOf(mallory.cookie);
    expect(listed.status).toBe(200);
    expect((listed.body as { meetings: unknown[] }).meetings).toEqual([]);
    expect(JSON.stringify(listed.body)).not.toContain(meeting.meetingUrl);
    expect((await downloadInvite(mallory.cookie, meeting.id)).status).toBe(404);
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.userId).toBeNull();
    const exported = await exportAccountData(mallory.id);
    expect(JSON.stringify(exported)).not.toContain(meeting.meetingUrl);
  });

  it("appears, with its link and .ics, once the address is confirmed with the emailed link", async () => {
    const address = `${fresh("asha")}@example.com`;
    const asha = await signUp(address);
    const meeting = await meetingBookedWith(address);
    expect((await meetingsOf(asha.cookie)).body).toMatchObject({ meetings: [], emailToConfirm: address });

    const { token } = await confirmationTo(address);
    expect((await confirm(token)).body).toEqual({
      ok: true,
      message: EMAIL_VERIFICATION_MESSAGES.verified(address),
    });

    const listed = (await meetingsOf(asha.cookie)).body as {
      meetings: Array<{ id: string; meetingUrl: string }>;
      emailToConfirm: string | null;
    };
    expect(listed.meetings.map((m) => [m.id, m.meetingUrl])).toEqual([[meeting.id, meeting.meetingUrl]]);
    expect(listed.emailToConfirm).toBeNull();
    const ics = await downloadInvite(asha.cookie, meeting.id);
    expect(ics.status).toBe(200);
    expect(String(ics.body)).toContain(meeting.meetingUrl);
  });

  it("joins a confirmed account when staff confirm it, as before", async () => {
    const client = await signedInClient();
    const meeting = await meetingBookedWith(client.email.toUpperCase());
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.userId).toBe(client.id);
  });
});

describe("a gift card sent to someone else's address", () => {
  it("is not among the emails an unconfirmed account's export lists; it is once the address is confirmed", async () => {
    const address = `${fresh("meera")}@example.com`;
    const account = await signUp(address);
    const page = (await call(giftPage.loader, getRequest("/gift"))).body as { idempotencyKey: string };
    const bought = await call(
      giftPage.action,
      formRequest("/gift", {
        idempotency_key: page.idempotencyKey,
        amount: "5000",
        recipientName: "Meera",
        recipientEmail: address,
        senderName: "Ravi",
        senderEmail: "ravi@brand.example",
        card_number: "4242424242424242",
        card_expiry: "01/39",
        card_cvc: "321",
        card_name: "Ravi Menon",
      }),
    );
    expect(bought.status).toBe(200);
    const kinds = async () =>
      (
        (await exportAccountData(account.id)) as { emails_sent_to_you: Array<{ kind: string }> }
      ).emails_sent_to_you.map((e) => e.kind);
    expect(await kinds()).not.toContain("gift_card");

    await confirm((await confirmationTo(address)).token);
    expect(await kinds()).toContain("gift_card");
  });
});

describe("the confirmation link", () => {
  it("is emailed at signup, on the page and through the API, and says so", async () => {
    const address = `${fresh("new")}@example.com`;
    const username = fresh("n");
    const outcome = await call(
      signupPage.action,
      formRequest("/signup", { username, email: address, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(outcome.body).toMatchObject({ signedUp: true, email: address });
    const { email, token } = await confirmationTo(address);
    expect(email).toMatchObject({
      kind: "email_verification",
      subject: "Confirm your Ascendra email address",
    });
    expect(email!.text).toContain("within 3 days");
    expect(token).toMatch(/^\S{20,}$/);

    const viaApi = `${fresh("api")}@example.com`;
    const created = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", { username: fresh("a"), email: viaApi, password: PASSWORD }),
    );
    expect(created.status).toBe(201);
    expect((await confirmationTo(viaApi)).token).not.toBe("");
  });

  it("is stored only as a hash, works once and expires after 3 days", async () => {
    const address = `${fresh("once")}@example.com`;
    const account = await signUp(address);
    const { token } = await confirmationTo(address);
    const [stored] = await db()
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, account.id));
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(
      EMAIL_VERIFICATION_TTL_MS,
      -4,
    );

    expect((await openLink(token)).status).toBe(200);
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again).toMatchObject({
      status: 410,
      body: { ok: false, message: EMAIL_VERIFICATION_MESSAGES.linkInvalid },
    });
    expect((await openLink(token)).status).toBe(410);

    const late = `${fresh("late")}@example.com`;
    const lateAccount = await signUp(late);
    const lateToken = (await confirmationTo(late)).token;
    await db()
      .update(emailVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerifications.userId, lateAccount.id));
    expect((await openLink(lateToken)).status).toBe(410);
    expect((await confirm(lateToken)).status).toBe(410);
    const [user] = await db().select().from(users).where(eq(users.id, lateAccount.id));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it("can be sent again by the signed-in client; the newer link replaces the older one", async () => {
    const address = `${fresh("again")}@example.com`;
    const account = await signUp(address);
    const first = (await confirmationTo(address)).token;
    const resent = await call(
      confirmPage.action,
      formRequest("/confirm-email", {}, { cookie: account.cookie }),
    );
    expect(resent.body).toEqual({ ok: true, message: EMAIL_VERIFICATION_MESSAGES.sent(address) });
    const second = (await confirmationTo(address)).token;
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(410);
    expect((await confirm(second)).status).toBe(200);
    const done = await call(
      confirmPage.action,
      formRequest("/confirm-email", {}, { cookie: account.cookie }),
    );
    expect(done.body).toEqual({ ok: true, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
    const anonymous = await call(confirmPage.action, formRequest("/confirm-email", {}));
    expect(anonymous.status).toBe(302);
  });

  it("stops being sent after 5 in an hour", async () => {
    const account = await signUp(`${fresh("flood")}@example.com`);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await call(confirmPage.action, formRequest("/confirm-email", {}, { cookie: account.cookie })))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("confirms nothing once the account's address has changed", async () => {
    const address = `${fresh("old")}@example.com`;
    const account = await signUp(address);
    const { token } = await confirmationTo(address);
    await db()
      .update(users)
      .set({ email: `${fresh("moved")}@example.com` })
      .where(eq(users.id, account.id));
    expect((await confirm(token)).status).toBe(410);
    const [user] = await db().select().from(users).where(eq(users.id, account.id));
    expect(user!.emailVerifiedAt).toBeNull();
  });
});

describe("an email change", () => {
  it("confirms the new address by its own link, and the meetings booked with it appear", async () => {
    const account = await signUp(`${fresh("before")}@example.com`);
    const next = `${fresh("after")}@example.com`;
    const meeting = await meetingBookedWith(next);
    const asked = await call(
      profilePage.action,
      formRequest(
        "/dashboard2/settings",
        { intent: "email", newEmail: next, currentPassword: PASSWORD },
        { cookie: account.cookie },
      ),
    );
    expect(asked.status).toBe(200);
    const [change] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, next), eq(emailOutbox.kind, "email_change")));
    const token = /\/verify-email\/(\S+)/.exec(change!.text)![1]!;
    expect(
      (await call(verifyEmailChange.action, formRequest(`/verify-email/${token}`, {}), { token })).status,
    ).toBe(200);
    const listed = (await meetingsOf(account.cookie)).body as {
      meetings: Array<{ id: string }>;
      emailToConfirm: string | null;
    };
    expect(listed.emailToConfirm).toBeNull();
    expect(listed.meetings.map((m) => m.id)).toEqual([meeting.id]);
  });
});

describe("the dashboard", () => {
  it("says what waits on the address and offers the link again, until it is confirmed", async () => {
    const address = `${fresh("dash")}@example.com`;
    const account = await signUp(address);
    const home = await call(dashboardHome.loader, getRequest("/dashboard2", { cookie: account.cookie }));
    expect(home.body).toMatchObject({ emailToConfirm: address });
    await confirm((await confirmationTo(address)).token);
    const after = await call(dashboardHome.loader, getRequest("/dashboard2", { cookie: account.cookie }));
    expect(after.body).toMatchObject({ emailToConfirm: null });
    expect(EMAIL_VERIFICATION_MESSAGES.notice).toBe(
      "Confirm your email address to see meetings booked with it.",
    );
  });
});
