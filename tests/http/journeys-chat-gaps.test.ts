// The chat gap queue without JavaScript (docs/decisions/0037): a visitor rates
// an "I don't know" down with the panel's native form, staff answer the group
// in the back-office with its native form (a bad link is refused with its
// message), and the server's assistant answers from the entry within 10 s.
import { expect, test } from "vitest";
import { CHAT_COPY } from "../../models/chat/copy";
import { FAQ_MESSAGES } from "../../models/chat/gaps";
import { uniqueName, Visitor } from "./client";
import { staff } from "./identities";
import { attr, findAll, textOf } from "./html";
import { open, submit, type Page } from "./journeys";

const aiTexts = (page: Page) =>
  findAll(page.doc, (el) => el.tagName === "li" && attr(el, "data-type") === "ai").map(textOf);

async function ask(visitor: Visitor, question: string): Promise<Page> {
  const chat = await open(visitor, "/chat");
  const sent = await submit(
    chat,
    chat.form({ button: CHAT_COPY.send }),
    { message: question },
    CHAT_COPY.send,
  );
  expect(sent.page.status).toBe(200);
  return sent.page;
}

test("a visitor's 'I don't know', rated Not helpful, answered by staff, then answered by the assistant", async () => {
  const visitor = new Visitor();
  const word = uniqueName("zq");
  const question = `Do you tune ${word} theremins for submarines?`;
  let page = await ask(visitor, question);
  expect(aiTexts(page)).toHaveLength(2);
  page.expectText(CHAT_COPY.unknown);

  const rated = await submit(page, page.form({ button: CHAT_COPY.notHelpful }), {}, CHAT_COPY.notHelpful);
  expect(rated.location).toMatch(/^\/chat#chat-msg-\d+$/);
  const pressed = rated.page.named("button", CHAT_COPY.notHelpful);
  expect(pressed.map((b) => attr(b, "aria-pressed"))).toEqual(["true"]);

  const lead = await staff();
  const gaps = await open(lead.visitor, "/admin/chat-gaps");
  const row = gaps.byTestId("gap-group").find((el) => textOf(el).includes(word));
  expect(row, "the group in the open gaps").toBeDefined();
  const answerLink = gaps.links(new RegExp(`^Answer “.*${word}`))[0]!;
  expect(answerLink).toMatch(/^\/admin\/chat-gaps\/[^/]+$/);

  const form = await open(lead.visitor, answerLink);
  const invalid = await submit(
    form,
    form.form({ button: "Save the answer" }),
    { answer: "We tune brands, not instruments.", link: "https://elsewhere.example" },
    "Save the answer",
  );
  expect(invalid.status).toBe(400);
  invalid.page.expectText(FAQ_MESSAGES.link);

  const saved = await submit(
    invalid.page,
    invalid.page.form({ button: "Save the answer" }),
    { question, answer: "We tune brands, not instruments.", link: "/contact#help-support" },
    "Save the answer",
  );
  expect(saved.location).toMatch(/^\/admin\/chat-faqs\/[0-9a-f-]{36}\?answered=1$/);
  saved.page.expectText(FAQ_MESSAGES.answered(1));
  expect((await open(lead.visitor, "/admin/chat-gaps")).text).not.toContain(word);

  // Every server process reads the content revision at least every 2 s.
  const deadline = Date.now() + 10_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    page = await ask(visitor, question);
    if (page.text.includes("We tune brands, not instruments.") || Date.now() > deadline) break;
  }
  page.expectText("We tune brands, not instruments.");
  expect(page.links(question)).toContain("/contact#help-support");
});
