// The chat assistant without JavaScript: /chat is a page of native forms, so a
// suggestion and a handoff to a person are form posts. Moved from
// tests/e2e/chat.spec.ts; Playwright keeps the JavaScript-on panel and the home
// panel's no-JS journey.
import { expect, test } from "vitest";
import { CHAT_COPY } from "../../models/chat/copy";
import { uniqueName, Visitor } from "./client";
import { attr, findAll, parseHtml, postFormsInMain, textOf } from "./html";

const FORM = "application/x-www-form-urlencoded";

/** The assistant's messages in the chat log, in order. */
async function aiMessages(visitor: Visitor) {
  const page = await visitor.follow(await visitor.get("/chat"));
  const log = findAll(parseHtml(await page.text()), (el) => attr(el, "data-testid") === "chat-log")[0]!;
  return findAll(log, (el) => attr(el, "data-type") === "ai").map((el) =>
    textOf(el).replace(/\s+/g, " ").trim(),
  );
}

test("a suggestion sends itself; Talk to a person files a ticket", async () => {
  const visitor = new Visitor();
  const forms = postFormsInMain(await (await visitor.get("/chat")).text());
  const send = forms.find((f) => f.fields.some(([name, value]) => name === "intent" && value === "send"))!;
  const handoff = forms.find((f) =>
    f.fields.some(([name, value]) => name === "intent" && value === "handoff"),
  )!;
  expect(send, "the message form").toBeDefined();
  expect(handoff, "the handoff form").toBeDefined();

  // A suggestion is a submit button named "message": the browser sends its value before the empty text box's.
  const suggestion = CHAT_COPY.suggestions[2]!;
  const html = await (await visitor.get("/chat")).text();
  expect(
    findAll(
      parseHtml(html),
      (el) => el.tagName === "button" && attr(el, "name") === "message" && attr(el, "value") === suggestion,
    ),
  ).toHaveLength(1);
  const body = new URLSearchParams([
    ["intent", "send"],
    ["message", suggestion],
    ["message", ""],
  ]);
  const sent = await visitor.post(send.action ?? "/chat", { raw: body.toString(), contentType: FORM });
  expect(sent.status).toBeLessThan(400);
  await sent.arrayBuffer();
  expect((await aiMessages(visitor))[1]).toContain("Our registered office is at");

  const email = `${uniqueName()}@example.com`;
  const fields = new URLSearchParams(
    handoff.fields.map(([name, value]): [string, string] => [name, name === "email" ? email : value]),
  );
  const handed = await visitor.post(handoff.action ?? "/chat", { raw: fields.toString(), contentType: FORM });
  expect(handed.status).toBeLessThan(400);
  await handed.arrayBuffer();
  expect((await aiMessages(visitor)).at(-1)).toMatch(/ticket #\d+/);
});
