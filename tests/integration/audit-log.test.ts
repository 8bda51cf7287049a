import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditLog, recordAudit } from "~models/platform/audit.server";
import { db } from "~models/platform/db.server";
import { auditLog } from "~models/schema";
import * as auditPage from "~/routes/admin/audit";
import * as auditApi from "~/routes/api/admin/audit-log";
import { call, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

/** The database's own error (drizzle wraps it). */
const failure = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return String(cause?.message ?? (error as Error).message);
  }
  return null;
};

describe("audit log", () => {
  it("is append-only: the database rejects UPDATE and DELETE", async () => {
    await recordAudit({
      actor: { id: null, role: "system", label: "" },
      action: "email.retry",
      target: { type: "email", id: "x" },
      after: { n: 1 },
    });
    expect(await failure(() => db().update(auditLog).set({ reason: "rewritten" }))).toMatch(
      /audit_log is append-only: UPDATE is not allowed/,
    );
    expect(await failure(() => db().delete(auditLog))).toMatch(
      /audit_log is append-only: DELETE is not allowed/,
    );
    expect(await failure(() => db().execute(sql`delete from audit_log where true`))).toMatch(/append-only/);
    const rows = await db().select().from(auditLog);
    expect(rows).toMatchObject([{ reason: "", after: { n: 1 } }]);
  });

  it("records the actor's name even when only the id is given, and a token movement's shape", async () => {
    const client = await signedInClient();
    // How billing will record a client's spend: the client is the actor, the amount and balances in before/after.
    await recordAudit({
      actor: { id: client.id, role: "client" },
      action: "project.comment",
      target: { type: "user", id: client.id, label: client.email },
      before: { balance: 120 },
      after: { balance: 100, amount: -20, at: new Date("2026-01-02T03:04:05Z") },
      reason: "Checkout",
    });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.actorId, client.id));
    expect(row).toMatchObject({
      actorRole: "client",
      actorLabel: client.username,
      before: { balance: 120 },
      after: { balance: 100, amount: -20, at: "2026-01-02T03:04:05.000Z" },
      reason: "Checkout",
    });
  });

  it("filters by action, actor, target and day, newest first, on the page and in the API", async () => {
    const staff = await signedInClient("staff");
    const other = await signedInClient("staff");
    await recordAudit({
      actor: { id: staff.id, role: "staff" },
      action: "submission.reply",
      target: { type: "submission", id: "service_quote:1", label: "Quote from Maya" },
    });
    await recordAudit({
      actor: { id: other.id, role: "staff" },
      action: "client.revoke_sessions",
      target: { type: "user", id: "u1", label: "c@example.com" },
    });
    await recordAudit({
      actor: { id: staff.id, role: "staff" },
      action: "client.revoke_sessions",
      target: { type: "user", id: "u2", label: "d@example.com" },
    });

    expect((await listAuditLog({ action: "client.revoke_sessions" })).entries.map((e) => e.targetId)).toEqual(
      ["u2", "u1"],
    );
    expect((await listAuditLog({ actorId: staff.id })).entries.map((e) => e.targetId)).toEqual([
      "u2",
      "service_quote:1",
    ]);
    expect((await listAuditLog({ q: "maya" })).entries.map((e) => e.targetId)).toEqual(["service_quote:1"]);

    const page = await call(
      auditPage.loader,
      getRequest(`/admin/audit?actor=${other.id}&target_type=user`, { cookie: staff.cookie }),
    );
    expect((page.body as { entries: Array<{ targetId: string }> }).entries.map((e) => e.targetId)).toEqual([
      "u1",
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await call(
      auditPage.loader,
      getRequest(`/admin/audit?actor=${staff.id}&from=${today}&until=${today}`, { cookie: staff.cookie }),
    );
    expect((byDay.body as { page: { total: number } }).page.total).toBe(2);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await call(
      auditPage.loader,
      getRequest(`/admin/audit?from=${tomorrow}`, { cookie: staff.cookie }),
    );
    expect((none.body as { page: { total: number } }).page.total).toBe(0);
    // Nonsense in the URL is ignored, not an error.
    // (Rows from the tests above stay: the log cannot be emptied.)
    const everything = (await listAuditLog({})).page.total;
    const junk = await call(
      auditPage.loader,
      getRequest("/admin/audit?action=drop+table&actor=1&from=yesterday&page=-3", { cookie: staff.cookie }),
    );
    expect((junk.body as { page: { total: number; page: number } }).page).toMatchObject({
      total: everything,
      page: 1,
    });

    const api = await call(
      auditApi.loader,
      getRequest("/api/admin/audit-log/?action=submission.reply", {
        headers: { Authorization: `Token ${staff.token}` },
      }),
    );
    expect(api.body).toMatchObject({
      count: 1,
      results: [
        {
          action: "submission.reply",
          actor: { id: staff.id, label: staff.username },
          target: { type: "submission", id: "service_quote:1" },
        },
      ],
    });
  });
});
