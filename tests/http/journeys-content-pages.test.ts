// The content pages without JavaScript: every filter, search and page of the
// blog and events is a link or a GET form, so each step is a request whose
// answer is checked as a browser without JavaScript would render it. Moved
// from tests/e2e/content-pages.spec.ts ("JavaScript off"); Playwright keeps the
// JavaScript-on runs, the layouts and the visual checks.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { Visitor } from "./client";
import { attr, findAll, parseHtml, textOf, type Element } from "./html";

const seed = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../seeds", `${name}.json`), "utf8")) as T;
const events = seed<{ events: { title: string; date: string; category: string }[] }>("events");
const careers = seed<{ positions: { items: { title: string; role: string }[] } }>("careers");

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** A rendered page: its status, its URL (after redirects) and queries on its markup. */
async function open(visitor: Visitor, url: string) {
  const response = await visitor.follow(await visitor.get(url));
  const doc = parseHtml(await response.text());
  const all = (match: (el: Element) => boolean, root: Element | typeof doc = doc) => findAll(root, match);
  const byTestId = (id: string) => all((el) => attr(el, "data-testid") === id);
  // A navigation landmark by its accessible name: aria-label, or the text of the element aria-labelledby names.
  const nameOf = (el: Element) => {
    const by = attr(el, "aria-labelledby");
    if (!by) return attr(el, "aria-label");
    return by
      .split(" ")
      .map((id) => squash(textOf(all((x) => attr(x, "id") === id)[0] ?? el)))
      .join(" ");
  };
  const nav = (label: string) => {
    const found = all((el) => el.tagName === "nav" && nameOf(el) === label)[0];
    expect(found, `a navigation named "${label}" on ${url}`).toBeDefined();
    return found!;
  };
  const links = (root: Element | typeof doc = doc) => all((el) => el.tagName === "a", root);
  const link = (name: string, root: Element | typeof doc = doc) => {
    const found = links(root).find((a) => squash(textOf(a)) === name || attr(a, "aria-label") === name);
    expect(found, `a link named "${name}" on ${url}`).toBeDefined();
    return found!;
  };
  return {
    status: response.status,
    doc,
    all,
    byTestId,
    nav,
    links,
    link,
    href: (a: Element) => attr(a, "href")!,
  };
}

test("blog search narrows the list, survives a reload, and says when nothing matches", async () => {
  const visitor = new Visitor();
  const blog = await open(visitor, "/blogpage");
  expect(blog.byTestId("featured-post")).toHaveLength(1);
  expect(blog.byTestId("post-card")).toHaveLength(6);
  // The search box is a GET form: its submission is the URL below.
  const search = blog.all(
    (el) =>
      el.tagName === "form" &&
      (attr(el, "method") ?? "get").toLowerCase() === "get" &&
      findAll(el, (i) => attr(i, "name") === "q").length > 0,
  )[0];
  expect(search, "a GET search form with a q field").toBeDefined();
  expect(attr(search!, "action") ?? "/blogpage").toMatch(/\/blogpage$/);

  const found = await open(visitor, "/blogpage?q=retainer");
  const cards = found.byTestId("post-card");
  expect(cards).toHaveLength(1);
  expect(squash(textOf(found.links(cards[0])[0]!))).toBe(
    "Tokens vs Retainers: Paying for Creative Work by the Outcome",
  );
  expect(found.byTestId("featured-post")).toHaveLength(0);
  const box = found.all((el) => el.tagName === "input" && attr(el, "name") === "q")[0]!;
  expect(attr(box, "value")).toBe("retainer");

  const none = await open(visitor, "/blogpage?q=zzzz");
  expect(squash(textOf(none.byTestId("blog-empty")[0]!))).toContain("No articles match");
  expect(none.href(none.link("Show all articles"))).toBe("/blogpage");
});

test("blog categories and tags narrow the list, combine, and say what is shown", async () => {
  const visitor = new Visitor();
  const blog = await open(visitor, "/blogpage");
  const categories = blog.nav("Categories");
  expect(blog.links(categories).map((a) => squash(textOf(a)))).toEqual([
    "All",
    "Personal Branding",
    "Creative Tools",
    "AI Tokens",
    "Creative Economy",
  ]);
  expect(blog.href(blog.link("Creative Tools", categories))).toMatch(/\?category=creative-tools$/);

  const tools = await open(visitor, "/blogpage?category=creative-tools");
  expect(attr(tools.link("Creative Tools", tools.nav("Categories")), "aria-current")).toBe("page");
  const cards = tools.byTestId("post-card");
  expect(cards).toHaveLength(3);
  for (const card of cards)
    expect(
      squash(textOf(findAll(card, (el) => (attr(el, "class") ?? "").split(" ").includes("eyebrow"))[0]!)),
    ).toBe("Creative Tools");
  expect(tools.href(tools.link("All", tools.nav("Categories")))).toBe("/blogpage");

  const pricing = await open(visitor, blog.href(blog.link("#pricing", blog.nav("Popular tags"))));
  expect(pricing.byTestId("post-card")).toHaveLength(3);
  const combined = pricing.href(pricing.link("AI Tokens", pricing.nav("Categories")));
  expect(combined).toMatch(/\?category=ai-tokens&tag=pricing$/);
  const both = await open(visitor, combined);
  expect(both.byTestId("post-card")).toHaveLength(2);
  const status = findAll(
    both.all((el) => attr(el, "id") === "articles")[0]!,
    (el) => attr(el, "role") === "status",
  )[0]!;
  expect(squash(textOf(status))).toContain("2 articles for AI Tokens, #pricing");
});

test("blog pages: older posts on page 2, and a post links back to the list", async () => {
  const visitor = new Visitor();
  const blog = await open(visitor, "/blogpage");
  const older = blog.href(blog.link("Older →"));
  expect(older).toMatch(/\?page=2$/);
  const second = await open(visitor, older);
  expect(attr(second.link("Page 2"), "aria-current")).toBe("page");
  const cards = second.byTestId("post-card");
  expect(cards.length).toBeGreaterThan(0);
  const postUrl = second.href(second.links(cards[0])[0]!);
  expect(postUrl).toMatch(/^\/blog\/[a-z0-9-]+$/);
  const post = await open(visitor, postUrl);
  expect(post.status).toBe(200);
  const body = post.all((el) => (attr(el, "class") ?? "").split(" ").includes("post-body"))[0]!;
  expect(findAll(body, (el) => el.tagName === "h2").length).toBeGreaterThan(0);
  expect(post.href(post.link("← Back to blog"))).toBe("/blogpage");
});

test("an unknown post or article says so, with a 404 status", async () => {
  const visitor = new Visitor();
  const post = await open(visitor, "/blog/no-such-post");
  expect(post.status).toBe(404);
  expect(post.all((el) => el.tagName === "h1").map((h) => squash(textOf(h)))).toEqual(["Post not found."]);
  expect(post.href(post.link("← Back to blog"))).toBe("/blogpage");
  const article = await open(visitor, "/article/no-such-article");
  expect(article.status).toBe(404);
  expect(article.all((el) => el.tagName === "h1").map((h) => squash(textOf(h)))).toEqual([
    "Article not found",
  ]);
});

test("the events filter keeps to one type, and past events are marked", async () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const visitor = new Visitor();
  const all = await open(visitor, "/events");
  const filter = all.nav("Event type");
  expect(all.links(filter).map((a) => squash(textOf(a)))).toEqual([
    "All",
    "Conferences",
    "Workshops",
    "Meetups",
  ]);
  expect(all.byTestId("event")).toHaveLength(events.events.length);
  const past = all.byTestId("event").filter((el) => attr(el, "data-past") === "true");
  expect(past).toHaveLength(events.events.filter((e) => e.date < today).length);
  if (past.length) expect(squash(textOf(past[0]!))).toContain("Past event");
  const workshopsUrl = all.href(all.link("Workshops", filter));
  expect(workshopsUrl).toMatch(/\/events\?category=workshops$/);
  const workshops = await open(visitor, workshopsUrl);
  expect(attr(workshops.link("Workshops", workshops.nav("Event type")), "aria-current")).toBe("page");
  expect(workshops.byTestId("event")).toHaveLength(
    events.events.filter((e) => e.category === "workshop").length,
  );
  for (const price of workshops.byTestId("event-price")) expect(squash(textOf(price))).toBe("₹1,200");
});

test("careers: the form offers the open positions; Apply on one picks its role", async () => {
  const visitor = new Visitor();
  const position = careers.positions.items[1]!;
  const page = await open(visitor, "/careerpage");
  const apply = page.href(page.link(`Apply: ${position.title}`));
  expect(apply).toMatch(new RegExp(`\\?role=${position.role}#apply$`));
  const form = await open(visitor, apply.replace(/#.*$/, ""));
  const select = form.all((el) => el.tagName === "select" && attr(el, "name") === "role_of_interest")[0];
  expect(select, "the Role of interest field").toBeDefined();
  const chosen = findAll(select!, (el) => el.tagName === "option" && attr(el, "selected") !== undefined);
  expect(chosen.map((o) => attr(o, "value"))).toEqual([position.role]);
  // The form offers the roles the page lists as open, and Other: nothing the page does not mention.
  const offered = findAll(select!, (el) => el.tagName === "option" && Boolean(attr(el, "value")));
  expect(offered.map((o) => attr(o, "value"))).toEqual([
    ...careers.positions.items.map((p) => p.role),
    "other",
  ]);
});

test("help & support links to the chat and to a new ticket; answers open without JavaScript", async () => {
  const visitor = new Visitor();
  const help = await open(visitor, "/helpsupport");
  expect(help.href(help.link("Start a chat"))).toBe("/chat");
  expect(help.href(help.link("Create a ticket"))).toBe("/createticket");
  // A native <details>: its summary opens the answer with no script.
  const faq = help.all(
    (el) => el.tagName === "details" && (attr(el, "class") ?? "").split(" ").includes("faq"),
  )[0]!;
  expect(findAll(faq, (el) => el.tagName === "summary")).toHaveLength(1);
  expect(squash(textOf(findAll(faq, (el) => el.tagName === "p")[0]!)).length).toBeGreaterThan(0);
});

test("a post's views count once per visitor and day, also when the page comes from memory; crawlers do not count", async () => {
  const slug = "a-brand-kit-in-a-weekend";
  const browserAgent =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
  const as = (userAgent: string, extra: Record<string, string> = {}) => {
    const visitor = new Visitor();
    return (url: string) => visitor.get(url, { "User-Agent": userAgent, ...extra });
  };
  // A crawler with a session cookie: never counted, never served from memory, so it reads the current figure.
  const reader = as("Googlebot/2.1 (+http://www.google.com/bot.html)", { Cookie: "ascendra_session=reader" });
  const currentViews = async () =>
    Number(
      /data-testid="post-views">([\d,]+) views/
        .exec(await (await reader(`/blog/${slug}`)).text())![1]!
        .replace(/,/g, ""),
    );
  const start = await currentViews();

  const first = as(browserAgent);
  const firstView = await first(`/blog/${slug}`);
  await firstView.arrayBuffer();
  expect(firstView.status).toBe(200);
  const again = await first(`/blog/${slug}`);
  await again.arrayBuffer();
  expect(again.headers.get("x-page-cache")).toBe("hit");
  const second = await as(browserAgent)(`/blog/${slug}`);
  await second.arrayBuffer();
  expect(second.headers.get("x-page-cache")).toBe("hit");
  await (
    await as("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")(`/blog/${slug}`)
  ).arrayBuffer();

  await expect.poll(currentViews).toBe(start + 2);
});

test("the sitemap lists the content pages and posts; anonymous content pages are cached", async () => {
  const visitor = new Visitor();
  const xml = await (await visitor.get("/sitemap.xml")).text();
  for (const url of [
    "/blogpage",
    "/teampage",
    "/companyprofile",
    "/environment",
    "/events",
    "/comingsoon",
    "/helpsupport",
    "/privacy",
    "/termscondition",
    "/refundpolicy",
    "/shipping",
    "/blog/how-creative-tokens-work",
    "/article/major-updates",
  ]) {
    expect(xml).toContain(`<loc>${visitor.baseURL}${url}</loc>`);
  }
  await (await visitor.get("/privacy")).arrayBuffer();
  const again = await visitor.get("/privacy");
  await again.arrayBuffer();
  expect(again.headers.get("x-page-cache")).toBe("hit");
  expect(again.headers.get("cache-control")).toBe(
    "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
  );
});
