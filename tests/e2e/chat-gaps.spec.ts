import type { Page } from "@playwright/test";
import { CHAT_COPY } from "../../models/chat/copy";
import { FAQ_MESSAGES } from "../../models/chat/gaps";
import { expect, newVisitor, signInAs, test, uniqueName, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

// The gap queue end to end (docs/decisions/0037): a question the site does not
// cover gets "I don't know", the visitor rates it Not helpful, staff answer the
// group in the back-office, and the assistant answers the next visitor's
// question from it, citing its page. Once with JavaScript, once without.

const panel = (page: Page) => page.getByTestId("chat-panel");
const aiMessages = (page: Page) => page.getByTestId("chat-log").locator("[data-type=ai]");

async function ask(page: Page, question: string, javaScriptEnabled: boolean) {
  const before = await aiMessages(page).count();
  await panel(page).getByLabel(CHAT_COPY.inputLabel).fill(question);
  await panel(page).getByRole("button", { name: CHAT_COPY.send }).click();
  await expect(aiMessages(page)).toHaveCount(before + 1);
  if (javaScriptEnabled) await expect(page.getByTestId("chat-typing")).toHaveCount(0);
  return aiMessages(page).last();
}

// The two runs ask about different things: once staff answer one run's
// question, the assistant rightly answers a question worded like it from the
// FAQ entry, whatever the unique word, and the runs go side by side.
const GAPS = [
  {
    javaScriptEnabled: true,
    question: (word: string) => `Can you tune ${word} harpsichords for lighthouses?`,
    answer: (word: string) => `Harpsichords are not something we tune; we build brands (${word}).`,
  },
  {
    javaScriptEnabled: false,
    question: (word: string) => `Do you repaint ${word} canal barges before a regatta?`,
    answer: (word: string) => `Barges are not something we paint; we build brands (${word}).`,
  },
];

for (const gap of GAPS) {
  const { javaScriptEnabled } = gap;
  test(`a gap, rated and answered by staff, is answered from then on (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    // Two visitors, a staff sign-in and up to 30 s of asking until the index has the answer.
    test.setTimeout(90_000);
    const word = uniqueName("zq");
    const question = gap.question(word);
    const answer = gap.answer(word);

    const visitor = await newVisitor(browser, javaScriptEnabled);
    await visitor.goto("/chat");
    if (javaScriptEnabled) await waitForHydration(visitor);
    const unknown = await ask(visitor, question, javaScriptEnabled);
    await expect(unknown).toContainText(CHAT_COPY.unknown);

    const url = visitor.url();
    await unknown.getByRole("button", { name: CHAT_COPY.notHelpful }).click();
    const rated = aiMessages(visitor).last();
    await expect(rated.getByRole("button", { name: CHAT_COPY.notHelpful })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(rated.getByRole("button", { name: CHAT_COPY.helpful, exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect(rated).toContainText(CHAT_COPY.rated);
    // With JavaScript the page stays put; without, the form posts and /chat comes back at the answer.
    if (javaScriptEnabled) expect(visitor.url()).toBe(url);
    else await expect(visitor).toHaveURL(/\/chat#chat-msg-\d+$/);

    const staff = await newVisitor(browser, javaScriptEnabled);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin/chat-gaps" });
    const group = staff.getByTestId("gap-group").filter({ hasText: word });
    await expect(group).toHaveCount(1);
    await expect(group.getByTestId("gap-count")).toHaveText("1");
    await expect(group).toContainText("1 unknown");
    await expect(group).toContainText("1 not helpful");
    await group.getByRole("link", { name: /^Answer/ }).click();
    await expect(staff.getByRole("heading", { name: "Answer a chat gap" })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(staff);
    await expect(staff.getByLabel("Question", { exact: true })).toHaveValue(question);
    await staff.getByLabel("Answer", { exact: true }).fill(answer);
    await staff.getByLabel(/^Link to a page/).fill("/contact#help-support");
    await staff.getByRole("button", { name: "Save the answer" }).click();
    await expect(staff.getByText(FAQ_MESSAGES.answered(1))).toBeVisible();
    await staff.context().close();

    // Each server process reads the content revision every 2 s and rebuilds its index: ask until it
    // answers. The 10 s bound itself is held in tests/integration/chat-gaps.test.ts ("index freshness
    // across processes"); here each ask is a whole page in a browser on a machine the suite keeps busy
    // (a run saw three asks in 10 s, none after the rebuild), so the journey gives it 30 s.
    const deadline = Date.now() + 30_000;
    let reply = await ask(visitor, question, javaScriptEnabled);
    while (!(await reply.textContent())?.includes(answer) && Date.now() < deadline) {
      await visitor.waitForTimeout(1_000);
      reply = await ask(visitor, question, javaScriptEnabled);
    }
    await expect(reply).toContainText(answer);
    await expect(reply.getByRole("link", { name: question })).toHaveAttribute(
      "href",
      "/contact#help-support",
    );
    await visitor.context().close();
  });
}
