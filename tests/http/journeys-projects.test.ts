// Projects over HTTP: the REST API on the spec's paths, the dashboard without
// JavaScript (every tab a link to its own URL), and what anonymous visitors and
// other clients get. Moved from tests/e2e/dashboard-projects.spec.ts, which
// keeps the project journey with JavaScript on and off.
import { expect, test } from "vitest";
import { Visitor } from "./client";
import { attr, findAll, parseHtml, textOf, type Element } from "./html";
import { bearer, client } from "./identities";

const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

test("the REST API answers on the spec's paths, trailing slash included", async () => {
  const owner = await client("apiowner");
  const stranger = await client("apistranger");
  const api = owner.visitor;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: "API brief",
    description: "Sent as multipart",
    category: "app",
    budget: "1k_5k",
    timeline: "2",
  }))
    form.set(name, value);
  form.set("files", new Blob([PDF], { type: "application/pdf" }), "spec.pdf");
  const created = await api.request("/api/projects/", {
    method: "POST",
    headers: bearer(owner),
    body: { multipart: form },
  });
  expect(created.status).toBe(201);
  const project = (await created.json()) as {
    id: string;
    timeline: string;
    files: { name: string; size: number; file: string }[];
  };
  expect(project.timeline).toBe("1_month");
  expect(project.files[0]).toMatchObject({ name: "spec.pdf", size: PDF.length });

  const file = await api.get(project.files[0]!.file, bearer(owner));
  await file.arrayBuffer();
  expect(file.status).toBe(200);
  expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="spec.pdf"/);
  const notTheirs = await stranger.visitor.get(project.files[0]!.file, bearer(stranger));
  await notTheirs.arrayBuffer();
  expect(notTheirs.status).toBe(404);

  expect(await (await api.get("/api/dashboard/stats/", bearer(owner))).json()).toEqual({
    active_projects: 1,
    tokens_left: 0,
  });
  const own = await api.get(`/api/projects/${project.id}/`, bearer(owner));
  await own.arrayBuffer();
  expect(own.status).toBe(200);
  const hidden = await stranger.visitor.get(`/api/projects/${project.id}/`, bearer(stranger));
  expect(hidden.status).toBe(404);
  expect(await hidden.json()).toEqual({ error: "Project not found" });

  const notifications = (await (await api.get("/api/notifications/", bearer(owner))).json()) as {
    id: string;
    is_read: boolean;
  }[];
  expect(notifications).toHaveLength(1);
  const foreign = await stranger.visitor.post(
    `/api/notifications/${notifications[0]!.id}/mark-read/`,
    { json: {} },
    bearer(stranger),
  );
  await foreign.arrayBuffer();
  expect(foreign.status).toBe(404);
  const read = await api.post(
    `/api/notifications/${notifications[0]!.id}/mark-read/`,
    { json: {} },
    bearer(owner),
  );
  expect(await read.json()).toMatchObject({ is_read: true });
  expect(
    await (await api.post("/api/notifications/mark-all-read/", { json: {} }, bearer(owner))).json(),
  ).toEqual({ marked: 0 });
  const anonymous = await new Visitor().get("/api/notifications/");
  await anonymous.arrayBuffer();
  expect(anonymous.status).toBe(401);
});

test("anonymous visitors go to login; another client's project is 'Project Not Found'", async () => {
  const visitor = new Visitor();
  for (const path of ["/dashboard2", "/dashboard2/projects", "/createprojectform", "/order", "/profile"]) {
    const response = await visitor.get(path);
    await response.arrayBuffer();
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }

  const owner = await client("owner");
  const created = await owner.visitor.post(
    "/api/projects/",
    {
      json: {
        title: "Private rebrand",
        description: "Only mine",
        category: "strategy",
        budget: "under_1k",
        timeline: "flexible",
        use_tokens: false,
      },
    },
    bearer(owner),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const stranger = (await client("stranger")).visitor;
  const response = await stranger.get(`/project/${id}`);
  expect(response.status).toBe(404);
  const html = await response.text();
  const page = parseHtml(html);
  expect(
    findAll(page, (el) => /^h[1-3]$/.test(el.tagName) && squash(textOf(el)) === "Project Not Found"),
  ).toHaveLength(1);
  expect(squash(textOf(page))).toContain(
    `The project with ID ${id} could not be found. Please check the URL or go back to the dashboard.`,
  );
  expect(html).not.toContain("Private rebrand");
  const back = findAll(page, (el) => el.tagName === "a" && squash(textOf(el)) === "Back to Dashboard");
  expect(back.map((a) => attr(a, "href"))).toEqual(["/dashboard2"]);
});

test("without JavaScript every workspace section and page is a link to its own URL; empty ones say so", async () => {
  const visitor = (await client("tabs")).visitor;
  // [navigation, link, where it goes, what the page says]
  const expected = [
    ["Workspace", "Shop", "/dashboard2/shop", "Social Post Grid"],
    ["Shop pages", "My Purchases", "/dashboard2/purchases", "No purchases yet"],
    ["Shop pages", "Recommendations", "/dashboard2/recommendations", "Put your logo in motion"],
    ["Workspace", "Projects", "/dashboard2/projects", "Start your first project and follow it here."],
    ["Workspace", "Meetings", "/dashboard2/meetings", "No meetings yet."],
    [
      "Workspace",
      "Wallet & billing",
      "/dashboard2/billing",
      "No tokens yet. Buy a package, subscribe to a plan or redeem a gift card.",
    ],
    ["Wallet & billing pages", "Receipts & usage", "/manageaccount/billing", "Recent invoices"],
    ["Workspace", "Notifications", "/dashboard2/notifications", "You're all caught up."],
    ["Workspace", "Settings", "/dashboard2/settings", "Personal information"],
    ["Workspace", "Home", "/dashboard2", "Hello,"],
    ["Home pages", "Activity", "/dashboard2/activity", "Recent activity"],
  ] as const;
  const linksOf = (doc: ReturnType<typeof parseHtml>, nav: string) =>
    findAll(
      findAll(doc, (el) => el.tagName === "nav" && attr(el, "aria-label") === nav)[0]!,
      (el) => el.tagName === "a",
    );
  const named = (links: Element[], label: string) => links.find((a) => squash(textOf(a)) === label);
  let doc = parseHtml(await (await visitor.get("/dashboard2")).text());
  for (const [nav, label, path, text] of expected) {
    const link = named(linksOf(doc, nav), label);
    expect(link && attr(link, "href"), label).toBe(path);
    const response = await visitor.get(path);
    expect(response.status, path).toBe(200);
    doc = parseHtml(await response.text());
    expect(attr(named(linksOf(doc, nav), label)!, "aria-current"), path).toBe("page");
    // One section is current at a time.
    expect(
      linksOf(doc, "Workspace").filter((a) => attr(a, "aria-current") === "page"),
      path,
    ).toHaveLength(1);
    expect(squash(textOf(doc)), path).toContain(text);
  }
  // The token balance is honest about being empty; the page has one cart and one Logout, the navbar's.
  expect(squash(textOf(findAll(doc, (el) => attr(el, "data-testid") === "token-balance")[0]!))).toBe("0");
  const carts = findAll(doc, (el) => el.tagName === "a" && attr(el, "href") === "/cart");
  expect(carts.map((a) => attr(a, "aria-label"))).toEqual(["Cart"]);
  // Logout: the bar's from sm up, the menu's below it (each hidden where the other shows).
  const isLogout = (el: Element) => el.tagName === "form" && attr(el, "action") === "/logout";
  const logoutsIn = (cls: string) =>
    findAll(doc, (el) => (attr(el, "class") ?? "").split(" ").includes(cls)).flatMap((el) =>
      findAll(el, isLogout),
    );
  expect(findAll(doc, isLogout)).toHaveLength(2);
  expect(logoutsIn("sm:flex")).toHaveLength(1);
  expect(logoutsIn("sm:hidden")).toHaveLength(1);
});
