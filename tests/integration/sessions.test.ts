import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccount } from "~models/identity/accounts.server";
import { db } from "~models/platform/db.server";
import { sessions } from "~models/schema";
import {
  createSession,
  deleteExpiredSessions,
  deleteUserSessions,
  getSessionUser,
  REMEMBER_ME_TTL_MS,
  SESSION_TTL_MS,
} from "~models/identity/sessions.server";

async function account() {
  const username = `s${Math.random().toString(36).slice(2, 9)}`;
  const created = await createAccount({ username, email: `${username}@example.com`, password: "secret12" });
  if (!created.ok) throw new Error(created.message);
  return created.user;
}

describe("sessions", () => {
  it("last a day, or 30 days with remember me", () => {
    expect(SESSION_TTL_MS).toBe(24 * 60 * 60 * 1000);
    expect(REMEMBER_ME_TTL_MS).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it("find their user until they expire, and expired ones are cleaned up", async () => {
    const user = await account();
    const session = await createSession({ userId: user.id, remember: false });
    expect((await getSessionUser(session.id))?.id).toBe(user.id);
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);

    await db().execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect(await getSessionUser(session.id)).toBeNull();
    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("can be revoked everywhere, or everywhere but here", async () => {
    const user = await account();
    const here = await createSession({ userId: user.id, remember: false });
    await createSession({ userId: user.id, remember: true });
    await createSession({ userId: user.id, remember: false });
    expect(await deleteUserSessions(user.id, { except: here.id })).toBe(2);
    expect((await getSessionUser(here.id))?.id).toBe(user.id);
    expect(await deleteUserSessions(user.id)).toBe(1);
    expect(await getSessionUser(here.id)).toBeNull();
  });

  it("are unknown for a made-up id", async () => {
    expect(await getSessionUser("made-up")).toBeNull();
  });
});

describe("roles", () => {
  it("makes every new account a client; staff is set explicitly", async () => {
    expect((await account()).role).toBe("client");
    const username = `staff${Math.random().toString(36).slice(2, 8)}`;
    const staff = await createAccount({
      username,
      email: `${username}@example.com`,
      password: "secret12",
      role: "staff",
    });
    expect(staff.ok && staff.user.role).toBe("staff");
  });
});
