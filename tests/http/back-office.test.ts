// The back-office does not exist for anyone but staff, and nothing of it is
// cached or indexed. Moved from Playwright, where this was a minute-long
// browser test doing HTTP work and met its timeout on a busy machine.
import { expect, test } from "vitest";
import { attr, findAll, parseHtml, textOf } from "./html";
import { anonymous, client, staff } from "./identities";

/** The frame a page renders in: the public site's (its navbar's Main navigation, the footer) or the back-office's. */
function frameOf(html: string) {
  const doc = parseHtml(html);
  const navs = findAll(doc, (el) => el.tagName === "nav").map((el) => attr(el, "aria-label"));
  return {
    publicNavbar: navs.includes("Main"),
    footer: findAll(doc, (el) => el.tagName === "footer").length > 0,
    backOffice: navs.includes("Back-office"),
  };
}

const headings = (html: string) =>
  findAll(parseHtml(html), (el) => el.tagName === "h1").map((el) => textOf(el).trim());

test("the back-office is a 404 for anonymous visitors and clients, and never cached or indexed", async () => {
  const visitor = anonymous().visitor;
  for (const path of [
    "/admin",
    "/admin/inbox",
    "/admin/projects",
    "/admin/audit",
    "/admin/inbox/export.csv",
  ]) {
    const response = await visitor.get(path);
    await response.arrayBuffer();
    expect(response.status, path).toBe(404);
  }
  const page = await visitor.get("/admin/clients");
  expect(page.status).toBe(404);
  const strangers = await page.text();
  expect(headings(strangers)).toContain("Page not found");
  // Exactly like any unknown page: the public site's navbar and footer, nothing of the back-office.
  expect(frameOf(strangers)).toEqual({ publicNavbar: true, footer: true, backOffice: false });
  expect(frameOf(await (await visitor.get("/no-such-page")).text())).toEqual(frameOf(strangers));
  const api = await visitor.get("/api/admin/inbox/");
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({ error: "Not found." });

  const someone = (await client("notstaff")).visitor;
  const asClient = await someone.get("/admin");
  expect(asClient.status).toBe(404);
  const clientsPage = await asClient.text();
  expect(headings(clientsPage)).toContain("Page not found");
  expect(frameOf(clientsPage)).toEqual({ publicNavbar: true, footer: true, backOffice: false });
  const clientApi = await someone.get("/api/admin/projects/");
  await clientApi.arrayBuffer();
  expect(clientApi.status).toBe(404);

  const lead = (await staff()).visitor;
  for (const path of ["/admin", "/admin/inbox", "/admin/inbox.data", "/api/admin/inbox/"]) {
    const response = await lead.get(path);
    await response.arrayBuffer();
    expect(response.status, path).toBe(200);
    expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    expect(response.headers.get("x-page-cache"), path).toBeNull();
  }
  const overviewHtml = await (await lead.get("/admin")).text();
  // Staff work in the back-office's own frame: no marketing navbar, no newsletter footer.
  expect(frameOf(overviewHtml)).toEqual({ publicNavbar: false, footer: false, backOffice: true });
  const overview = parseHtml(overviewHtml);
  const robots = findAll(overview, (el) => el.tagName === "meta" && attr(el, "name") === "robots").map((el) =>
    attr(el, "content"),
  );
  expect(robots).toEqual(["noindex, nofollow"]);
});
