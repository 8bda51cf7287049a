import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as M } from "~models/identity/accounts";
import { attemptLogin, createAccount, verifyLogin } from "~models/identity/accounts.server";
import { db } from "~models/platform/db.server";
import { PASSWORD_RESET_TTL_MS } from "~models/identity/password-reset.server";
import { RATE_LIMITS } from "~models/platform/rate-limit.server";
import { emailOutbox, passwordResets, sessions } from "~models/schema";
import { createApiToken } from "~models/identity/api-tokens.server";
import { createSession } from "~models/identity/sessions.server";
import * as forgot from "~/routes/auth/forgot-password";
import * as reset from "~/routes/auth/reset-password";
import * as apiProfile from "~/routes/api/profile";
import { call, formErrors, formRequest, getRequest } from "./helpers";

let user: { id: string; email: string; username: string };

beforeEach(async () => {
  const username = `reset${Math.random().toString(36).slice(2, 8)}`;
  const created = await createAccount({ username, email: `${username}@example.com`, password: "old-secret" });
  if (!created.ok) throw new Error(created.message);
  user = created.user;
});

async function requestLink(email: string, ip = `203.0.113.${Math.floor(Math.random() * 250)}`) {
  return call(forgot.action, formRequest("/forgot-password", { email }, { ip }));
}

async function latestLinkToken(): Promise<string> {
  const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  if (!token) throw new Error("No reset link in the email");
  return token;
}

describe("password reset", () => {
  it("answers the same whether or not the email has an account", async () => {
    const known = await requestLink(user.email);
    const unknown = await requestLink("nobody@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toMatchObject({ sent: true });
    expect(unknown.body).toMatchObject({ sent: true });
    expect(
      await db().select().from(emailOutbox).where(eq(emailOutbox.to, "nobody@example.com")),
    ).toHaveLength(0);
  });

  it("emails a link, through the outbox, and stores only the token's hash", async () => {
    await requestLink(user.email);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail).toMatchObject({ kind: "password_reset", subject: "Reset your Ascendra password" });
    expect(mail!.text).toContain("http://127.0.0.1:3000/reset-password/");
    const token = await latestLinkToken();
    const [row] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(PASSWORD_RESET_TTL_MS - 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MS);
  });

  it("never takes the link's host from the request: an unknown Host gets the server's own address", async () => {
    // What the express adapter makes of "Host: evil.example" (or of X-Forwarded-Host behind a trusted proxy).
    const headers = {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Client-Address": "203.0.113.200",
      "X-Forwarded-Host": "evil.example",
    };
    await call(
      forgot.action,
      new Request("http://evil.example/forgot-password", {
        method: "POST",
        body: new URLSearchParams({ email: user.email }),
        headers,
      }),
    );
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mail!.text).toContain("http://127.0.0.1:3000/reset-password/");
    expect(mail!.text).not.toContain("evil.example");
  });

  it("sets the new password once, signs out every session, and then the link is dead", async () => {
    await createSession({ userId: user.id, remember: true });
    await requestLink(user.email);
    const token = await latestLinkToken();
    expect((await call(reset.loader, getRequest(`/reset-password/${token}`), { token })).body).toEqual({
      valid: true,
    });

    const done = await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "new-secret", confirmPassword: "new-secret" }),
      { token },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?reset=done");
    expect(await verifyLogin(user.username, "new-secret")).not.toBeNull();
    expect(await verifyLogin(user.username, "old-secret")).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const again = await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "third-secret", confirmPassword: "third-secret" }),
      { token },
    );
    expect(again.status).toBe(410);
    expect(formErrors(again)[""]).toEqual([M.resetInvalid]);
    expect((await call(reset.loader, getRequest(`/reset-password/${token}`), { token })).status).toBe(410);
  });

  it("revokes every API key, as a password change does", async () => {
    const key = await createApiToken(user.id);
    const profile = () =>
      call(apiProfile.loader, getRequest("/api/profile/", { headers: { Authorization: `Token ${key}` } }));
    expect((await profile()).status).toBe(200);
    await requestLink(user.email);
    const token = await latestLinkToken();
    await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "new-secret", confirmPassword: "new-secret" }),
      { token },
    );
    expect((await profile()).status).toBe(401);
  });

  it("lifts a lockout that failed sign-ins caused: the new password works at once", async () => {
    const attempt = (password: string, i: number) =>
      attemptLogin({ identifier: user.username, password, clientAddress: `198.18.200.${i}` });
    for (let i = 0; i <= RATE_LIMITS.loginAccount.limit; i++) await attempt("wrong-password", i);
    expect((await attempt("old-secret", 50)).status).toBe("limited");
    await requestLink(user.email);
    const token = await latestLinkToken();
    await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "new-secret", confirmPassword: "new-secret" }),
      { token },
    );
    expect((await attempt("new-secret", 51)).status).toBe("ok");
  });

  it("expires after one hour", async () => {
    await requestLink(user.email);
    const token = await latestLinkToken();
    await db().execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const outcome = await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "new-secret", confirmPassword: "new-secret" }),
      { token },
    );
    expect(outcome.status).toBe(410);
    expect(await verifyLogin(user.username, "old-secret")).not.toBeNull();
  });

  it("validates the new password with the spec's messages", async () => {
    await requestLink(user.email);
    const token = await latestLinkToken();
    const outcome = await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "123", confirmPassword: "123" }),
      { token },
    );
    expect(formErrors(outcome)).toEqual({ password: [M.passwordTooShort] });
    const common = await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "Password1", confirmPassword: "Password1" }),
      { token },
    );
    expect(common.status).toBe(400);
    expect(formErrors(common)).toEqual({ password: [M.passwordTooCommon] });
    // The link was not used up: a better password still goes through.
    expect((await call(reset.loader, getRequest(`/reset-password/${token}`), { token })).status).toBe(200);
    const mismatch = await call(
      reset.action,
      formRequest(`/reset-password/${token}`, { password: "new-secret", confirmPassword: "other-secret" }),
      { token },
    );
    expect(formErrors(mismatch)).toEqual({ confirmPassword: [M.passwordsDoNotMatch] });
  });

  it("rejects an unknown token", async () => {
    expect(
      (await call(reset.loader, getRequest("/reset-password/made-up"), { token: "made-up" })).status,
    ).toBe(410);
  });

  it("limits requests per address", async () => {
    const ip = "198.51.100.44";
    let last;
    for (let i = 0; i < 6; i++) last = await requestLink(`someone${i}@example.com`, ip);
    expect(last!.status).toBe(429);
  });
});
