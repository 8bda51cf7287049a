// Manage account's no-JS journeys over HTTP, posted as a browser without
// JavaScript posts them (moved from tests/e2e/manage-account.spec.ts, issue 17;
// "tabs, profile settings with Cancel, and a password change that signs out the
// other browser" stays there as this family's no-JS journey).
import { expect, test } from "vitest";
import { uniqueName } from "./client";
import { bearer, client, type Identity } from "./identities";
import { attr, findAll, textOf } from "./html";
import { labelOf, namedIn, open, submit, type Page } from "./journeys";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const h1s = (page: Page) => page.named("h1", /.*/).map(labelOf);
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

/** A project with a file, made through the API. */
async function apiProject(who: Identity, title: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    description: "A brand refresh for spring.",
    category: "graphic",
    budget: "5k_10k",
    timeline: "flexible",
  }))
    form.set(name, value);
  form.set("files", new File([PDF], "brief.pdf", { type: "application/pdf" }));
  const created = await who.visitor.request("/api/projects/", {
    method: "POST",
    headers: bearer(who),
    body: { multipart: form },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  await created.arrayBuffer();
}

/** The href of the link named `name` in the workspace's navigation: its sections or the current section's pages. */
function tab(page: Page, name: string): string {
  const navs = findAll(
    page.doc,
    (el) => el.tagName === "nav" && /^(Workspace|.+ pages)$/.test(attr(el, "aria-label") ?? ""),
  );
  expect(navs.length, `Workspace navigation on ${page.url}`).toBeGreaterThan(0);
  const links = navs.flatMap((nav) => namedIn(nav, "a", name));
  expect(links, `${name} in the navigation`).toHaveLength(1);
  return attr(links[0]!, "href")!;
}

test.concurrent(
  "projects filter, billing usage, data export with only my data, and deletion that ends every way in",
  async () => {
    const stranger = await client("stranger");
    await apiProject(stranger, "Stranger's launch");
    const account = await client("owner");
    const title = `Rebrand ${uniqueName("p")}`;
    await apiProject(account, title);
    const { visitor } = account;

    const projects = await open(visitor, "/dashboard2/projects");
    expect(projects.testIdText("summary-total")).toBe("1");
    // A fresh submission: nothing started, so no progress yet (decision 0057).
    expect(projects.testIdText("summary-progress")).toBe("0%");
    const cards = projects.byTestId("account-project");
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(squash(textOf(card))).toContain(title);
    expect(squash(textOf(card))).toContain("Submitted");
    expect(attr(namedIn(card, "a", /View Details/)[0]!, "href")).toMatch(/^\/project\/[0-9a-f-]{36}$/);
    expect(attr(namedIn(card, "a", "Contact Team")[0]!, "href")).toMatch(/#conversation$/);
    const file = await visitor.follow(
      await visitor.get(attr(namedIn(card, "a", /Download Files/)[0]!, "href")!),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="brief.pdf"/);
    await file.arrayBuffer();

    const completed = await submit(
      projects,
      projects.form({ button: "Filter" }),
      { status: "completed" },
      "Filter",
    );
    expect(completed.page.url).toMatch(/status=completed/);
    completed.page.expectText("No projects found");
    expect(completed.page.byTestId("account-project")).toHaveLength(0);
    const underReview = await submit(
      completed.page,
      completed.page.form({ button: "Filter" }),
      { status: "under-review" },
      "Filter",
    );
    expect(underReview.page.byTestId("account-project")).toHaveLength(1);
    expect(underReview.page.links("New Project")).toEqual(["/createprojectform"]);

    const wallet = await open(visitor, tab(underReview.page, "Wallet & billing"));
    const billing = await open(visitor, tab(wallet, "Receipts & usage"));
    expect(billing.testIdText("current-plan")).toBe("Free Plan");
    expect(billing.testIdText("usage-storage")).toBe(
      `${new TextEncoder().encode(PDF).length} Bytes of 1 GB (0%)`,
    );
    expect(billing.byTestId("no-receipts")).toHaveLength(1);
    expect(billing.links("Upgrade Plan").length).toBeGreaterThanOrEqual(1);

    // Export: a JSON file with my project and nothing of the stranger's.
    const profile = await open(visitor, tab(billing, "Settings"));
    const exported = await submit(
      profile,
      profile.form({ button: "Download my data (JSON)" }),
      {},
      "Download my data (JSON)",
    );
    expect(exported.status).toBe(200);
    expect(exported.response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="ascendra-data-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const text = exported.page.html;
    const data = JSON.parse(text) as {
      account: { username: string };
      projects: { title: string }[];
    };
    expect(data.account.username).toBe(account.username);
    expect(data.projects.map((p) => p.title)).toEqual([title]);
    expect(text).not.toContain(stranger.username);
    expect(text).not.toContain("Stranger's launch");

    // Delete: the password is checked, then nothing lets this account in again.
    const wrong = await submit(
      profile,
      profile.form({ id: "delete" }),
      { password: "wrong-password" },
      "Delete my account permanently",
    );
    expect(wrong.status).toBe(400);
    wrong.page.expectText("Your current password is not correct.");
    // Without JavaScript the form stays open with its message.
    const details = findAll(
      wrong.page.doc,
      (el) =>
        el.tagName === "details" &&
        findAll(el, (f) => f.tagName === "form" && attr(f, "id") === "delete").length > 0,
    )[0];
    expect(attr(details!, "open")).toBeDefined();
    const deleted = await submit(
      wrong.page,
      wrong.page.form({ id: "delete" }),
      { password: account.password! },
      "Delete my account permanently",
    );
    expect(deleted.location).toBe("/account-deleted");
    expect(deleted.page.url).toBe("/account-deleted");
    expect(h1s(deleted.page)).toEqual(["Your account has been deleted"]);

    const again = await visitor.get("/manageaccount");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    await again.arrayBuffer();
    for (const identifier of [account.username!, account.email!]) {
      const login = await visitor.post("/api/auth/login/", {
        json: { username: identifier, password: account.password },
      });
      expect(login.ok, identifier).toBe(false);
      await login.arrayBuffer();
    }
    const api = await visitor.get("/api/projects/", bearer(account));
    expect(api.status).toBe(401);
    await api.arrayBuffer();
  },
);
