import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as M } from "~models/identity/accounts";
import { createAccount } from "~models/identity/accounts.server";
import { db } from "~models/platform/db.server";
import { RATE_LIMITS } from "~models/platform/rate-limit.server";
import { sessions, users } from "~models/schema";
import { REMEMBER_ME_TTL_MS } from "~models/identity/sessions.server";
import * as login from "~/routes/auth/login";
import * as logout from "~/routes/auth/logout";
import * as signup from "~/routes/auth/signup";
import * as dashboard from "~/routes/dashboard/layout";
import { call, cookieFrom, formErrors, formRequest, getRequest } from "./helpers";

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

async function newAccount(password = "secret12") {
  const username = unique("user");
  const result = await createAccount({ username, email: `${username}@example.com`, password });
  if (!result.ok) throw new Error(result.message);
  return { ...result.user, password };
}

const signIn = (fields: Record<string, string>, init?: { cookie?: string; ip?: string }) =>
  call(login.action, formRequest("/login", fields, init));

describe("signup page", () => {
  it("shows the spec's messages for each field, in order", async () => {
    const outcome = await call(
      signup.action,
      formRequest("/signup", { username: "ab", email: "bad", password: "123", confirmPassword: "" }),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({
      username: [M.usernameTooShort],
      email: [M.emailInvalid],
      password: [M.passwordTooShort],
    });
  });

  it("keeps the spec's 6-character minimum, and refuses the most common passwords", async () => {
    const username = unique("common");
    const fields = { username, email: `${username}@example.com` };
    expect(
      formErrors(
        await call(
          signup.action,
          formRequest("/signup", { ...fields, password: "12345", confirmPassword: "12345" }),
        ),
      ),
    ).toEqual({ password: [M.passwordTooShort] });
    const common = await call(
      signup.action,
      formRequest("/signup", { ...fields, password: "123456", confirmPassword: "123456" }),
    );
    expect(common.status).toBe(400);
    expect(formErrors(common)).toEqual({ password: [M.passwordTooCommon] });
    expect(JSON.stringify(common.body)).not.toContain("123456");
    const [created] = await db().select().from(users).where(eq(users.username, username));
    expect(created).toBeUndefined();
  });

  it("checks that the passwords match once the rest is valid", async () => {
    const outcome = await call(
      signup.action,
      formRequest("/signup", {
        username: "maya",
        email: "maya@example.com",
        password: "secret12",
        confirmPassword: "secret21",
      }),
    );
    expect(formErrors(outcome)).toEqual({ confirmPassword: [M.passwordsDoNotMatch] });
  });

  it("creates the account, and never sends the password back", async () => {
    const username = unique("new");
    const outcome = await call(
      signup.action,
      formRequest("/signup", {
        username,
        email: `${username}@example.com`,
        password: "secret12",
        confirmPassword: "secret12",
      }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ signedUp: true });
    expect(JSON.stringify(outcome.body)).not.toContain("secret12");
  });

  it("signs the new client in, and the success screen leads to /dashboard2 or the safe page that sent them", async () => {
    const fields = (username: string) => ({
      username,
      email: `${username}@example.com`,
      password: "secret12",
      confirmPassword: "secret12",
    });
    const outcome = await call(signup.action, formRequest("/signup", fields(unique("fresh"))));
    expect(outcome.body).toMatchObject({ signedUp: true, next: "/dashboard2" });
    const cookie = cookieFrom(outcome);
    expect(cookie).toMatch(/^ascendra_session=/);
    expect((await call(dashboard.loader, getRequest("/dashboard2", { cookie }))).status).toBe(200);

    const back = await call(
      signup.action,
      formRequest("/signup?redirectTo=%2Fdashboard2%2Fbilling%2Ftokens", {
        ...fields(unique("back")),
        redirectTo: "/dashboard2/billing/tokens",
      }),
    );
    expect(back.body).toMatchObject({ signedUp: true, next: "/dashboard2/billing/tokens" });
    const away = await call(
      signup.action,
      formRequest("/signup", { ...fields(unique("away")), redirectTo: "/.//evil.example" }),
    );
    expect(away.body).toMatchObject({ signedUp: true, next: "/dashboard2" });
    // With JavaScript, the page does not reload its loader (which sends signed-in visitors away) before the 3 seconds are up.
    expect(
      signup.shouldRevalidate({ actionResult: outcome.body, defaultShouldRevalidate: true } as never),
    ).toBe(false);
  });

  it("answers a taken username or email with a field error, whatever the case", async () => {
    const existing = await newAccount();
    const taken = await call(
      signup.action,
      formRequest("/signup", {
        username: existing.username.toUpperCase(),
        email: "fresh@example.com",
        password: "secret12",
        confirmPassword: "secret12",
      }),
    );
    expect(taken.status).toBe(409);
    expect(formErrors(taken)).toEqual({ username: [M.usernameTaken] });

    const emailTaken = await call(
      signup.action,
      formRequest("/signup", {
        username: unique("other"),
        email: existing.email.toUpperCase(),
        password: "secret12",
        confirmPassword: "secret12",
      }),
    );
    expect(formErrors(emailTaken)).toEqual({ email: [M.emailTaken] });
  });

  it("limits signups per address", async () => {
    const ip = "198.51.100.7";
    let last;
    for (let i = 0; i <= RATE_LIMITS.signup.limit; i++) {
      const username = unique("burst");
      last = await call(
        signup.action,
        formRequest(
          "/signup",
          { username, email: `${username}@example.com`, password: "secret12", confirmPassword: "secret12" },
          { ip },
        ),
      );
    }
    expect(last!.status).toBe(429);
    expect((last!.body as { result: { error: Record<string, string[]> } }).result.error[""]?.[0]).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});

describe("login page", () => {
  it("shows the spec's messages for missing fields", async () => {
    expect(formErrors(await signIn({ username: " ", password: "" }))).toEqual({
      username: [M.usernameRequired],
      password: [M.passwordRequired],
    });
    expect(formErrors(await signIn({ username: "maya", password: "12345" }))).toEqual({
      password: [M.passwordTooShort],
    });
  });

  it("signs in with the username or the email and goes to /dashboard2", async () => {
    const user = await newAccount();
    for (const identifier of [user.username, user.email.toUpperCase()]) {
      const outcome = await signIn({ username: identifier, password: user.password });
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toBe("/dashboard2");
    }
  });

  it("takes staff to /admin, unless a safe redirectTo asked for another page", async () => {
    const username = unique("staff");
    const created = await createAccount({
      username,
      email: `${username}@example.com`,
      password: "secret12",
      role: "staff",
    });
    if (!created.ok) throw new Error(created.message);
    const plain = await signIn({ username, password: "secret12" });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/admin");
    const asked = await signIn({ username, password: "secret12", redirectTo: "/admin/projects" });
    expect(asked.headers.get("Location")).toBe("/admin/projects");
    const unsafe = await signIn({ username, password: "secret12", redirectTo: "//evil.example" });
    expect(unsafe.headers.get("Location")).toBe("/admin");
    // A signed-in staff member who opens /login goes to the back-office too.
    const again = await call(login.loader, getRequest("/login", { cookie: cookieFrom(plain) }));
    expect(again.headers.get("Location")).toBe("/admin");
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    const user = await newAccount();
    const unknown = await signIn({ username: "nobody-here", password: "secret12" });
    const wrong = await signIn({ username: user.username, password: "wrong-password" });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(formErrors(unknown)).toEqual({ "": [M.invalidCredentials] });
    expect(formErrors(wrong)).toEqual(formErrors(unknown));
  });

  it("takes about as long for an unknown user as for a wrong password", async () => {
    const user = await newAccount();
    const time = async (username: string) => {
      const started = performance.now();
      await signIn({ username, password: "wrong-password" }, { ip: `192.0.2.${counter++ % 250}` });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await time(`ghost-${i}`));
      wrong.push(await time(user.username));
    }
    // Without the dummy hash check an unknown user would answer many times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it("goes back to a safe redirectTo, never to another site", async () => {
    const user = await newAccount();
    const local = await signIn({
      username: user.username,
      password: user.password,
      redirectTo: "/dashboard2/settings",
    });
    expect(local.headers.get("Location")).toBe("/dashboard2/settings");
    const foreign = await signIn({
      username: user.username,
      password: user.password,
      redirectTo: "https://evil.example/x",
    });
    expect(foreign.headers.get("Location")).toBe("/dashboard2");
  });

  it("never follows a redirectTo that resolves to another host (POST /login?redirectTo=%2F.%2F%2Fevil.example)", async () => {
    const user = await newAccount();
    const target = "/.//evil.example";
    const fromQuery = await call(
      login.action,
      formRequest(`/login?redirectTo=${encodeURIComponent(target)}`, {
        username: user.username,
        password: user.password,
      }),
    );
    const fromField = await call(
      login.action,
      formRequest(`/login?redirectTo=${encodeURIComponent(target)}`, {
        username: user.username,
        password: user.password,
        redirectTo: target,
      }),
    );
    for (const outcome of [fromQuery, fromField]) {
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toBe("/dashboard2");
    }
  });

  it("sets a session cookie, long-lived only with remember me", async () => {
    const user = await newAccount();
    const plain = await signIn({ username: user.username, password: user.password });
    const cookie = plain.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^ascendra_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    const remembered = await signIn({ username: user.username, password: user.password, remember: "on" });
    expect(remembered.headers.get("Set-Cookie")).toContain(`Max-Age=${REMEMBER_ME_TTL_MS / 1000}`);
    const [row] = await db().select().from(sessions).where(eq(sessions.remember, true)).limit(1);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(REMEMBER_ME_TTL_MS - 60_000);
  });

  it("stores only a hash of the session id", async () => {
    const user = await newAccount();
    const cookie = cookieFrom(await signIn({ username: user.username, password: user.password }));
    const rows = await db()
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const sessionValue = decodeURIComponent(cookie.split("=")[1]!);
    expect(rows.length).toBe(1);
    expect(rows[0]!.idHash).not.toContain(sessionValue);
    expect(rows[0]!.idHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("rotates the session at login: the old one is deleted", async () => {
    const user = await newAccount();
    const first = cookieFrom(await signIn({ username: user.username, password: user.password }));
    // A signed-in user is sent away from /login, so sign in again as someone else on the same browser.
    const other = await newAccount();
    await db().delete(sessions).where(eq(sessions.userId, other.id));
    const stale = first.replace(/=.*/, "=" + encodeURIComponent(btoa(JSON.stringify("not-a-session"))));
    const second = await signIn({ username: other.username, password: other.password }, { cookie: stale });
    expect(cookieFrom(second)).not.toBe(first);

    await db().execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const rotated = await signIn({ username: user.username, password: user.password }, { cookie: first });
    expect(rotated.status).toBe(302);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(cookieFrom(rotated)).not.toBe(first);
  });

  it("limits failed logins per username and address, then answers 429", async () => {
    const user = await newAccount();
    const ip = "198.51.100.99";
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      expect((await signIn({ username: user.username, password: "wrong-password" }, { ip })).status).toBe(
        400,
      );
    }
    const blocked = await signIn({ username: user.username, password: user.password }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(formErrors(blocked)[""]?.[0]).toBe(M.tooManyAttempts(15));
    // Another address is not blocked.
    expect(
      (await signIn({ username: user.username, password: user.password }, { ip: "198.51.100.100" })).status,
    ).toBe(302);
  });

  it("locks an account after 10 failures in 15 minutes from any addresses, with the same answer for an unknown name", async () => {
    expect(RATE_LIMITS.loginAccount).toEqual({ limit: 10, windowMs: 15 * 60 * 1000 });
    const user = await newAccount();
    const ghost = unique("ghost");
    for (const name of [user.username, ghost]) {
      const outcomes = [];
      // 20 wrong passwords, each from its own address: rotating X-Forwarded-For does not help.
      for (let i = 0; i < 20; i++)
        outcomes.push(
          await signIn(
            { username: name, password: "wrong-password" },
            { ip: `198.18.${counter % 250}.${i + 1}` },
          ),
        );
      expect(outcomes.slice(0, RATE_LIMITS.loginAccount.limit).map((o) => o.status)).toEqual(
        Array(RATE_LIMITS.loginAccount.limit).fill(400),
      );
      for (const locked of outcomes.slice(RATE_LIMITS.loginAccount.limit)) {
        expect(locked.status).toBe(429);
        expect(formErrors(locked)).toEqual({ "": [M.tooManyAttempts(15)] });
      }
    }
    // The email is another name for the same account: locked too, even with the right password.
    const byEmail = await signIn({ username: user.email, password: user.password }, { ip: "198.18.251.1" });
    expect(byEmail.status).toBe(429);
    const stillLocked = await signIn(
      { username: user.username, password: user.password },
      { ip: "198.18.251.2" },
    );
    expect(stillLocked.status).toBe(429);
  });

  it("counts an account once, whichever of its names is typed: 10 failures in all, 5 from one address", async () => {
    const user = await newAccount();
    const names = [user.username, user.email, user.email.toUpperCase(), ` ${user.username.toUpperCase()} `];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const attempt = { username: names[i % names.length]!, password: "wrong-password" };
      statuses.push((await signIn(attempt, { ip: `198.18.252.${i + 1}` })).status);
    }
    expect(statuses).toEqual([
      ...Array(RATE_LIMITS.loginAccount.limit).fill(400),
      ...Array(20 - RATE_LIMITS.loginAccount.limit).fill(429),
    ]);

    const other = await newAccount();
    const ip = "198.51.100.130";
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      const name = i % 2 ? other.email : other.username;
      expect((await signIn({ username: name, password: "wrong-password" }, { ip })).status).toBe(400);
    }
    expect((await signIn({ username: other.email, password: other.password }, { ip })).status).toBe(429);
  });

  it("clears the count after a successful login", async () => {
    const user = await newAccount();
    const ip = "198.51.100.120";
    for (let i = 0; i < RATE_LIMITS.login.limit - 1; i++)
      await signIn({ username: user.username, password: "wrong-password" }, { ip });
    expect((await signIn({ username: user.username, password: user.password }, { ip })).status).toBe(302);
    for (let i = 0; i < RATE_LIMITS.login.limit - 1; i++) {
      expect((await signIn({ username: user.username, password: "wrong-password" }, { ip })).status).toBe(
        400,
      );
    }
  });
});

describe("redirects and logout", () => {
  it("sends anonymous visitors of the dashboard to /login with redirectTo", async () => {
    const outcome = await call(dashboard.loader, getRequest("/dashboard2/settings?x=1"));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard2%2Fsettings%3Fx%3D1");
  });

  it("sends signed-in users away from /login and /signup", async () => {
    const user = await newAccount();
    const cookie = cookieFrom(await signIn({ username: user.username, password: user.password }));
    for (const handler of [login.loader, signup.loader]) {
      const outcome = await call(handler, getRequest("/login", { cookie }));
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toBe("/dashboard2");
    }
  });

  it("logs out with a POST: the session row is gone and the cookie cleared", async () => {
    const user = await newAccount();
    const cookie = cookieFrom(await signIn({ username: user.username, password: user.password }));
    expect((await call(dashboard.loader, getRequest("/dashboard2", { cookie }))).status).toBe(200);

    const out = await call(logout.action, formRequest("/logout", {}, { cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/login");
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // The old cookie no longer works, even if a client kept it.
    expect((await call(dashboard.loader, getRequest("/dashboard2", { cookie }))).status).toBe(302);
  });

  it("does not log out on GET", async () => {
    const outcome = await call(logout.loader, getRequest("/logout"));
    expect(outcome.headers.get("Location")).toBe("/");
  });
});
