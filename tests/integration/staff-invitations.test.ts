import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { removeStaff } from "~models/back-office/staff.server";
import { ACCOUNT_MESSAGES } from "~models/identity/accounts";
import { STAFF_MESSAGES } from "~models/back-office/staff";
import { db } from "~models/platform/db.server";
import { auditLog, emailOutbox, staffInvitations, users } from "~models/schema";
import * as adminHome from "~/routes/admin/index";
import * as staffPage from "~/routes/admin/staff";
import * as invitePage from "~/routes/auth/staff-invite";
import * as login from "~/routes/auth/login";
import { seedSite } from "./admin-helpers";
import { call, cookieFrom, formErrors, formRequest, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

beforeAll(async () => {
  await seedSite();
});

/** Invites through the staff page and returns the token from the emailed link. */
async function invite(staffCookie: string, email: string): Promise<string> {
  const outcome = await call(
    staffPage.action,
    formRequest("/admin/staff", { intent: "invite", email }, { cookie: staffCookie }),
  );
  expect(outcome.body).toMatchObject({ message: STAFF_MESSAGES.inviteSent(email) });
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(sql`${emailOutbox.createdAt} desc`)
    .limit(1);
  expect(mail!.kind).toBe("staff_invitation");
  const link = /http:\/\/127\.0\.0\.1:3000\/staff-invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(link, mail!.text).not.toBeNull();
  return link![1]!;
}

const accept = (token: string, fields: Record<string, string>) =>
  call(invitePage.action, formRequest(`/staff-invite/${token}`, fields), { token });

describe("staff invitations", () => {
  it("invite → emailed one-time link → choose username and password → staff, signed in", async () => {
    const staff = await signedInClient("staff");
    const token = await invite(staff.cookie, "new.hire@ascendra.studio");
    // Only the hash is stored.
    const [stored] = await db().select().from(staffInvitations);
    expect(stored!.tokenHash).not.toContain(token);

    const page = await call(invitePage.loader, getRequest(`/staff-invite/${token}`), { token });
    expect(page).toMatchObject({
      status: 200,
      body: { valid: true, email: "new.hire@ascendra.studio", account: null },
    });
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");

    const common = await accept(token, {
      username: "newhire",
      password: "qwerty123",
      confirmPassword: "qwerty123",
    });
    expect(common.status).toBe(400);
    expect(formErrors(common)).toEqual({ password: [ACCOUNT_MESSAGES.passwordTooCommon] });
    const mismatch = await accept(token, {
      username: "newhire",
      password: "secret12",
      confirmPassword: "secret13",
    });
    expect(formErrors(mismatch)).toEqual({ confirmPassword: [ACCOUNT_MESSAGES.passwordsDoNotMatch] });

    const taken = await accept(token, {
      username: staff.username,
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(formErrors(taken)).toEqual({ username: [ACCOUNT_MESSAGES.usernameTaken] });

    const joined = await accept(token, {
      username: "newhire",
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/admin");
    const cookie = cookieFrom(joined);
    expect((await call(adminHome.loader, getRequest("/admin", { cookie }))).status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.username, "newhire"));
    expect(user).toMatchObject({ role: "staff", email: "new.hire@ascendra.studio" });

    // The link works once.
    expect((await call(invitePage.loader, getRequest(`/staff-invite/${token}`), { token })).status).toBe(410);
    const reused = await accept(token, {
      username: "another",
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(reused.status).toBe(410);
    expect(formErrors(reused)).toEqual({ "": [STAFF_MESSAGES.inviteInvalid] });

    const audit = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((e) => [e.action, e.actorLabel])).toEqual([
      ["staff.invite", staff.username],
      ["staff.invite_accepted", "newhire"],
    ]);
  });

  it("makes an existing client staff with the new password, signed out of their old sessions", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const token = await invite(staff.cookie, client.email.toUpperCase());
    const page = await call(invitePage.loader, getRequest(`/staff-invite/${token}`), { token });
    expect(page.body).toMatchObject({ valid: true, account: client.username });
    const joined = await accept(token, { password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(joined.status).toBe(302);
    const [user] = await db().select().from(users).where(eq(users.id, client.id));
    expect(user!.role).toBe("staff");
    // The old cookie is dead; the new password works.
    expect((await call(adminHome.loader, getRequest("/admin", { cookie: client.cookie }))).status).toBe(404);
    const relogin = await call(
      login.action,
      formRequest("/login", { username: client.username, password: "brand-new-1" }),
    );
    expect(relogin.status).toBe(302);
  });

  it("refuses to invite staff, withdraws older links when re-inviting, and expires links", async () => {
    const staff = await signedInClient("staff");
    const other = await signedInClient("staff");
    const refused = await call(
      staffPage.action,
      formRequest("/admin/staff", { intent: "invite", email: other.email }, { cookie: staff.cookie }),
    );
    expect(formErrors(refused)).toEqual({ email: [STAFF_MESSAGES.alreadyStaff] });

    const first = await invite(staff.cookie, "twice@example.com");
    const second = await invite(staff.cookie, "twice@example.com");
    expect((await call(invitePage.loader, getRequest("/x"), { token: first })).status).toBe(410);
    expect((await call(invitePage.loader, getRequest("/x"), { token: second })).status).toBe(200);

    const list = await call(staffPage.loader, getRequest("/admin/staff", { cookie: staff.cookie }));
    const pending = (list.body as { invitations: Array<{ id: string; email: string }> }).invitations;
    expect(pending.map((i) => i.email)).toEqual(["twice@example.com"]);

    const withdrawn = await call(
      staffPage.action,
      formRequest("/admin/staff", { intent: "withdraw", id: pending[0]!.id }, { cookie: staff.cookie }),
    );
    expect(withdrawn.body).toMatchObject({ message: STAFF_MESSAGES.inviteWithdrawn });
    expect((await call(invitePage.loader, getRequest("/x"), { token: second })).status).toBe(410);

    const third = await invite(staff.cookie, "late@example.com");
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, "late@example.com"));
    expect(
      (await accept(third, { username: "late", password: "secret12", confirmPassword: "secret12" })).status,
    ).toBe(410);
  });

  it("removes a staff member (never yourself, never the last one)", async () => {
    const lead = await signedInClient("staff");
    const helper = await signedInClient("staff");
    const self = await call(
      staffPage.action,
      formRequest("/admin/staff", { intent: "remove", id: lead.id }, { cookie: lead.cookie }),
    );
    expect(self.body).toMatchObject({ message: STAFF_MESSAGES.cannotRemoveSelf });
    const removed = await call(
      staffPage.action,
      formRequest("/admin/staff", { intent: "remove", id: helper.id }, { cookie: lead.cookie }),
    );
    expect(removed.body).toMatchObject({ message: STAFF_MESSAGES.removed(helper.username) });
    expect((await call(adminHome.loader, getRequest("/admin", { cookie: helper.cookie }))).status).toBe(404);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "staff.remove"));
    expect(entry).toMatchObject({
      actorId: lead.id,
      targetId: helper.id,
      before: { role: "staff" },
      after: { role: "client", sessions_ended: 1, api_keys_revoked: 1 },
    });

    // Two staff removing each other at the same moment: one wins, the other finds they would leave nobody.
    await db()
      .update(users)
      .set({ role: "client" })
      .where(sql`${users.role} = 'staff' and ${users.id} <> ${lead.id}`);
    const rival = await signedInClient("staff");
    const outcomes = await Promise.all([
      removeStaff(rival.id, { id: lead.id, role: "staff", label: lead.username }),
      removeStaff(lead.id, { id: rival.id, role: "staff", label: rival.username }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toEqual({
      ok: false,
      message: expect.stringMatching(
        new RegExp(`^(${STAFF_MESSAGES.lastStaff}|${STAFF_MESSAGES.notStaff})$`),
      ),
    });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.role, "staff"))).toHaveLength(1);
  });
});
