// Which documents are islands (decisions 0021 and 0045): every public page of
// the sitemap, and the sign-in pages, loads one small script of its own
// instead of React Router's runtime; the signed-in app and /chat hydrate. On a
// form page every form the script validates has its schema registered.
import { describe, expect, test } from "vitest";
import { FORM_SCHEMAS } from "~/islands/form-schemas";
import { Visitor } from "./client";
import { attr, findAll, parseHtml, type Element } from "./html";
import { client } from "./identities";

/** The page's module scripts, its module preloads and whether React Router's context is inlined. */
async function scriptsOf(visitor: Visitor, path: string) {
  const response = await visitor.get(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const tree = parseHtml(html);
  const modules = findAll(tree, (el) => el.tagName === "script" && attr(el, "type") === "module");
  return {
    tree,
    sources: modules.map((el) => attr(el, "src")).filter(Boolean),
    inline: modules.filter((el) => !attr(el, "src")).length,
    preloads: findAll(tree, (el) => el.tagName === "link" && attr(el, "rel") === "modulepreload").map((el) =>
      attr(el, "href")!,
    ),
    reactRouter: html.includes("__reactRouterContext"),
  };
}

async function sitemapPaths(visitor: Visitor): Promise<string[]> {
  const xml = await (await visitor.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
}

const SIGN_IN_PAGES = ["/login", "/signup", "/forgot-password"];

describe("island documents", () => {
  test("every sitemap page and the sign-in pages load one island script, not React Router", async () => {
    const visitor = new Visitor();
    const paths = [...new Set([...(await sitemapPaths(visitor)), ...SIGN_IN_PAGES])];
    expect(paths.length).toBeGreaterThan(40);
    const scripts = new Map<string, string>();
    for (const path of paths) {
      const page = await scriptsOf(visitor, path);
      expect(page.reactRouter, path).toBe(false);
      expect(page.inline, path).toBe(0);
      expect(page.sources, path).toHaveLength(1);
      const script = page.sources[0]!;
      expect(script, path).toMatch(/^\/assets\/(home|site|forms)-[\w-]+\.js$/);
      scripts.set(path, script.replace(/^\/assets\/(\w+)-.*$/, "$1"));
      // Whatever the script imports is preloaded beside it; the framework chunk never is.
      expect(
        page.preloads.some((href) => /framework/.test(href)),
        path,
      ).toBe(false);
    }
    expect(scripts.get("/")).toBe("home");
    expect(scripts.get("/services")).toBe("site");
    expect(scripts.get("/blogpage")).toBe("site");
    for (const path of ["/contact", "/careerpage", "/collabpage", "/investorpage", "/createticket"])
      expect(scripts.get(path), path).toBe("forms");
    for (const path of ["/referrals", "/gift", "/login", "/signup", "/forgot-password"])
      expect(scripts.get(path), path).toBe("forms");
  });

  test("every form with an id on a forms page has a schema for the browser, and the error template is there", async () => {
    const visitor = new Visitor();
    const forms: Element[] = [];
    for (const path of [
      "/contact",
      "/careerpage",
      "/collabpage",
      "/investorpage",
      "/createticket",
      "/referrals",
    ]) {
      const page = await scriptsOf(visitor, path);
      expect(
        findAll(page.tree, (el) => el.tagName === "template" && attr(el, "id") === "field-error"),
        path,
      ).toHaveLength(1);
      forms.push(...findAll(page.tree, (el) => el.tagName === "form" && attr(el, "id") !== undefined));
    }
    for (const path of ["/gift", ...SIGN_IN_PAGES]) {
      const page = await scriptsOf(visitor, path);
      forms.push(...findAll(page.tree, (el) => el.tagName === "form" && attr(el, "id") !== undefined));
    }
    const ids = forms.map((form) => attr(form, "id")!);
    expect(ids).toEqual(
      expect.arrayContaining(["office-visit", "investor-meeting", "service-quote", "login"]),
    );
    for (const id of ids) expect(Object.keys(FORM_SCHEMAS), id).toContain(id);
  });

  test("/chat and the signed-in pages hydrate with React Router", async () => {
    const { visitor } = await client("islands");
    for (const path of ["/chat", "/dashboard2", "/dashboard2/settings"]) {
      const page = await scriptsOf(visitor, path);
      expect(page.reactRouter, path).toBe(true);
      expect(
        page.preloads.some((href) => /framework/.test(href)),
        path,
      ).toBe(true);
    }
  });
});
