import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db, getDatabaseHandle, setDatabase } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";
import { setNotificationPreferences } from "~models/platform/notifications.server";
import { PROJECT_MESSAGES } from "~models/projects/projects";
import { transitionProject } from "~models/views/revision-rounds.server";
import { emailOutbox, notifications, projectRequests, projects } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as apiMarkAll from "~/routes/api/notifications-mark-all-read";
import * as apiMarkRead from "~/routes/api/notification-mark-read";
import * as apiNotifications from "~/routes/api/notifications";
import * as apiProjects from "~/routes/api/projects";
import * as apiStats from "~/routes/api/dashboard-stats";
import * as dashboardHome from "~/routes/dashboard/index";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as notificationsPage from "~/routes/dashboard/notifications";
import * as projectsTab from "~/routes/account/projects";
import * as order from "~/routes/projects/order";
import * as profileHome from "~/routes/profile/index";
import * as moved from "~/routes/dashboard/moved";
import { give } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest, jsonRequest } from "./helpers";
import { projectOf, signedInClient, tokenHeader, validProject, type Client } from "./project-helpers";

type NotificationJson = {
  id: string;
  type: string;
  title: string;
  message: string;
  is_read: boolean;
  created_at: string;
};
const apiList = async (client: Client) =>
  (await call(apiNotifications.loader, getRequest("/api/notifications/", { headers: tokenHeader(client) })))
    .body as NotificationJson[];

describe("dashboard", () => {
  it("sends anonymous visitors of every tab to /login", async () => {
    for (const path of ["/dashboard2", "/dashboard2/projects", "/dashboard2/notifications"]) {
      const outcome = await call(dashboardLayout.loader, getRequest(path));
      expect(outcome.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("shows real stats, the 3 most recent projects, an honest 0% token bar and three seeded recommendations", async () => {
    await runSeed();
    const client = await signedInClient();
    const other = await signedInClient();
    for (const title of ["One", "Two", "Three", "Four"]) await projectOf(client, { title });
    const cancelled = await projectOf(client, { title: "Five" });
    await db().update(projects).set({ status: "draft" }).where(eq(projects.id, cancelled.id));
    await transitionProject(cancelled.id, client, "cancel");
    await projectOf(other, { title: "Not yours" });

    const outcome = await call(dashboardHome.loader, getRequest("/dashboard2", { cookie: client.cookie }));
    const body = outcome.body as {
      stats: object;
      recent: { title: string }[];
      tokens: { percent: number; granted: number };
      recommendations: { title: string }[];
    };
    expect(body.stats).toEqual({ active_projects: 4, tokens_left: 0 });
    // Needs you now: the five submissions and the cancellation are unread; the cart is empty.
    const waiting = (outcome.body as { waiting: { key: string; text: string }[] }).waiting;
    expect(waiting.find((item) => item.key === "unread-notifications")?.text).toBe("6 unread notifications");
    expect(waiting.find((item) => item.key === "cart-waiting")).toBeUndefined();
    expect(body.recent.map((p) => p.title)).toEqual(["Five", "Four", "Three"]);
    expect(body.tokens).toMatchObject({ percent: 0, granted: 0 });
    expect(body.recommendations.map((r) => r.title)).toEqual([
      "Put your logo in motion",
      "Plan a month of social posts",
      "Start with a brand strategy session",
    ]);

    const api = await call(
      apiStats.loader,
      getRequest("/api/dashboard/stats/", { headers: tokenHeader(client) }),
    );
    expect(api.body).toEqual({ active_projects: 4, tokens_left: 0 });
    expect((await call(apiStats.loader, getRequest("/api/dashboard/stats/"))).status).toBe(401);

    const tab = await call(projectsTab.loader, getRequest("/dashboard2/projects", { cookie: client.cookie }));
    expect((tab.body as { projects: { name: string }[] }).projects.map((p) => p.name)).toEqual([
      "Five",
      "Four",
      "Three",
      "Two",
      "One",
    ]);
  });

  it("reads the account summary once per request: the layout's balance and the tab's come from one read", async () => {
    const client = await signedInClient();
    await give(client, 40);
    const original = getDatabaseHandle()!;
    const balanceReads: string[] = [];
    setDatabase(
      withStatementLog(original, (query) => {
        if (query.includes("token_lots")) balanceReads.push(query);
      }),
    );
    try {
      const request = getRequest("/dashboard2", { cookie: client.cookie });
      const [layout, home] = await Promise.all([
        call(dashboardLayout.loader, request),
        call(dashboardHome.loader, request),
      ]);
      expect((layout.body as { tokens: number }).tokens).toBe(40);
      expect((home.body as { stats: { tokens_left: number } }).stats.tokens_left).toBe(40);
      expect(balanceReads).toHaveLength(1);
      // Another request reads its own.
      await call(dashboardLayout.loader, getRequest("/dashboard2", { cookie: client.cookie }));
      expect(balanceReads).toHaveLength(2);
    } finally {
      setDatabase(original);
    }
  });

  it("answers a failure with the spec's default messages, never a stack", async () => {
    const client = await signedInClient();
    // The projects table goes missing for a moment: authentication still works, the queries fail.
    await db().execute(sql`alter table projects rename to projects_gone`);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const stats = await call(
        apiStats.loader,
        getRequest("/api/dashboard/stats/", { headers: tokenHeader(client) }),
      );
      expect(stats).toMatchObject({ status: 500, body: { error: "Failed to fetch dashboard stats" } });
      const list = await call(
        apiProjects.loader,
        getRequest("/api/projects/", { headers: tokenHeader(client) }),
      );
      expect(list).toMatchObject({ status: 500, body: { error: "Failed to fetch projects" } });
      const create = await call(
        apiProjects.action,
        jsonRequest("/api/projects/", "POST", { ...validProject }, { headers: tokenHeader(client) }),
      );
      expect(create).toMatchObject({ status: 500, body: { error: "Failed to create project" } });
      // The page's loader throws, and the route's error boundary shows the Reload screen.
      await expect(
        dashboardHome.loader({
          request: getRequest("/dashboard2", { cookie: client.cookie }),
          params: {},
        } as never),
      ).rejects.toThrow();
    } finally {
      quiet.mockRestore();
      await db().execute(sql`alter table projects_gone rename to projects`);
    }
  });
});

describe("notifications", () => {
  it("are written on submission and every status change, with email only when the client wants it", async () => {
    const client = await signedInClient();
    const project = await projectOf(client);
    await transitionProject(project.id, client, "request_revision", "Bigger logo");
    const list = await apiList(client);
    expect(list.map((n) => [n.type, n.title, n.message])).toEqual([
      ["warning", "Project status updated", "“Café rebrand” is now Revision Requested."],
      ["info", "Project submitted", "“Café rebrand” has been submitted and is now under review."],
    ]);
    expect(list.every((n) => n.is_read === false)).toBe(true);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    expect(mail.map((m) => m.subject)).toEqual([
      "Project submitted: Café rebrand",
      "Café rebrand: Revision Requested",
    ]);

    await setNotificationPreferences(client.id, { projectUpdates: false });
    const second = await projectOf(client, { title: "Quiet" });
    await transitionProject(second.id, client, "cancel");
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email))).toHaveLength(2);
    expect((await apiList(client)).map((n) => n.title)).toContain("Project status updated");
  });

  it("tells the client when staff reply, and staff when a client acts", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(client);
    expect((await apiList(staff)).map((n) => n.title)).toEqual(["New project submitted"]);
    const { addComment } = await import("~models/projects/project-conversation.server");
    await addComment(project.id, staff, "Kick-off call on Monday?");
    expect((await apiList(client))[0]).toMatchObject({
      title: "New message from your project manager",
      message: "On “Café rebrand”: Kick-off call on Monday?",
    });
  });

  it("marks one read, all read, and dismisses — only the caller's own", async () => {
    const a = await signedInClient();
    const b = await signedInClient();
    await projectOf(a, { title: "A1" });
    await projectOf(a, { title: "A2" });
    await projectOf(b, { title: "B1" });
    const [first, second] = await apiList(a);
    const [theirs] = await apiList(b);

    const stolen = await call(
      apiMarkRead.action,
      new Request(`http://127.0.0.1:3000/api/notifications/${theirs!.id}/mark-read/`, {
        method: "POST",
        headers: tokenHeader(a),
      }),
      { id: theirs!.id },
    );
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ error: "Notification not found" });
    expect((await apiList(b))[0]!.is_read).toBe(false);

    const read = await call(
      apiMarkRead.action,
      new Request(`http://127.0.0.1:3000/api/notifications/${first!.id}/mark-read/`, {
        method: "POST",
        headers: tokenHeader(a),
      }),
      { id: first!.id },
    );
    expect(read.body).toMatchObject({ id: first!.id, is_read: true });
    expect((await apiList(a)).map((n) => n.is_read)).toEqual([true, false]);

    const all = await call(
      apiMarkAll.action,
      new Request("http://127.0.0.1:3000/api/notifications/mark-all-read/", {
        method: "POST",
        headers: tokenHeader(a),
      }),
    );
    expect(all.body).toEqual({ marked: 1 });
    expect((await apiList(a)).every((n) => n.is_read)).toBe(true);
    expect((await apiList(b))[0]!.is_read).toBe(false);
    expect(
      (
        await call(
          apiMarkAll.loader,
          getRequest("/api/notifications/mark-all-read/", { headers: tokenHeader(a) }),
        )
      ).status,
    ).toBe(405);

    // Pages: open marks read and follows the link; dismiss hides it for good.
    const opened = await call(
      notificationsPage.action,
      formRequest(
        "/dashboard2/notifications",
        { intent: "open", id: second!.id, redirectTo: "/dashboard2" },
        { cookie: a.cookie },
      ),
    );
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toMatch(/^\/project\/[0-9a-f-]{36}$/);
    const dismissed = await call(
      notificationsPage.action,
      formRequest(
        "/dashboard2/notifications",
        { intent: "dismiss", id: second!.id, redirectTo: "/dashboard2" },
        { cookie: a.cookie },
      ),
    );
    expect(dismissed.headers.get("Location")).toBe("/dashboard2");
    expect((await apiList(a)).map((n) => n.id)).toEqual([first!.id]);
    const [row] = await db().select().from(notifications).where(eq(notifications.id, second!.id));
    expect(row!.dismissedAt).not.toBeNull();
    const foreign = await call(
      notificationsPage.action,
      formRequest("/dashboard2/notifications", { intent: "dismiss", id: theirs!.id }, { cookie: a.cookie }),
    );
    expect(foreign.status).toBe(404);
    const offsite = await call(
      notificationsPage.action,
      formRequest(
        "/dashboard2/notifications",
        { intent: "read-all", redirectTo: "https://evil.example" },
        { cookie: b.cookie },
      ),
    );
    expect(offsite.headers.get("Location")).toBe("/dashboard2/notifications");

    const layout = await call(dashboardLayout.loader, getRequest("/dashboard2", { cookie: b.cookie }));
    expect(layout.body).toMatchObject({ unread: 0, tokens: 0 });
  });
});

describe("/order", () => {
  it("lists the client's real projects, searchable by name, id and client name, filterable by status", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const logo = await projectOf(client, { title: "Logo refresh", timeline: "1_week" });
    const site = await projectOf(client, { title: "Website launch", category: "website" });
    const staff = await signedInClient("staff");
    await transitionProject(site.id, staff, "accept");
    await transitionProject(site.id, staff, "complete");
    await projectOf(other, { title: "Logo for someone else" });

    const load = async (query: string) =>
      (await call(order.loader, getRequest(`/order${query}`, { cookie: client.cookie }))).body as {
        projects: {
          projectName: string;
          trackedStatus: string;
          started: boolean;
          progress: number;
          clientName: string;
        }[];
        total: number;
      };
    const all = await load("");
    expect(all.total).toBe(2);
    // No priority on a client page, and no progress before the studio accepted the brief (decision 0057).
    expect(all.projects.map((p) => [p.projectName, p.trackedStatus, p.started, p.progress])).toEqual([
      ["Website launch", "completed", true, 100],
      ["Logo refresh", "submitted", false, 0],
    ]);
    expect(all.projects.every((p) => !("priority" in p))).toBe(true);
    expect((await load("?q=LOGO")).projects.map((p) => p.projectName)).toEqual(["Logo refresh"]);
    expect(
      (await load(`?q=${logo.id.slice(0, 8).toUpperCase()}`)).projects.map((p) => p.projectName),
    ).toEqual(["Logo refresh"]);
    expect((await load(`?q=${client.username.toUpperCase()}`)).projects).toHaveLength(2);
    expect((await load("?status=completed")).projects.map((p) => p.projectName)).toEqual(["Website launch"]);
    expect((await load("?q=logo&status=completed")).projects).toEqual([]);
    expect((await load("?q=someone")).projects).toEqual([]);
    expect(PROJECT_MESSAGES.noProjectsFound).toBe("No projects found");
    expect(PROJECT_MESSAGES.adjustFilters).toBe("Try adjusting your search or filter criteria");

    const anonymous = await call(order.loader, getRequest("/order?q=x"));
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Forder%3Fq%3Dx");
  });
});

describe("/profile", () => {
  it("summarises a client's latest project; its old project list sends to the workspace's Projects", async () => {
    expect((await call(profileHome.loader, getRequest("/profile"))).body).toEqual({ summary: null });

    const client = await signedInClient();
    await projectOf(client, { title: "Older" });
    const latest = await projectOf(client, { title: "Latest" });
    const summary = (await call(profileHome.loader, getRequest("/profile", { cookie: client.cookie })))
      .body as {
      summary: { project: { id: string }; checks: Record<string, boolean>; resources: { done: boolean }[] };
    };
    expect(summary.summary.project.id).toBe(latest.id);
    expect(summary.summary.checks).toEqual({ onTime: true, teamWorking: false, pendingResources: true });
    const list = await call(moved.loader, getRequest("/profile/projects", { cookie: client.cookie }));
    expect(list.status).toBe(301);
    expect(list.headers.get("Location")).toBe("/dashboard2/projects");
  });

  it("stores meeting and update requests (staff notified) and refuses them on another client's project", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const stranger = await signedInClient();
    const project = await projectOf(client);

    const past = await call(
      profileHome.action,
      formRequest(
        "/profile",
        { intent: "meet", projectId: project.id, preferredTime: "2001-01-01T10:00" },
        { cookie: client.cookie },
      ),
    );
    expect(formErrors(past)).toEqual({ preferredTime: ["Please choose a time in the future."] });
    const meet = await call(
      profileHome.action,
      formRequest(
        "/profile",
        { intent: "meet", projectId: project.id, preferredTime: "2999-05-01T15:30", note: "Logo review" },
        { cookie: client.cookie },
      ),
    );
    expect(meet.body).toMatchObject({ message: "Meeting requested. We will confirm the time by email." });
    const update = await call(
      profileHome.action,
      formRequest("/profile", { intent: "update", projectId: project.id }, { cookie: client.cookie }),
    );
    expect(update.body).toMatchObject({
      message: "Update requested. Your project manager will reply in the conversation.",
    });
    const rows = await db().select().from(projectRequests).where(eq(projectRequests.projectId, project.id));
    expect(rows.map((r) => [r.kind, r.preferredTime?.toISOString() ?? null, r.note]).sort()).toEqual([
      ["meeting", "2999-05-01T10:00:00.000Z", "Logo review"],
      ["update", null, ""],
    ]);
    const staffTitles = (await apiList(staff)).map((n) => n.title);
    expect(staffTitles).toEqual(
      expect.arrayContaining(["Online meeting requested", "Detailed update requested"]),
    );

    const foreign = await call(
      profileHome.action,
      formRequest("/profile", { intent: "update", projectId: project.id }, { cookie: stranger.cookie }),
    );
    expect(foreign.status).toBe(404);
    const count = await db()
      .select()
      .from(projectRequests)
      .where(and(eq(projectRequests.projectId, project.id), eq(projectRequests.userId, stranger.id)));
    expect(count).toEqual([]);
  });
});
