import { describe, expect, it } from "vitest";
import * as moved from "~/routes/dashboard/moved";
import { MOVED_CLIENT_ROUTES } from "~/routes/dashboard/moved";
import * as workspace from "~/routes/dashboard/layout";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

// The client workspace (decision 0056): the areas it replaced send to their section.

describe("the client areas the workspace replaced", () => {
  it("send a signed-in client to the section that replaces each, keeping the query", async () => {
    const client = await signedInClient();
    expect(MOVED_CLIENT_ROUTES).toEqual({
      "/manageaccount": "/dashboard2",
      "/manageaccount/profile": "/dashboard2/settings",
      "/manageaccount/projects": "/dashboard2/projects",
      "/dashboard2/profile": "/dashboard2/settings",
      "/profile/projects": "/dashboard2/projects",
    });
    for (const [from, to] of Object.entries(MOVED_CLIENT_ROUTES)) {
      const outcome = await call(moved.loader, getRequest(from, { cookie: client.cookie }));
      expect([from, outcome.status, outcome.headers.get("Location")]).toEqual([from, 301, to]);
    }
    const filtered = await call(
      moved.loader,
      getRequest("/manageaccount/projects?status=completed", { cookie: client.cookie }),
    );
    expect(filtered.headers.get("Location")).toBe("/dashboard2/projects?status=completed");
  });

  it("send a form still posting to an old address on with its method and body (308)", async () => {
    const client = await signedInClient();
    const outcome = await call(
      moved.action,
      formRequest("/manageaccount/profile", { intent: "profile" }, { cookie: client.cookie }),
    );
    expect(outcome.status).toBe(308);
    expect(outcome.headers.get("Location")).toBe("/dashboard2/settings");
  });

  it("ask a signed-out visitor to sign in first, then come back", async () => {
    const outcome = await call(moved.loader, getRequest("/manageaccount"));
    expect(outcome.headers.get("Location")).toBe("/login?redirectTo=%2Fmanageaccount");
  });
});

describe("the workspace's shell", () => {
  it("names the client, their initials, email and plan; signed out it asks to sign in", async () => {
    const client = await signedInClient();
    const shell = (await call(workspace.loader, getRequest("/dashboard2", { cookie: client.cookie }))).body;
    expect(shell).toMatchObject({
      user: {
        name: client.username,
        initials: client.username.slice(0, 2).toUpperCase(),
        email: client.email,
      },
      plan: "Free",
      tokens: 0,
    });
    expect((await call(workspace.loader, getRequest("/profile"))).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fprofile",
    );
  });
});
