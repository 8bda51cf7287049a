import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { updateProfile } from "~models/views/profile.server";
import { db } from "~models/platform/db.server";
import { auditLog } from "~models/schema";
import * as clientPage from "~/routes/admin/client";
import * as clientsPage from "~/routes/admin/clients";
import * as apiProfile from "~/routes/api/profile";
import * as dashboard from "~/routes/dashboard/index";
import { call, formRequest, getRequest } from "./helpers";
import { projectOf, signedInClient } from "./project-helpers";

describe("clients", () => {
  it("lists clients (not staff), newest first, and searches names, emails and companies", async () => {
    const staff = await signedInClient("staff");
    const older = await signedInClient();
    const newer = await signedInClient();
    await updateProfile(older.id, { company_name: "Chai Point Studios" });
    await projectOf(older);
    const all = await call(clientsPage.loader, getRequest("/admin/clients", { cookie: staff.cookie }));
    const body = all.body as {
      clients: Array<{
        id: string;
        projectCount: number;
        activeSessions: number;
        companyName: string | null;
      }>;
    };
    expect(body.clients.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect(body.clients[1]).toMatchObject({
      projectCount: 1,
      activeSessions: 1,
      companyName: "Chai Point Studios",
    });
    const found = await call(
      clientsPage.loader,
      getRequest("/admin/clients?q=chai point", { cookie: staff.cookie }),
    );
    expect((found.body as typeof body).clients.map((c) => c.id)).toEqual([older.id]);
    // Staff are not clients.
    expect(
      (
        await call(clientPage.loader, getRequest(`/admin/clients/${staff.id}`, { cookie: staff.cookie }), {
          id: staff.id,
        })
      ).status,
    ).toBe(404);
  });

  it("shows a client's projects, sessions and API keys", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client);
    const page = await call(
      clientPage.loader,
      getRequest(`/admin/clients/${client.id}`, { cookie: staff.cookie }),
      { id: client.id },
    );
    expect(page.status).toBe(200);
    const body = page.body as {
      projects: Array<{ id: string }>;
      sessions: unknown[];
      apiTokens: Array<{ revokedAt: Date | null }>;
    };
    expect(body.projects.map((p) => p.id)).toEqual([project.id]);
    expect(body.sessions).toHaveLength(1);
    expect(body.apiTokens).toMatchObject([{ revokedAt: null }]);
  });

  it("signs a client out everywhere: their cookie stops working; audited with the count", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    expect((await call(dashboard.loader, getRequest("/dashboard2", { cookie: client.cookie }))).status).toBe(
      200,
    );
    const outcome = await call(
      clientPage.action,
      formRequest(`/admin/clients/${client.id}`, { intent: "revoke-sessions" }, { cookie: staff.cookie }),
      { id: client.id },
    );
    expect(outcome.body).toMatchObject({ message: "Signed out of 1 session.", tone: "success" });
    const after = await call(dashboard.loader, getRequest("/dashboard2", { cookie: client.cookie }));
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/login/);
    // The API key still works: it is revoked separately.
    expect(
      (
        await call(
          apiProfile.loader,
          getRequest("/api/profile/", { headers: { Authorization: `Token ${client.token}` } }),
        )
      ).status,
    ).toBe(200);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "client.revoke_sessions"));
    expect(entry).toMatchObject({
      actorId: staff.id,
      targetType: "user",
      targetId: client.id,
      targetLabel: client.email,
      before: { active_sessions: 1 },
      after: { active_sessions: 0 },
    });
  });

  it("revokes a client's API keys: API calls answer 401; audited", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const outcome = await call(
      clientPage.action,
      formRequest(`/admin/clients/${client.id}`, { intent: "revoke-api-tokens" }, { cookie: staff.cookie }),
      { id: client.id },
    );
    expect(outcome.body).toMatchObject({ message: "1 API key revoked." });
    expect(
      (
        await call(
          apiProfile.loader,
          getRequest("/api/profile/", { headers: { Authorization: `Token ${client.token}` } }),
        )
      ).status,
    ).toBe(401);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "client.revoke_api_tokens"));
    expect(entry).toMatchObject({
      targetId: client.id,
      before: { active_api_keys: 1 },
      after: { active_api_keys: 0 },
    });
  });
});
