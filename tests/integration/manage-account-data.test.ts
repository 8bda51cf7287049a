import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MANAGE_ACCOUNT_MESSAGES } from "~models/identity/manage-account-forms";
import { PROJECT_RATING_MESSAGES } from "~models/projects/account-projects";
import { anonymisedIdentity } from "~models/views/account-data.server";
import { createAccount, verifyLogin } from "~models/identity/accounts.server";
import { getApiTokenUser } from "~models/identity/api-tokens.server";
import { meetings } from "~models/schema/calendar";
import { db } from "~models/platform/db.server";
import { requestPasswordReset } from "~models/identity/password-reset.server";
import { addComment, addProjectFile } from "~models/projects/project-conversation.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import {
  emailOutbox,
  notifications,
  projectComments,
  projectFiles,
  projectRatings,
  projects,
  projectStatusHistory,
  sessions,
  supportTickets,
  users,
} from "~models/schema";
import * as billing from "~/routes/account/billing";
import * as dashboard from "~/routes/dashboard/activity";
import * as exportRoute from "~/routes/account/export";
import * as profile from "~/routes/account/profile";
import * as projectsTab from "~/routes/account/projects";
import * as receipt from "~/routes/account/receipt";
import * as apiProjects from "~/routes/api/projects";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import {
  pdfFile,
  projectOf,
  signedInClient,
  tokenHeader,
  withTemporaryDataDir,
  type Client,
} from "./project-helpers";

withTemporaryDataDir();

/** A project the agency has finished (accepted, then completed by staff). */
async function finishedProject(client: Client, staff: Client, title: string) {
  const project = await projectOf(client, { title });
  await transitionProject(project.id, staff, "accept");
  await transitionProject(project.id, staff, "complete");
  return project;
}

const rate = (client: Client, fields: Record<string, string>) =>
  call(projectsTab.action, formRequest("/dashboard2/projects", fields, { cookie: client.cookie }));

describe("manage account: projects, ratings and the dashboard", () => {
  it("gives each card its file count, the file itself only when it is the one, and its completion date", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const none = await projectOf(client, { title: "No files" });
    const one = await projectOf(client, { title: "One file" });
    const many = await finishedProject(client, staff, "Many files");
    const file = (projectId: string, name: string, size: number) => ({
      projectId,
      uploadedBy: client.id,
      name,
      size,
      contentType: "application/pdf",
      storageKey: `test/${projectId}/${name}`,
    });
    await db()
      .insert(projectFiles)
      .values([
        file(one.id, "brief.pdf", 2048),
        ...Array.from({ length: 5 }, (_, i) => file(many.id, `draft-${i}.pdf`, 1000)),
      ]);
    // The latest move to a finishing status dates the completion, not an earlier one.
    await db()
      .insert(projectStatusHistory)
      .values([
        {
          projectId: many.id,
          fromStatus: "in_progress",
          toStatus: "published",
          step: 5,
          action: "transition",
          createdAt: new Date("2020-01-01T00:00:00Z"),
        },
        {
          projectId: many.id,
          fromStatus: "published",
          toStatus: "completed",
          step: 5,
          action: "transition",
          createdAt: new Date("2030-01-01T00:00:00Z"),
        },
      ]);
    type Card = {
      name: string;
      files: { count: number; only: { id: string; name: string; size: number } | null };
      completedAt: string | Date | null;
    };
    const { projects: cards } = (
      await call(projectsTab.loader, getRequest("/dashboard2/projects", { cookie: client.cookie }))
    ).body as { projects: Card[] };
    const byName = new Map(cards.map((c) => [c.name, c]));
    expect(byName.get(none.title)!.files).toEqual({ count: 0, only: null });
    expect(byName.get(one.title)!.files).toMatchObject({ count: 1, only: { name: "brief.pdf", size: 2048 } });
    expect(byName.get(many.title)!.files).toEqual({ count: 5, only: null });
    expect(new Date(byName.get(many.title)!.completedAt!).toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(byName.get(one.title)!.completedAt).toBeNull();
  });

  it("filters the client's own projects, summarises them and rates finished ones", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const other = await signedInClient();
    const done = await finishedProject(client, staff, "Done deal");
    const working = await projectOf(client, { title: "Working" });
    await transitionProject(working.id, staff, "accept");
    await projectOf(client, { title: "Waiting" });
    const theirs = await finishedProject(other, staff, "Not yours");

    const list = async (status: string) =>
      (
        await call(
          projectsTab.loader,
          getRequest(`/dashboard2/projects?status=${status}`, { cookie: client.cookie }),
        )
      ).body as {
        projects: { name: string; canRate: boolean }[];
        summary: { total: number; completed: number; inProgress: number; averageProgress: number };
      };
    expect((await list("all")).projects.map((p) => p.name)).toEqual(["Waiting", "Working", "Done deal"]);
    expect((await list("completed")).projects.map((p) => [p.name, p.canRate])).toEqual([["Done deal", true]]);
    expect((await list("in-progress")).projects.map((p) => p.name)).toEqual(["Working"]);
    expect((await list("under-review")).projects.map((p) => p.name)).toEqual(["Waiting"]);
    expect((await list("nonsense")).projects).toHaveLength(3);
    // Progress: completed 100, in progress 60, a fresh submission 0 (nothing started, decision 0057) → 53.
    expect((await list("all")).summary).toEqual({
      total: 3,
      completed: 1,
      inProgress: 1,
      underReview: 1,
      averageProgress: 53,
    });

    expect(formErrors(await rate(client, { projectId: done.id }))).toEqual({
      rating: [PROJECT_RATING_MESSAGES.ratingRequired],
    });
    expect((await rate(client, { projectId: working.id, rating: "5" })).status).toBe(409);
    expect((await rate(client, { projectId: theirs.id, rating: "1" })).status).toBe(404);
    expect((await rate(client, { projectId: done.id, rating: "4", comment: "Lovely work" })).status).toBe(
      200,
    );
    const second = await finishedProject(client, staff, "Second");
    await rate(client, { projectId: second.id, rating: "5" });
    expect(
      await db().select().from(projectRatings).where(eq(projectRatings.projectId, theirs.id)),
    ).toHaveLength(0);

    const home = (await call(dashboard.loader, getRequest("/dashboard2/activity", { cookie: client.cookie })))
      .body as {
      stats: {
        activeProjects: number;
        completedProjects: number;
        satisfaction: { average: number; count: number };
        totalSpent: { tokens: number };
      };
      activity: { title: string }[];
      contactTeamHref: string;
    };
    expect(home.stats).toMatchObject({
      activeProjects: 2,
      completedProjects: 2,
      satisfaction: { average: 4.5, count: 2 },
      totalSpent: { tokens: 0, money: [] },
    });
    expect(home.activity[0]!.title).toBe("Project rated");
    expect(home.activity.map((a) => a.title)).toContain("Project status updated");
    expect(home.contactTeamHref).toMatch(/^\/project\/[0-9a-f-]{36}#conversation$/);
  });

  it("billing shows the free plan and the storage the client's uploads take; no receipts yet", async () => {
    const client = await signedInClient();
    const project = await projectOf(client);
    await addProjectFile(project.id, client, pdfFile("one.pdf", 3000));
    await addProjectFile(project.id, client, pdfFile("two.pdf", 2000));
    const page = (await call(billing.loader, getRequest("/manageaccount/billing", { cookie: client.cookie })))
      .body as Record<string, unknown>;
    expect(page).toMatchObject({
      plan: { slug: "free", name: "Free" },
      storage: { usedBytes: 5000, quotaBytes: 1024 * 1024 * 1024 },
      receipts: [],
      methods: [],
    });
    const missing = await call(
      receipt.loader,
      getRequest("/manageaccount/receipts/r1", { cookie: client.cookie }),
      { id: "r1" },
    );
    expect(missing.status).toBe(404);
  });
});

describe("manage account: data export", () => {
  it("is the client's own data, and nothing of another client or any secret", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const staff = await signedInClient("staff");
    const mine = await projectOf(client, { title: "My rebrand" });
    await addComment(mine.id, client, "Please use teal");
    await addComment(mine.id, staff, "Noted, teal it is");
    await addProjectFile(mine.id, client, pdfFile("brief.pdf"));
    await db().insert(supportTickets).values({
      userId: client.id,
      email: client.email,
      subject: "Invoice",
      type: "Billing",
      description: "Where is it?",
    });
    const theirs = await projectOf(other, { title: "Their secret launch" });
    await addComment(theirs.id, other, "Top secret");
    await db().insert(supportTickets).values({
      userId: other.id,
      email: other.email,
      subject: "Other ticket",
      type: "Support",
      description: "Not yours",
    });

    const response = await call(
      exportRoute.action,
      formRequest("/manageaccount/export", {}, { cookie: client.cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="ascendra-data-${client.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = response.body as Record<string, unknown> & {
      account: { email: string };
      projects: {
        title: string;
        conversation: { author: string; text: string }[];
        files: { name: string }[];
      }[];
    };
    expect(data.account.email).toBe(client.email);
    expect(data.projects.map((p) => p.title)).toEqual(["My rebrand"]);
    expect(data.projects[0]!.conversation.map((c) => [c.author, c.text])).toEqual([
      ["You", "Please use teal"],
      ["Project Manager", "Noted, teal it is"],
    ]);
    expect(data.projects[0]!.files.map((f) => f.name)).toEqual(["brief.pdf"]);
    expect(
      (data.form_submissions as Record<string, { subject: string }[]>).support_tickets!.map((t) => t.subject),
    ).toEqual(["Invoice"]);
    expect(Object.keys(data.billing as object).sort()).toEqual([
      "gift_cards",
      "payment_methods",
      "purchases",
      "receipts",
      "subscriptions",
      "token_ledger",
    ]);

    const text = JSON.stringify(data);
    for (const foreign of [other.email, other.username, "Their secret launch", "Top secret", "Other ticket"])
      expect(text).not.toContain(foreign);
    const [account] = await db().select().from(users).where(eq(users.id, client.id));
    expect(text).not.toContain(account!.passwordHash);
    expect(text).not.toMatch(/hash|storage_key/i);

    expect(
      (await call(exportRoute.action, formRequest("/manageaccount/export", {}))).headers.get("Location"),
    ).toMatch(/^\/login/);
  });
});

describe("manage account: deleting the account", () => {
  const remove = (client: Client, password: string) =>
    call(
      profile.action,
      formRequest("/dashboard2/settings", { intent: "delete", password }, { cookie: client.cookie }),
    );

  it("needs the password", async () => {
    const client = await signedInClient();
    expect(formErrors(await remove(client, ""))).toEqual({
      password: [MANAGE_ACCOUNT_MESSAGES.deletePasswordRequired],
    });
    expect(formErrors(await remove(client, "wrong-one"))).toEqual({
      password: [MANAGE_ACCOUNT_MESSAGES.currentPasswordWrong],
    });
    expect((await db().select().from(users).where(eq(users.id, client.id)))[0]!.deletedAt).toBeNull();
  });

  it("anonymises the person, keeps the rows others point to, and leaves no way to sign in", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    await call(
      profile.action,
      formRequest(
        "/dashboard2/settings",
        {
          intent: "profile",
          fullName: "Asha Rao",
          phone: "+919820012345",
          company: "Rao Studio",
          address: "Mumbai",
        },
        { cookie: client.cookie },
      ),
    );
    const project = await projectOf(client, { title: "Kept project" });
    await addComment(project.id, client, "Thanks!");
    await db().insert(supportTickets).values({
      userId: client.id,
      email: client.email,
      subject: "Help",
      type: "Support",
      description: "Please",
    });

    // A visit the client asked for through the public form, and an online meet from a project.
    const meeting = (sourceType: string, attendeeName: string) => ({
      uid: `${sourceType}-${client.id}@test`,
      sourceType,
      sourceId: crypto.randomUUID(),
      userId: client.id,
      attendeeName,
      attendeeEmail: client.email,
      title: sourceType,
      startsAt: new Date(Date.now() + 86_400_000),
      durationMinutes: 30,
      timeZone: "Asia/Kolkata",
    });
    await db()
      .insert(meetings)
      .values([meeting("office_visit", "Asha from the form"), meeting("online_meet", "Asha Rao")]);

    const outcome = await remove(client, "secret12");
    expect(outcome.headers.get("Location")).toBe("/account-deleted");
    expect(outcome.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    const [row] = await db().select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ ...anonymisedIdentity(client.id), firstName: "", lastName: "" });
    expect(row!.deletedAt).not.toBeNull();
    const text = JSON.stringify(await db().select().from(users).where(eq(users.id, client.id)));
    for (const personal of [client.email, client.username, "Asha", "Rao Studio", "9820012345"])
      expect(text).not.toContain(personal);

    // No way back in: password, username, email, cookie, API key, reset link.
    expect(await verifyLogin(client.username, "secret12")).toBeNull();
    expect(await verifyLogin(client.email, "secret12")).toBeNull();
    expect(await verifyLogin(anonymisedIdentity(client.id).username, "secret12")).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, client.id))).toHaveLength(0);
    expect(
      (await call(dashboard.loader, getRequest("/dashboard2/activity", { cookie: client.cookie }))).status,
    ).toBe(302);
    expect(await getApiTokenUser(client.token)).toBeNull();
    expect(
      (await call(apiProjects.loader, getRequest("/api/projects/", { headers: tokenHeader(client) }))).status,
    ).toBe(401);
    const before = (await db().select().from(emailOutbox)).length;
    await requestPasswordReset(client.email, { baseUrl: "http://127.0.0.1", siteName: "Ascendra" });
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "password_reset"))).length).toBe(
      0,
    );
    expect((await db().select().from(emailOutbox)).length).toBe(before);

    // Kept: the project and its conversation (the agency's record), detached form submissions.
    expect(await db().select().from(projects).where(eq(projects.id, project.id))).toHaveLength(1);
    expect(
      await db().select().from(projectComments).where(eq(projectComments.projectId, project.id)),
    ).toHaveLength(1);
    expect(
      (await db().select().from(supportTickets).where(eq(supportTickets.subject, "Help")))[0]!.userId,
    ).toBeNull();
    // Meetings leave the account; the visit keeps what was typed into its form, the online meet
    // (whose attendee was the account) is anonymised.
    const kept = await db()
      .select()
      .from(meetings)
      .where(sql`${meetings.uid} like ${`%-${client.id}@test`}`)
      .orderBy(meetings.sourceType);
    expect(kept.map((m) => [m.sourceType, m.userId, m.attendeeName, m.attendeeEmail])).toEqual([
      ["office_visit", null, "Asha from the form", client.email],
      ["online_meet", null, "Deleted client", anonymisedIdentity(client.id).email],
    ]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.id))).toHaveLength(
      0,
    );
    const staffNotes = await db().select().from(notifications).where(eq(notifications.userId, staff.id));
    expect(staffNotes.map((n) => n.title)).toContain("A client deleted their account");
    // A goodbye to the old address.
    expect(
      (
        await db()
          .select()
          .from(emailOutbox)
          .where(sql`${emailOutbox.to} = ${client.email}`)
      ).map((e) => e.subject),
    ).toContain("Your Ascendra account was deleted");

    // The address is free again.
    expect(
      (
        await createAccount({
          username: `again${Date.now().toString(36)}`,
          email: client.email,
          password: "secret12",
        })
      ).ok,
    ).toBe(true);
  });
});
