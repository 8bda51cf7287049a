import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SectionPages, sectionOf, WORKSPACE_SECTIONS, WorkspaceNav } from "./workspace-nav";

describe("the workspace's sections", () => {
  it("are the eight a client works in, in order", () => {
    expect(WORKSPACE_SECTIONS.map((s) => s.label)).toEqual([
      "Home",
      "Projects",
      "Meetings",
      "Wallet & billing",
      "Shop",
      "Notifications",
      "Team",
      "Settings",
    ]);
  });

  it.each([
    ["/dashboard2", "Home"],
    ["/dashboard2/", "Home"],
    ["/dashboard2/activity", "Home"],
    ["/dashboard2/projects", "Projects"],
    ["/profile", "Projects"],
    ["/order", "Projects"],
    ["/project/42", "Projects"],
    ["/project/42/proof/7", "Projects"],
    ["/dashboard2/meetings", "Meetings"],
    ["/dashboard2/team", "Team"],
    ["/dashboard2/billing/tokens", "Wallet & billing"],
    ["/dashboard2/billing/plans/pro", "Wallet & billing"],
    ["/manageaccount/billing", "Wallet & billing"],
    ["/manageaccount/billing/payment-methods", "Wallet & billing"],
    ["/dashboard2/shop", "Shop"],
    ["/dashboard2/purchases", "Shop"],
    ["/dashboard2/recommendations", "Shop"],
    ["/dashboard2/notifications", "Notifications"],
    ["/dashboard2/settings", "Settings"],
  ])("puts %s in %s", (path, label) => {
    expect(sectionOf(path).label).toBe(label);
  });

  it("marks only the current section with aria-current, and its page in the section's row", () => {
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: (
            <>
              <WorkspaceNav />
              <SectionPages />
            </>
          ),
        },
      ],
      { initialEntries: ["/manageaccount/billing/payment-methods"] },
    );
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toContain('aria-label="Workspace"');
    const current = [...html.matchAll(/<a[^>]*aria-current="page"[^>]*>(.*?)<\/a>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, ""),
    );
    expect(current).toEqual(["Wallet &amp; billing", "Payment methods"]);
  });
});
