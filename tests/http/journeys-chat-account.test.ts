// The assistant's answers about the asker's own account, over HTTP against the
// production build: POST /api/chat/ with the session cookie and with an API
// token, a visitor asked to sign in, the no-JS /chat form post signed in, and the
// next person at the same browser, who sees none of it (decision 0052).
import { beforeAll, expect, test } from "vitest";
import { ACCOUNT_COPY } from "../../models/chat/account.server";
import { Visitor } from "./client";
import { attr, findAll, parseHtml, postFormsInMain, textOf } from "./html";
import { anonymous, bearer, client, ownedBy, type Identity, type Owned } from "./identities";

type Reply = { response: string; sources: { title: string; url: string }[]; timestamp: string };

let a: Identity;
let b: Identity;
let owned: Owned;

beforeAll(async () => {
  [a, b] = await Promise.all([client("chat account a"), client("chat account b")]);
  // A: 50 tokens from the first bundle, 8 spent on the Social Post Grid, one project under review.
  owned = await ownedBy(a);
});

async function ask(visitor: Visitor, query: string, headers: Record<string, string> = {}) {
  const response = await visitor.post("/api/chat/", { json: { query } }, headers);
  expect(response.status).toBe(200);
  // Read a session or a token: never cached, by the browser or anything between.
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return { body: (await response.json()) as Reply, response };
}

test("POST /api/chat/ answers for the session cookie's account", async () => {
  const { body } = await ask(a.visitor, "how many tokens do i have left");
  expect(Object.keys(body).sort()).toEqual(["message_id", "response", "sources", "timestamp"]);
  expect(body.response).toMatch(/^You have 42 Creative Tokens\./);
  expect(body.sources).toEqual([{ title: "Billing & Tokens", url: "/dashboard2/billing" }]);

  const projects = await ask(a.visitor, "whats the status of my projects");
  expect(projects.body.response).toBe(`You have 1 project: ${owned.projectTitle} (Submitted).`);
  expect(projects.body.sources).toEqual([{ title: owned.projectTitle, url: `/project/${owned.projectId}` }]);
});

test("POST /api/chat/ answers for the API token's account, with no cookie at all", async () => {
  const caller = new Visitor();
  const { body } = await ask(caller, "wats my balance", bearer(a));
  expect(body.response).toMatch(/^You have 42 Creative Tokens\./);
});

test("another client gets their own figures and nothing of A's; a visitor is asked to sign in", async () => {
  const balance = await ask(b.visitor, "how many tokens do i have");
  expect(balance.body.response).toBe("You have 0 Creative Tokens.");
  const projects = await ask(b.visitor, `status of my ${owned.projectTitle.toLowerCase()} project`);
  expect(projects.body.response).toBe("You have no projects yet. You can start one from the project form.");
  expect(JSON.stringify(projects.body)).not.toContain(owned.projectId);

  const visitor = anonymous().visitor;
  const signIn = await ask(visitor, "how many tokens do i have");
  expect(signIn.body).toMatchObject({ response: ACCOUNT_COPY.signIn, sources: [{ url: "/login" }] });
});

test("the no-JS /chat form answers the signed-in client", async () => {
  const visitor = a.visitor;
  const forms = postFormsInMain(await (await visitor.get("/chat")).text());
  const send = forms.find((f) => f.fields.some(([name, value]) => name === "intent" && value === "send"))!;
  expect(send, "the message form").toBeDefined();
  const sent = await visitor.post(send.action ?? "/chat", {
    form: { intent: "send", message: "how many downloads are left on social post grid" },
  });
  expect(sent.status).toBe(302);
  await sent.arrayBuffer();
  const page = await visitor.follow(await visitor.get("/chat"));
  expect(page.headers.get("Cache-Control")).toContain("no-store");
  const log = findAll(parseHtml(await page.text()), (el) => attr(el, "data-testid") === "chat-log")[0]!;
  const answers = findAll(log, (el) => attr(el, "data-type") === "ai").map((el) =>
    textOf(el).replace(/\s+/g, " ").trim(),
  );
  expect(answers.at(-1)).toContain("Social Post Grid has 3 of 3 downloads left.");
});

test("the next person at A's browser, with A's chat cookie but not A's session, sees none of A's answers", async () => {
  const [name, value] = [...a.visitor.cookies].find(([cookie]) => cookie.endsWith("ascendra_chat"))!;
  const next = new Visitor();
  next.cookies.set(name, value);
  const page = await next.get("/chat");
  expect(page.status).toBe(200);
  const html = await page.text();
  const log = findAll(parseHtml(html), (el) => attr(el, "data-testid") === "chat-log")[0]!;
  expect(findAll(log, (el) => attr(el, "data-type") === "user")).toEqual([]);
  expect(html).not.toContain(owned.projectTitle);
  expect(html).not.toMatch(/You have \d+ Creative Tokens/);
  // The browser forgets A's chat cookie.
  expect(next.cookies.has(name)).toBe(false);
});
