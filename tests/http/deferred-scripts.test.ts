// Hydrated pages start React Router's scripts only after the first paint
// (decision 0044): as served, and parsed as a browser with JavaScript on
// parses it, the document asks for no module before the stylesheet and the
// page's text; the scripts wait, as text, in <noscript>.
import { expect, test } from "vitest";
import { attr, findAll, parseHtml, textOf } from "./html";
import { anonymous } from "./identities";

test("hydrated pages load no module and preload none until the page has painted", async () => {
  const visitor = anonymous().visitor;
  for (const path of ["/services", "/contact", "/login", "/blogpage"]) {
    const doc = parseHtml(await (await visitor.get(path)).text());
    const preloads = findAll(doc, (el) => el.tagName === "link" && attr(el, "rel") === "modulepreload");
    const modules = findAll(doc, (el) => el.tagName === "script" && attr(el, "type") === "module");
    expect(
      preloads.map((el) => attr(el, "href")),
      path,
    ).toEqual([]);
    expect(modules, path).toEqual([]);
    const [waiting] = findAll(doc, (el) => el.tagName === "noscript").map(textOf);
    expect(waiting, path).toMatch(/<link rel="modulepreload" href="\/assets\/framework-[^"]+\.js"/);
    expect(waiting, path).toMatch(/window\.__reactRouterContext = /);
    expect(waiting, path).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
    // The starter right after it, with the page's nonce like every inline script.
    const starter = findAll(
      doc,
      (el) => el.tagName === "script" && textOf(el).includes("first-contentful-paint"),
    );
    expect(starter, path).toHaveLength(1);
    expect(attr(starter[0]!, "nonce"), path).toBeTruthy();
  }
});

test("the home page, an island, keeps its one small script as it was", async () => {
  const doc = parseHtml(await (await anonymous().visitor.get("/")).text());
  const modules = findAll(doc, (el) => el.tagName === "script" && attr(el, "type") === "module");
  expect(modules.map((el) => attr(el, "src"))).toEqual([expect.stringMatching(/^\/assets\/home-.+\.js$/)]);
});
